import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REGISTER_FILE_MAX_BYTES } from '@cotton/sdk/validators';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppDatabase } from '../../db/client';
import { files } from '../../db/schema/index';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ApiError, ok } from '../../http/envelope';
import { queryContentDetail } from '../cms/service';
import { FILE_MESSAGES, dispositionName } from '../files/service';
import type { FileSigner } from '../files/signing';
import { CONTENT_TYPES, type SniffedType } from '../files/sniff';
import type { FileStore } from '../files/store';
import { authOf, FORBIDDEN_MESSAGE, holds } from '../auth/authenticate';
import {
  CMS_IMAGE_ADD_PERMISSION,
  CMS_IMAGE_EDIT_PERMISSION,
  CMS_IMAGE_PURPOSE,
  isPublishedImage,
  signImages,
  storeCmsImage,
} from './images';
import {
  AddCatalogBody,
  AddContentBody,
  AddedResponse,
  AdminCatalogsResponse,
  AdminComplaintPageResponse,
  AdminComplaintResponse,
  AdminContentDetailResponse,
  AdminContentPageResponse,
  AdminSiteResponse,
  CmsImageResponse,
  ContentIdBody,
  ContentIdsBody,
  DelCatalogBody,
  DeletedResponse,
  EmptyBody,
  HandleComplainBody,
  ListExportBody,
  ListRequest,
  PreviewContentResponse,
  SaveSiteBody,
  UpdatedResponse,
  UpdCatalogBody,
  UpdContentBody,
} from './schema';
import {
  addCatalog,
  addContent,
  CMS_PERMISSIONS as P,
  COMPLAINT_EXPORT_COLUMNS,
  complaintExport,
  complaintPage,
  CONTENT_EXPORT_COLUMNS,
  contentExport,
  contentPage,
  coverPreview,
  deleteCatalog,
  deleteContents,
  getCatalogs,
  getContent,
  getSite,
  handleComplaint,
  setContentStatus,
  updateCatalog,
  updateContent,
  updateSite,
  type ContentKind,
} from './service';

export interface CmsAdminRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

