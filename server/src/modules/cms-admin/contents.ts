import type {
  AddContentBody,
  AdminContentDetail,
  AdminContentRow,
  ListRequest,
  UpdContentBody,
} from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { cmsCatalogs, cmsContents } from '../../db/schema/index';
import { defineList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { htmlToText, safeLinkUrl, sanitizeArticleHtml } from '../cms/sanitize';
import { formatPublishTime, resolveSite } from '../cms/service';
import type { FileSigner } from '../files/signing';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { blankToNull } from '../shared/blank';
import { parseIdList } from '../shared/id-list';
import { holdImages, imageIdsIn, signImages, signedImageUrl, unsignImages } from './images';
import { CMS_ADMIN_MESSAGES } from './shared';

// 内容管理 › 文章管理 (ARTICLE) and 轮播图管理 (PICTURE): one list over cms_contents scoped by
// kind; drafts, publish, withdraw, delete; the covers and bodies signed for the back office.

export const contentList = defineList<AdminContentRow>()({
  table: cmsContents,
  key: cmsContents.id,
  fields: {
    title: {
      label: '标题',
      column: cmsContents.title,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 40 },
    },
    catalogId: { label: '栏目', column: cmsContents.catalogId, type: 'number', filter: 'eq', superQuery: true },
    catalogTitle: { label: '栏目', export: { width: 16 } },
    status: {
      label: '状态',
      column: cmsContents.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => STATUS_NAMES[row.status] ?? row.status },
    },
    author: {
      label: '作者',
      column: cmsContents.author,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 12 },
    },
    sort: {
      label: '排序',
      column: cmsContents.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    coverUrl: { label: '图片', export: { width: 30 } },
    linkUrl: { label: '链接地址', export: { width: 30 } },
    publishTime: {
      label: '发布时间',
      column: cmsContents.publishTime,
      type: 'date',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => formatPublishTime(new Date(row.publishTime)) },
    },
    updateTime: {
      label: '更新时间',
      column: cmsContents.updatedAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => formatPublishTime(new Date(row.updateTime)) },
    },
  },
  defaultSort: { field: 'updateTime', order: 'desc' },
});

export type ContentKind = 'ARTICLE' | 'PICTURE';

/** The contents of one kind in the default site's catalogues (文章管理: ARTICLE, 轮播图管理: PICTURE). */
async function contentScope(db: AppDatabase, kind: ContentKind): Promise<SQL> {
  const site = await resolveSite(db);
  return and(
    eq(cmsContents.contentType, kind),
    inArray(
      cmsContents.catalogId,
      db.select({ id: cmsCatalogs.id }).from(cmsCatalogs).where(eq(cmsCatalogs.siteId, site.id)),
    ),
  )!;
}

const contentColumns = {
  id: cmsContents.id,
  catalogId: cmsContents.catalogId,
  catalogTitle: cmsCatalogs.title,
  title: cmsContents.title,
  contentType: cmsContents.contentType,
  status: cmsContents.status,
  author: cmsContents.author,
  sort: cmsContents.sort,
  coverUrl: cmsContents.coverUrl,
  linkUrl: cmsContents.linkUrl,
  publishTime: cmsContents.publishTime,
  updatedAt: cmsContents.updatedAt,
};

function contentRows(db: AppDatabase, signer: FileSigner) {
  return async (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => {
    const rows = await db
      .select(contentColumns)
      .from(cmsContents)
      .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsContents.catalogId))
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return Promise.all(rows.map((row) => toContentRow(signer, row)));
  };
}

/** Where the back office can show a cover now: an upload's address signed, a site picture as it is. */
export async function coverPreview(signer: FileSigner, coverUrl: string | null): Promise<string | null> {
  if (!coverUrl) return null;
  const [id] = imageIdsIn(coverUrl);
  return id ? signedImageUrl(signer, id) : coverUrl;
}

interface ContentSelectRow {
  id: number;
  catalogId: number;
  catalogTitle: string;
  title: string;
  contentType: string;
  status: string;
  author: string | null;
  sort: number;
  coverUrl: string | null;
  linkUrl: string | null;
  publishTime: Date;
  updatedAt: Date;
}

