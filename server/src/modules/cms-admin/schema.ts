import {
  AdminCatalogs,
  AdminComplaintPage,
  AdminComplaintRow,
  AdminContentDetail,
  AdminContentPage,
  AdminSite,
  CmsImageUploaded,
  ContentDetailResult,
  Envelope,
  ListDeleted,
} from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 内容管理: the wire contracts (sdk/src/contracts/cms-admin.ts, list.ts).
export {
  AddCatalogBody,
  AddContentBody,
  ContentIdBody,
  ContentIdsBody,
  DelCatalogBody,
  EmptyBody,
  HandleComplainBody,
  ListExportBody,
  ListRequest,
  SaveSiteBody,
  UpdCatalogBody,
  UpdContentBody,
} from '@cotton/sdk/contracts';

export const AdminSiteResponse = Envelope(AdminSite);
export const AdminCatalogsResponse = Envelope(AdminCatalogs);
export const AdminContentPageResponse = Envelope(AdminContentPage);
export const AdminContentDetailResponse = Envelope(AdminContentDetail);
export const PreviewContentResponse = Envelope(ContentDetailResult);
export const AdminComplaintPageResponse = Envelope(AdminComplaintPage);
export const AdminComplaintResponse = Envelope(AdminComplaintRow);
export const CmsImageResponse = Envelope(CmsImageUploaded);
export const AddedResponse = Envelope(Type.Object({ id: Type.String() }));
export const UpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
export const DeletedResponse = Envelope(ListDeleted);