/** 内容管理 (docs/auth.md "Content management"): `/rest/cmsAdmin/…`, and `/file/cms/:id` for its images. */
export const cmsAdminRoutes: FastifyPluginAsyncTypebox<CmsAdminRoutesOptions> = async (app, { db, store, signer }) => {
  app.post(
    '/rest/cmsAdmin/getSite',
    { config: { permission: P.siteList }, schema: { body: EmptyBody, response: { 200: AdminSiteResponse } } },
    async () => ok(await getSite(db)),
  );
  app.post(
    '/rest/cmsAdmin/updSite',
    { config: { permission: P.siteEdit }, schema: { body: SaveSiteBody, response: { 200: AdminSiteResponse } } },
    async (request) => ok(await updateSite(db, request, request.body)),
  );

  app.post(
    '/rest/cmsAdmin/getCatalogs',
    { config: { permission: P.catalogList }, schema: { body: EmptyBody, response: { 200: AdminCatalogsResponse } } },
    async () => ok(await getCatalogs(db)),
  );
  app.post(
    '/rest/cmsAdmin/addCatalog',
    { config: { permission: P.catalogAdd }, schema: { body: AddCatalogBody, response: { 200: AddedResponse } } },
    async (request) => ok(await addCatalog(db, request, request.body)),
  );
  app.post(
    '/rest/cmsAdmin/updCatalog',
    { config: { permission: P.catalogEdit }, schema: { body: UpdCatalogBody, response: { 200: UpdatedResponse } } },
    async (request) => ok(await updateCatalog(db, request, request.body)),
  );
  app.post(
    '/rest/cmsAdmin/delCatalog',
    { config: { permission: P.catalogDelete }, schema: { body: DelCatalogBody, response: { 200: DeletedResponse } } },
    async (request) => ok(await deleteCatalog(db, request, request.body.id)),
  );

  // 文章管理 (ARTICLE) and 轮播图管理 (PICTURE): one list over cms_contents, scoped by kind.
  const contentLists: Array<{ kind: ContentKind; page: string; exportUrl: string; file: string }> = [
    { kind: 'ARTICLE', page: '/rest/cmsAdmin/getContentPage', exportUrl: '/rest/cmsAdmin/exportContent', file: '文章' },
    { kind: 'PICTURE', page: '/rest/cmsAdmin/getBannerPage', exportUrl: '/rest/cmsAdmin/exportBanner', file: '轮播图' },
  ];
  for (const list of contentLists) {
    app.post(
      list.page,
      {
        config: { permission: P.contentList },
        schema: { body: ListRequest, response: { 200: AdminContentPageResponse } },
      },
      async (request) => ok(await contentPage(db, signer, list.kind, request.body)),
    );
    app.post(
      list.exportUrl,
      // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
      { config: { permission: P.contentList }, schema: { body: ListExportBody } },
      async (request, reply) => {
        const { columns, batches } = await contentExport(db, signer, list.kind, request.body);
        return sendXlsx(reply, {
          filename: `${list.file}列表.xlsx`,
          sheetName: list.file,
          columns: pickColumns(CONTENT_EXPORT_COLUMNS, columns),
          batches,
        });
      },
    );
  }
  app.post(
    '/rest/cmsAdmin/getContent',
    {
      config: { permission: P.contentList },
      schema: { body: ContentIdBody, response: { 200: AdminContentDetailResponse } },
    },
    async (request) => ok(await getContent(db, signer, request.body.id)),
  );
  app.post(
    '/rest/cmsContent/previewContent',
    // The content as /service would show it, drafts included; its images signed for the viewer.
    {
      config: { permission: P.contentList },
      schema: { body: ContentIdBody, response: { 200: PreviewContentResponse } },
    },
    async (request) => {
      const detail = await queryContentDetail(db, request.body.id, true);
      return ok({
        result: {
          ...detail,
          coverUrl: await coverPreview(signer, detail.coverUrl),
          body: await signImages(signer, detail.body),
        },
      });
    },
  );
  app.post(
    '/rest/cmsAdmin/addContent',
    { config: { permission: P.contentAdd }, schema: { body: AddContentBody, response: { 200: AddedResponse } } },
    async (request) => ok(await addContent(db, request, request.body)),
  );
  app.post(
    '/rest/cmsAdmin/updContent',
    { config: { permission: P.contentEdit }, schema: { body: UpdContentBody, response: { 200: UpdatedResponse } } },
    async (request) => ok(await updateContent(db, request, request.body)),
  );
  app.post(
    '/rest/cmsAdmin/publishContent',
    { config: { permission: P.contentPublish }, schema: { body: ContentIdsBody, response: { 200: UpdatedResponse } } },
    async (request) => ok(await setContentStatus(db, request, request.body.ids, '1')),
  );
  app.post(
    '/rest/cmsAdmin/withdrawContent',
    { config: { permission: P.contentPublish }, schema: { body: ContentIdsBody, response: { 200: UpdatedResponse } } },
    async (request) => ok(await setContentStatus(db, request, request.body.ids, '0')),
  );
  app.post(
    '/rest/cmsAdmin/delContent',
    { config: { permission: P.contentDelete }, schema: { body: ContentIdsBody, response: { 200: DeletedResponse } } },
    async (request) => ok(await deleteContents(db, request, request.body.ids)),
  );

  app.post(
    '/rest/cmsAdmin/getComplainPage',
    {
      config: { permission: P.complainList },
      schema: { body: ListRequest, response: { 200: AdminComplaintPageResponse } },
    },
    async (request) => ok(await complaintPage(db, request.body)),
  );
  app.post(
    '/rest/cmsAdmin/exportComplain',
    { config: { permission: P.complainList }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await complaintExport(db, request.body);
      return sendXlsx(reply, {
        filename: '投诉建议.xlsx',
        sheetName: '投诉建议',
        columns: pickColumns(COMPLAINT_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );
  app.post(
    '/rest/cmsAdmin/handleComplain',
    {
      config: { permission: P.complainHandle },
      schema: { body: HandleComplainBody, response: { 200: AdminComplaintResponse } },
    },
    async (request) => ok(await handleComplaint(db, request, request.body)),
  );

  // The upload alone parses multipart: one image of at most 10 MB.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fileSize: REGISTER_FILE_MAX_BYTES, fields: 4, fieldNameSize: 64, fieldSize: 256, parts: 5 },
    });
    upload.post(
      '/rest/cmsAdmin/uploadImage',
      // 新增 or 修改 content: checked here, a route names one code only.
      { config: { permission: null }, schema: { response: { 200: CmsImageResponse } } },
      async (request) => {
        const auth = authOf(request);
        if (!holds(auth, CMS_IMAGE_ADD_PERMISSION) && !holds(auth, CMS_IMAGE_EDIT_PERMISSION))
          throw new ApiError('403', FORBIDDEN_MESSAGE);
        if (!request.isMultipart()) throw new ApiError('400', FILE_MESSAGES.noFile);
        const file = await request.file();
        if (!file) throw new ApiError('400', FILE_MESSAGES.noFile);
        return ok(await storeCmsImage(db, request, store, signer, file));
      },
    );
  });

  app.get(
    '/file/cms/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 32, pattern: '^[0-9a-f]{32}$' }) }),
        querystring: Type.Object({
          exp: Type.Optional(Type.String({ maxLength: 13 })),
          sig: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { exp, sig } = request.query;
      const signed = exp !== undefined && sig !== undefined && (await signer.isPreview(id, exp, sig));
      const [row] = await db.select().from(files).where(eq(files.id, id));
      if (
        !row ||
        row.purpose !== CMS_IMAGE_PURPOSE ||
        !(signed || (await isPublishedImage(db, id))) ||
        !(await store.exists(row.sha256))
      )
        throw new ApiError('404', FILE_MESSAGES.unknown);
      return (
        reply
          .header('content-type', CONTENT_TYPES[row.type as SniffedType] ?? 'application/octet-stream')
          .header('content-length', String(row.size))
          .header('content-disposition', `inline; filename*=UTF-8''${dispositionName(row.name)}`)
          .header('x-content-type-options', 'nosniff')
          // Short: a withdrawn article's images stop being served soon after.
          .header('cache-control', signed ? 'private, max-age=600' : 'public, max-age=60')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(store.open(row.sha256))
      );
    },
  );
};