async function toContentRow(
  signer: FileSigner,
  { updatedAt, publishTime, id, catalogId, ...row }: ContentSelectRow,
): Promise<AdminContentRow> {
  return {
    ...row,
    id: String(id),
    catalogId: String(catalogId),
    coverPreviewUrl: await coverPreview(signer, row.coverUrl),
    publishTime: publishTime.toISOString(),
    updateTime: updatedAt.toISOString(),
  };
}

export async function contentPage(db: AppDatabase, signer: FileSigner, kind: ContentKind, body: ListRequest) {
  return contentList.page<AdminContentRow>(db, body, {
    scope: await contentScope(db, kind),
    rows: contentRows(db, signer),
  });
}

export async function contentExport(
  db: AppDatabase,
  signer: FileSigner,
  kind: ContentKind,
  body: ListRequest & { selections?: string },
) {
  return contentList.exportRows(db, body, {
    scope: await contentScope(db, kind),
    rows: contentRows(db, signer),
  });
}

const STATUS_NAMES: Record<string, string> = { '0': '草稿', '1': '已发布', '2': '已撤回' };

/**
 * 详情: the list's own row (`contentList.detail`, what the list and its export show) with the
 * fields the list leaves out — the summary, the source and the body, its images signed.
 */
export async function getContent(db: AppDatabase, signer: FileSigner, idText: string): Promise<AdminContentDetail> {
  const row = await contentList.detail<AdminContentRow>(db, idText, {
    rows: contentRows(db, signer),
    notFound: CMS_ADMIN_MESSAGES.contentNotFound,
  });
  const [more] = await db
    .select({ summary: cmsContents.summary, source: cmsContents.source, body: cmsContents.body })
    .from(cmsContents)
    .where(eq(cmsContents.id, Number(row.id)));
  if (!more) throw new ApiError('404', CMS_ADMIN_MESSAGES.contentNotFound);
  return { ...row, summary: more.summary, source: more.source, body: await signImages(signer, more.body) };
}

/**
 * The first image of `html` (sanitised, unsigned) the portal's CSP would not show: anything but a
 * path of this site (`/file/cms/<id>`, `/…`) or a `data:` image; null when there is none.
 */
export function externalImageIn(html: string): string | null {
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) {
    const src = match[1].replace(/&amp;/g, '&');
    if (src.startsWith('data:image/')) continue;
    if (/^\/(?![/\\])/.test(src)) continue;
    return src;
  }
  return null;
}

/**
 * The stored form of a content: the body through the article allow-list (what the editor
 * makes passes unchanged; anything else is dropped), image addresses without signatures,
 * the kind its catalogue takes.
 */
async function contentValues(tx: Tx, body: AddContentBody | UpdContentBody) {
  const title = trimmed(body.title);
  if (title === '') throw new ApiError('400', CMS_ADMIN_MESSAGES.titleEmpty);
  const [catalog] = await tx
    .select()
    .from(cmsCatalogs)
    .where(eq(cmsCatalogs.id, Number(body.catalogId)));
  if (!catalog) throw new ApiError('400', CMS_ADMIN_MESSAGES.catalogNotFound);
  const contentType: ContentKind = catalog.catalogType === 'BANNER' ? 'PICTURE' : 'ARTICLE';
  const html = unsignImages(sanitizeArticleHtml(body.body ?? ''));
  let coverUrl = blankToNull(body.coverUrl);
  if (coverUrl !== null) {
    coverUrl = unsignImages(coverUrl);
    // An uploaded image, or a picture of the site itself (the seeded banners').
    if (!/^\/file\/cms\/[0-9a-f]{32}$/.test(coverUrl) && !/^\/(?!\/)[A-Za-z0-9._~/-]{1,255}$/.test(coverUrl))
      throw new ApiError('400', CMS_ADMIN_MESSAGES.coverInvalid);
  }
  if (contentType === 'PICTURE' && coverUrl === null) throw new ApiError('400', CMS_ADMIN_MESSAGES.coverRequired);
  const external = externalImageIn(html);
  if (external !== null) throw new ApiError('400', CMS_ADMIN_MESSAGES.externalImage(external));
  if (contentType === 'ARTICLE' && htmlToText(html) === '' && !html.includes('<img'))
    throw new ApiError('400', CMS_ADMIN_MESSAGES.bodyEmpty);
  const linkText = blankToNull(body.linkUrl);
  const linkUrl = linkText === null ? null : safeLinkUrl(linkText);
  if (linkText !== null && linkUrl === null) throw new ApiError('400', '链接地址应为站内路径（/开头）或 http(s) 地址');
  return {
    values: {
      catalogId: catalog.id,
      title,
      summary: blankToNull(body.summary),
      contentType,
      body: html,
      bodyText: htmlToText(html),
      coverUrl,
      linkUrl,
      author: blankToNull(body.author),
      source: blankToNull(body.source),
      sort: body.sort ?? 0,
      updatedAt: new Date(),
    },
    images: imageIdsIn(`${html} ${coverUrl ?? ''}`),
  };
}

