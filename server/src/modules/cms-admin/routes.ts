import { declareAuditLabels } from '../shared/audit-labels';
import fastifyMultipart from '@fastify/multipart';
import { cmsAdminCalls, cmsAdminCodes } from '@cotton/sdk/contracts';
import { FILE_ID_PATTERN } from '@cotton/sdk/validators';
import { REGISTER_FILE_MAX_BYTES } from '@cotton/sdk/validators';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppDatabase } from '../../db/client';
import { files } from '../../db/schema/index';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import { sendXlsx } from '../../lib/list/xlsx';
import { authOf, FORBIDDEN_MESSAGE, holds } from '../auth/authenticate';
import { queryContentDetail } from '../cms/service';
import { FILE_MESSAGES, dispositionName } from '../files/service';
import { parseIdList } from '../shared/id-list';
import type { FileSigner } from '../files/signing';
import { CONTENT_TYPES, type SniffedType } from '../files/sniff';
import type { FileStore } from '../files/store';
import {
  addCatalog,
  catalogExport,
  catalogPage,
  deleteCatalog,
  deleteCatalogs,
  getCatalogs,
  updateCatalog,
} from './catalogs';
import {
  addContent,
  contentExport,
  contentPage,
  coverPreview,
  deleteContents,
  getContent,
  setContentStatus,
  updateContent,
  type ContentKind,
} from './contents';
import { CMS_IMAGE_PURPOSE, isPublishedImage, signImages, storeCmsImage } from './images';
import { getSite, updateSite } from './site';

export interface CmsAdminRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

/**
 * 内容管理 (docs/auth.md "Content management"): `/rest/cmsAdmin/…`, and `/file/cms/:id` for its
 * images (a route with a path parameter and its own params schema: registered with `app.get`).
 * The complaints inbox is the complain module's.
 */
export const cmsAdminRoutes: FastifyPluginAsync<CmsAdminRoutesOptions> = async (app, { db, store, signer }) => {
  declareAuditLabels('cms_content', {
    values: {
      status: { '0': '草稿', '1': '已发布', '2': '已撤回' },
      contentType: { ARTICLE: '文章', PICTURE: '轮播图' },
    },
    // One table holds both: a banner's row is named 轮播图, as its page (轮播图管理) is.
    kindOf: (record) =>
      record.contentType === 'PICTURE' ? '轮播图' : record.contentType === 'ARTICLE' ? '文章' : null,
  });
  route(app, cmsAdminCalls.siteDetail, () => getSite(db));
  route(app, cmsAdminCalls.siteUpdate, (request) => updateSite(db, request, request.body));

  route(app, cmsAdminCalls.catalogList, () => getCatalogs(db));
  route(app, cmsAdminCalls.catalogAdd, (request) => addCatalog(db, request, request.body));
  route(app, cmsAdminCalls.catalogUpdate, (request) => updateCatalog(db, request, request.body));
  route(app, cmsAdminCalls.catalogPage, (request) => catalogPage(db, request.body));
  route(app, cmsAdminCalls.catalogDelete, (request) => deleteCatalog(db, request, request.body.id));
  route(app, cmsAdminCalls.catalogDeleteMany, (request) =>
    deleteCatalogs(db, request, parseIdList(request.body.ids, '栏目编号')),
  );
  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, cmsAdminCalls.catalogExport, async (request, reply) => {
    const { columns, batches } = await catalogExport(db, request.body);
    return sendXlsx(reply, {
      filename: '栏目列表.xlsx',
      sheetName: '栏目',
      columns,
      batches,
    });
  });

  // 文章管理 (ARTICLE) and 轮播图管理 (PICTURE): one list over cms_contents, scoped by kind.
  const contentLists = [
    {
      kind: 'ARTICLE' as ContentKind,
      page: cmsAdminCalls.articlePage,
      export: cmsAdminCalls.articleExport,
      file: '文章',
    },
    {
      kind: 'PICTURE' as ContentKind,
      page: cmsAdminCalls.bannerPage,
      export: cmsAdminCalls.bannerExport,
      file: '轮播图',
    },
  ];
  for (const list of contentLists) {
    route(app, list.page, (request) => contentPage(db, signer, list.kind, request.body));
    // A file, not an envelope; a refusal before the first byte is an envelope.
    route(app, list.export, async (request, reply) => {
      const { columns, batches } = await contentExport(db, signer, list.kind, request.body);
      return sendXlsx(reply, {
        filename: `${list.file}列表.xlsx`,
        sheetName: list.file,
        columns,
        batches,
      });
    });
  }
  route(app, cmsAdminCalls.contentDetail, (request) => getContent(db, signer, request.body.id));
  route(app, cmsAdminCalls.contentPreview, async (request) => {
    const detail = await queryContentDetail(db, request.body.id, true);
    return {
      result: {
        ...detail,
        coverUrl: await coverPreview(signer, detail.coverUrl),
        body: await signImages(signer, detail.body),
      },
    };
  });
  route(app, cmsAdminCalls.contentAdd, (request) => addContent(db, request, request.body));
  route(app, cmsAdminCalls.contentUpdate, (request) => updateContent(db, request, request.body));
  route(app, cmsAdminCalls.contentPublish, (request) => setContentStatus(db, request, request.body.ids, '1'));
  route(app, cmsAdminCalls.contentWithdraw, (request) => setContentStatus(db, request, request.body.ids, '2'));
  route(app, cmsAdminCalls.contentDelete, (request) => deleteContents(db, request, request.body.ids));

  // The upload alone parses multipart: one image of at most 10 MB.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fileSize: REGISTER_FILE_MAX_BYTES, fields: 4, fieldNameSize: 64, fieldSize: 256, parts: 5 },
    });
    // 新增 or 修改 content: checked here, a route names one code only.
    route(upload, cmsAdminCalls.imageUpload, async (request) => {
      const auth = authOf(request);
      if (!holds(auth, cmsAdminCodes.contentAdd) && !holds(auth, cmsAdminCodes.contentEdit))
        throw new ApiError('403', FORBIDDEN_MESSAGE);
      if (!request.isMultipart()) throw new ApiError('400', FILE_MESSAGES.noFile);
      const file = await request.file();
      if (!file) throw new ApiError('400', FILE_MESSAGES.noFile);
      return storeCmsImage(db, request, store, signer, file);
    });
  });

  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
    '/file/cms/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 32, pattern: FILE_ID_PATTERN.source }) }),
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
      const shown = row && row.purpose === CMS_IMAGE_PURPOSE && (signed || (await isPublishedImage(db, id)));
      const bytes = shown ? await store.read(row.sha256) : null;
      if (!row || !bytes) throw new ApiError('404', FILE_MESSAGES.unknown);
      return (
        reply
          .header('content-type', CONTENT_TYPES[row.type as SniffedType] ?? 'application/octet-stream')
          .header('content-length', String(row.size))
          .header('content-disposition', `inline; filename*=UTF-8''${dispositionName(row.name)}`)
          .header('x-content-type-options', 'nosniff')
          // Short: a withdrawn article's images stop being served soon after.
          .header('cache-control', signed ? 'private, max-age=600' : 'public, max-age=60')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(bytes)
      );
    },
  );
};
