import { request } from '@cotton/sdk';
import type {
  AddCatalogBody,
  AddContentBody,
  AdminCatalogs,
  AdminComplaintRow,
  AdminContentDetail,
  AdminSite,
  CmsImageUploaded,
  ContentDetail,
  HandleComplainBody,
  SaveSiteBody,
  UpdCatalogBody,
  UpdContentBody,
} from '@cotton/sdk';

// 内容管理 (docs/auth.md "Content management"); the shapes are the wire contracts of
// `@cotton/sdk` (sdk/src/contracts/cms-admin.ts).

export const CMS_URLS = {
  getSite: '/rest/cmsAdmin/getSite',
  updSite: '/rest/cmsAdmin/updSite',
  getCatalogs: '/rest/cmsAdmin/getCatalogs',
  addCatalog: '/rest/cmsAdmin/addCatalog',
  updCatalog: '/rest/cmsAdmin/updCatalog',
  delCatalog: '/rest/cmsAdmin/delCatalog',
  contentPage: '/rest/cmsAdmin/getContentPage',
  contentExport: '/rest/cmsAdmin/exportContent',
  bannerPage: '/rest/cmsAdmin/getBannerPage',
  bannerExport: '/rest/cmsAdmin/exportBanner',
  getContent: '/rest/cmsAdmin/getContent',
  addContent: '/rest/cmsAdmin/addContent',
  updContent: '/rest/cmsAdmin/updContent',
  publish: '/rest/cmsAdmin/publishContent',
  withdraw: '/rest/cmsAdmin/withdrawContent',
  delContent: '/rest/cmsAdmin/delContent',
  preview: '/rest/cmsContent/previewContent',
  uploadImage: '/rest/cmsAdmin/uploadImage',
  complainPage: '/rest/cmsAdmin/getComplainPage',
  complainExport: '/rest/cmsAdmin/exportComplain',
  handleComplain: '/rest/cmsAdmin/handleComplain',
} as const;

export const CMS_PERMISSIONS = {
  siteEdit: 'cms:site:edit',
  catalogAdd: 'cms:catalog:add',
  catalogEdit: 'cms:catalog:edit',
  catalogDelete: 'cms:catalog:delete',
  contentList: 'cms:content:list',
  contentAdd: 'cms:content:add',
  contentEdit: 'cms:content:edit',
  contentDelete: 'cms:content:delete',
  contentPublish: 'cms:content:publish',
  complainHandle: 'cms:complain:handle',
} as const;

export const getSite = () => request.post<AdminSite>(CMS_URLS.getSite, {});
export const updateSite = (body: SaveSiteBody) => request.post<AdminSite>(CMS_URLS.updSite, body);

export const getCatalogs = () => request.post<AdminCatalogs>(CMS_URLS.getCatalogs, {});
export const addCatalog = (body: AddCatalogBody) => request.post<{ id: string }>(CMS_URLS.addCatalog, body);
export const updateCatalog = (body: UpdCatalogBody) => request.post<unknown>(CMS_URLS.updCatalog, body);
export const deleteCatalog = (id: string) => request.post<unknown>(CMS_URLS.delCatalog, { id });

export const getContent = (id: string) => request.post<AdminContentDetail>(CMS_URLS.getContent, { id });
export const addContent = (body: AddContentBody) => request.post<{ id: string }>(CMS_URLS.addContent, body);
export const updateContent = (body: UpdContentBody) => request.post<unknown>(CMS_URLS.updContent, body);
export const publishContents = (ids: string[]) =>
  request.post<{ updated: number }>(CMS_URLS.publish, { ids: ids.join(',') });
export const withdrawContents = (ids: string[]) =>
  request.post<{ updated: number }>(CMS_URLS.withdraw, { ids: ids.join(',') });
export const previewContent = (id: string) => request.post<{ result: ContentDetail }>(CMS_URLS.preview, { id });

/** One image (PNG or JPEG, checked by its bytes on the server) for an article or a banner. */
export function uploadImage(file: File): Promise<CmsImageUploaded> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request.upload<CmsImageUploaded>(CMS_URLS.uploadImage, form);
}

export const handleComplaint = (body: HandleComplainBody) =>
  request.post<AdminComplaintRow>(CMS_URLS.handleComplain, body);