const audited = ({ body, bodyText: _bodyText, ...rest }: Record<string, unknown>) => ({
  ...rest,
  // The body's length, not the body: the audit row stays small.
  bodyLength: typeof body === 'string' ? body.length : undefined,
});

/**
 * 文章管理 and 轮播图管理's add / edit / delete (docs/architecture.md "Admin resources"): one
 * table, the kind set by the catalogue. A content is read `for update`, so two saves at once
 * run one after the other and the body and its image list stay one save's. The audit keeps the
 * body's length, not the body.
 */
export const contentResource = defineAdminResource({
  entity: 'cms_content',
  action: 'cms.content',
  table: cmsContents,
  key: cmsContents.id,
  audited: getTableColumns(cmsContents),
  label: 'title',
  notFound: CMS_ADMIN_MESSAGES.contentNotFound,
  lock: true,
  // 批量删除 (and 发布 / 撤回) of contents gone meanwhile acts on the rest (none left: nothing done).
  missing: 'ignore',
  // 发布 / 撤回 are its status change: `cms.content.publish`, `cms.content.withdraw`.
  status: { field: 'status', verb: (status) => (status === '1' ? 'publish' : 'withdraw') },
});

export async function addContent(db: AppDatabase, request: FastifyRequest, body: AddContentBody) {
  let images: string[] = [];
  const row = await contentResource.add(
    db,
    request,
    async (tx) => {
      const content = await contentValues(tx, body);
      images = content.images;
      return { ...content.values, status: '0', publishTime: new Date() };
    },
    {
      write: async (tx, inserted) => {
        await holdImages(tx, inserted.id, images);
      },
      audit: ({ publishTime: _publishTime, ...values }) => audited(values),
    },
  );
  return { id: String(row.id) };
}

export async function updateContent(db: AppDatabase, request: FastifyRequest, body: UpdContentBody) {
  const id = Number(body.id);
  let images: string[] = [];
  return contentResource.update(
    db,
    request,
    id,
    async (tx, before) => {
      const content = await contentValues(tx, body);
      if (content.values.contentType !== before.contentType) throw new ApiError('400', CMS_ADMIN_MESSAGES.kindMismatch);
      images = content.images;
      return content.values;
    },
    {
      write: async (tx) => {
        await holdImages(tx, id, images);
      },
      audit: (before, after) => ({ before: audited(before), after: audited(after) }),
    },
  );
}

/**
 * 发布 (`'1'`, published now: a draft or a withdrawn one) or 撤回 (`'2'` 已撤回: a published one
 * only, so the list tells it from a draft never published); contents already so, or a draft
 * asked to be withdrawn, are left as they are.
 */
export async function setContentStatus(db: AppDatabase, request: FastifyRequest, idsText: string, status: '1' | '2') {
  const now = new Date();
  return contentResource.setStatus(db, request, parseIdList(idsText, '内容编号'), status, {
    changes: (row) => (status === '1' ? row.status !== '1' : row.status === '1'),
    values: () => (status === '1' ? { publishTime: now, updatedAt: now } : { updatedAt: now }),
    audit: ({ id, title, contentType, status: before }) => {
      const row = { id, title, contentType, status: before };
      return { before: row, after: { ...row, status } };
    },
  });
}

export async function deleteContents(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return contentResource.remove(db, request, parseIdList(idsText, '内容编号'), {
    // A catalogue showing one of them (CONTENT_LINK) shows nothing rather than a missing content.
    write: async (tx, rows) => {
      await tx
        .update(cmsCatalogs)
        .set({ contentId: null })
        .where(
          inArray(
            cmsCatalogs.contentId,
            rows.map((row) => row.id),
          ),
        );
    },
    audit: async (_tx, rows) => rows.map(audited),
  });
}
