import type {
  AddCatalogBody,
  AddContentBody,
  AdminCatalogRow,
  AdminComplaintRow,
  AdminContentDetail,
  AdminContentRow,
  AdminSite,
  HandleComplainBody,
  ListRequest,
  SaveSiteBody,
  UpdCatalogBody,
  UpdContentBody,
} from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { cmsCatalogs, cmsContents, cmsSites, complaints } from '../../db/schema/index';
import { defineList } from '../../lib/list/index';
import type { XlsxColumn } from '../../lib/list/xlsx';
import { ApiError } from '../../http/envelope';
import { htmlToText, safeLinkUrl, sanitizeArticleHtml } from '../cms/sanitize';
import { formatPublishTime, resolveSite } from '../cms/service';
import { MAX_CATALOG_DEPTH } from '../cms/schema';
import type { FileSigner } from '../files/signing';
import { recordAudit } from '../shared/audit';
import { parseIdList } from '../shared/id-list';
import { holdImages, imageIdsIn, signImages, signedImageUrl, unsignImages } from './images';

/**
 * 内容管理 (docs/architecture.md "Content management and complaints", admin part; docs/auth.md
 * "Content management"): the default site's display fields, its catalogue tree, its articles
 * and banners (drafts, publish, withdraw, preview) and the complaints inbox. The public calls
 * (modules/cms) read the tables on every call, so a change shows at the next visit.
 */

export const CMS_PERMISSIONS = {
  siteList: 'cms:site:list',
  siteEdit: 'cms:site:edit',
  catalogList: 'cms:catalog:list',
  catalogAdd: 'cms:catalog:add',
  catalogEdit: 'cms:catalog:edit',
  catalogDelete: 'cms:catalog:delete',
  contentList: 'cms:content:list',
  contentAdd: 'cms:content:add',
  contentEdit: 'cms:content:edit',
  contentDelete: 'cms:content:delete',
  contentPublish: 'cms:content:publish',
  complainList: 'cms:complain:list',
  complainHandle: 'cms:complain:handle',
} as const;

export const CMS_ADMIN_MESSAGES = {
  siteNameEmpty: '请输入站点名称',
  displayNameEmpty: '请输入显示名称',
  catalogNotFound: '栏目不存在或已删除',
  parentNotFound: '上级栏目不存在',
  codeTaken: '该栏目编码已被使用，请更换',
  titleEmpty: '请输入标题',
  catalogTitleEmpty: '请输入栏目名称',
  tooDeep: `栏目最多 ${MAX_CATALOG_DEPTH} 级`,
  underItself: '不能把栏目移到它自己或它的下级栏目之下',
  hasChildren: (title: string) => `栏目「${title}」还有下级栏目，请先删除或移走下级栏目`,
  hasContents: (title: string, total: number) => `栏目「${title}」还有 ${total} 条内容，请先删除或移走这些内容`,
  contentNotFound: '内容不存在或已删除',
  coverRequired: '请上传轮播图图片',
  coverInvalid: '图片地址不正确，请重新上传',
  bodyEmpty: '请输入正文',
  kindMismatch: '轮播图只能放在轮播图栏目中，文章只能放在文章栏目中',
  complaintNotFound: '投诉建议不存在',
  replyRequired: '请输入答复内容',
  alreadyAnswered: '该投诉建议已答复，不能再更改',
  alreadyHandling: '该投诉建议已在处理中',
} as const;

type Tx = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
type CatalogRow = typeof cmsCatalogs.$inferSelect;

const blankToNull = (value: string | null | undefined) => {
  const text = trimmed(value ?? '');
  return text === '' ? null : text;
};

// ---------------------------------------------------------------------------------------
// 站点设置

function toAdminSite(row: typeof cmsSites.$inferSelect): AdminSite {
  return {
    id: String(row.id),
    siteCode: row.code,
    name: row.name,
    displayName: row.displayName,
    copyright: row.copyright,
    filingNumber: row.filingNumber,
    servicePhone: row.servicePhone,
    hotlines: row.hotlines,
    friendlyLinks: row.friendlyLinks,
  };
}

export async function getSite(db: AppDatabase): Promise<AdminSite> {
  return toAdminSite(await resolveSite(db));
}

export async function updateSite(db: AppDatabase, request: FastifyRequest, body: SaveSiteBody): Promise<AdminSite> {
  const name = trimmed(body.name);
  const displayName = trimmed(body.displayName);
  if (name === '') throw new ApiError('400', CMS_ADMIN_MESSAGES.siteNameEmpty);
  if (displayName === '') throw new ApiError('400', CMS_ADMIN_MESSAGES.displayNameEmpty);
  const friendlyLinks = body.friendlyLinks.map((link) => {
    const url = safeLinkUrl(link.url);
    const title = trimmed(link.title);
    if (!url || title === '') throw new ApiError('400', `友情链接「${title || link.url}」的名称或地址不正确`);
    return { title, url };
  });
  const hotlines = body.hotlines.map((line) => {
    const label = trimmed(line.label);
    if (label === '') throw new ApiError('400', '请输入热线名称');
    return { label, phone: trimmed(line.phone) };
  });
  const fields = {
    name,
    displayName,
    copyright: trimmed(body.copyright),
    filingNumber: trimmed(body.filingNumber),
    servicePhone: trimmed(body.servicePhone),
    hotlines,
    friendlyLinks,
  };
  const site = await resolveSite(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(cmsSites).set(fields).where(eq(cmsSites.id, site.id)).returning();
    await recordAudit(tx, request, {
      action: 'cms.site.update',
      entity: 'cms_site',
      entityId: site.id,
      before: toAdminSite(site),
      after: toAdminSite(row),
    });
    return toAdminSite(row);
  });
}

// ---------------------------------------------------------------------------------------
// 栏目管理

async function siteCatalogs(db: AppDatabase | Tx, siteId: number): Promise<CatalogRow[]> {
  return db
    .select()
    .from(cmsCatalogs)
    .where(eq(cmsCatalogs.siteId, siteId))
    .orderBy(asc(cmsCatalogs.sort), asc(cmsCatalogs.id));
}

/** Depth of `id` (a top-level catalogue is 1) and the height of its subtree (a leaf is 1). */
function shape(rows: CatalogRow[], id: number) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let depth = 0;
  for (let current = byId.get(id); current && depth <= 64; current = byId.get(current.parentId ?? -1)) depth++;
  const below = (parent: number, seen: number): number =>
    seen > 64
      ? seen
      : Math.max(0, ...rows.filter((row) => row.parentId === parent).map((row) => below(row.id, seen + 1))) + 1;
  const descendants = new Set<number>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.shift()!;
    descendants.add(next);
    for (const row of rows) if (row.parentId === next && !descendants.has(row.id)) queue.push(row.id);
  }
  return { depth, height: below(id, 1), descendants };
}

export async function getCatalogs(db: AppDatabase): Promise<{ catalogs: AdminCatalogRow[] }> {
  const site = await resolveSite(db);
  const rows = await siteCatalogs(db, site.id);
  const counts = await db
    .select({ catalogId: cmsContents.catalogId, total: count() })
    .from(cmsContents)
    .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsContents.catalogId))
    .where(eq(cmsCatalogs.siteId, site.id))
    .groupBy(cmsContents.catalogId);
  const totals = new Map(counts.map((row) => [row.catalogId, row.total]));
  // Parents before children, siblings in their order.
  const ordered: CatalogRow[] = [];
  const visit = (parentId: number | null) => {
    for (const row of rows.filter((item) => item.parentId === parentId)) {
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return {
    catalogs: ordered.map((row) => ({
      id: String(row.id),
      parentId: row.parentId === null ? null : String(row.parentId),
      code: row.code,
      title: row.title,
      catalogType: row.catalogType,
      sort: row.sort,
      visible: row.visible,
      description: row.description,
      contentCount: totals.get(row.id) ?? 0,
    })),
  };
}

function catalogFieldsOf(body: AddCatalogBody | UpdCatalogBody) {
  const title = trimmed(body.title);
  if (title === '') throw new ApiError('400', CMS_ADMIN_MESSAGES.catalogTitleEmpty);
  return {
    title,
    sort: body.sort ?? 0,
    visible: body.visible ?? true,
    description: blankToNull(body.description),
  };
}

export async function addCatalog(db: AppDatabase, request: FastifyRequest, body: AddCatalogBody) {
  const code = body.code.trim();
  const fields = catalogFieldsOf(body);
  const site = await resolveSite(db);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: cmsCatalogs.id })
      .from(cmsCatalogs)
      .where(sql`lower(${cmsCatalogs.code}) = lower(${code})`)
      .limit(1);
    if (taken) throw new ApiError('400', CMS_ADMIN_MESSAGES.codeTaken);
    const rows = await siteCatalogs(tx, site.id);
    const parentId = body.parentId ? Number(body.parentId) : null;
    const parent = parentId === null ? null : rows.find((row) => row.id === parentId);
    if (parentId !== null && !parent) throw new ApiError('400', CMS_ADMIN_MESSAGES.parentNotFound);
    if (parent && shape(rows, parent.id).depth + 1 > MAX_CATALOG_DEPTH)
      throw new ApiError('400', CMS_ADMIN_MESSAGES.tooDeep);
    const values = {
      siteId: site.id,
      parentId,
      code,
      catalogType: body.catalogType,
      ...fields,
      // A new column is shown by the page its parent is shown by (/service for 服务中心's).
      templateCode: parent?.templateCode ?? null,
      templateName: parent?.templateName ?? null,
      componentPath: parent?.componentPath ?? null,
    };
    const [row] = await tx.insert(cmsCatalogs).values(values).returning({ id: cmsCatalogs.id });
    await recordAudit(tx, request, {
      action: 'cms.catalog.add',
      entity: 'cms_catalog',
      entityId: row.id,
      after: values,
    });
    return { id: String(row.id) };
  });
}

export async function updateCatalog(db: AppDatabase, request: FastifyRequest, body: UpdCatalogBody) {
  const id = Number(body.id);
  const fields = catalogFieldsOf(body);
  const site = await resolveSite(db);
  return db.transaction(async (tx) => {
    const rows = await siteCatalogs(tx, site.id);
    const before = rows.find((row) => row.id === id);
    if (!before) throw new ApiError('404', CMS_ADMIN_MESSAGES.catalogNotFound);
    const parentId = body.parentId === undefined ? before.parentId : body.parentId ? Number(body.parentId) : null;
    if (parentId !== before.parentId && parentId !== null) {
      const parent = rows.find((row) => row.id === parentId);
      if (!parent) throw new ApiError('400', CMS_ADMIN_MESSAGES.parentNotFound);
      const moved = shape(rows, id);
      if (moved.descendants.has(parentId)) throw new ApiError('400', CMS_ADMIN_MESSAGES.underItself);
      if (shape(rows, parentId).depth + moved.height > MAX_CATALOG_DEPTH)
        throw new ApiError('400', CMS_ADMIN_MESSAGES.tooDeep);
    }
    await tx
      .update(cmsCatalogs)
      .set({ ...fields, parentId })
      .where(eq(cmsCatalogs.id, id));
    await recordAudit(tx, request, {
      action: 'cms.catalog.update',
      entity: 'cms_catalog',
      entityId: id,
      before,
      after: { ...before, ...fields, parentId },
    });
    return { updated: 1 };
  });
}

export async function deleteCatalog(db: AppDatabase, request: FastifyRequest, idText: string) {
  const id = Number(idText);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(cmsCatalogs).where(eq(cmsCatalogs.id, id));
    if (!before) throw new ApiError('404', CMS_ADMIN_MESSAGES.catalogNotFound);
    const [child] = await tx
      .select({ id: cmsCatalogs.id })
      .from(cmsCatalogs)
      .where(eq(cmsCatalogs.parentId, id))
      .limit(1);
    if (child) throw new ApiError('400', CMS_ADMIN_MESSAGES.hasChildren(before.title));
    const [{ total }] = await tx.select({ total: count() }).from(cmsContents).where(eq(cmsContents.catalogId, id));
    if (total > 0) throw new ApiError('400', CMS_ADMIN_MESSAGES.hasContents(before.title, total));
    await tx.delete(cmsCatalogs).where(eq(cmsCatalogs.id, id));
    await recordAudit(tx, request, { action: 'cms.catalog.delete', entity: 'cms_catalog', entityId: id, before });
    return { deleted: 1 };
  });
}

// ---------------------------------------------------------------------------------------
// 文章管理, 轮播图管理

export const contentList = defineList({
  table: cmsContents,
  key: cmsContents.id,
  fields: {
    title: { label: '标题', column: cmsContents.title, type: 'text', filter: 'like', sortable: true, superQuery: true },
    catalogId: { label: '栏目', column: cmsContents.catalogId, type: 'number', filter: 'eq', superQuery: true },
    status: { label: '状态', column: cmsContents.status, type: 'code', filter: 'eq', superQuery: true },
    author: { label: '作者', column: cmsContents.author, type: 'text', filter: 'like', superQuery: true },
    sort: { label: '排序', column: cmsContents.sort, type: 'number', sortable: true, superQuery: true },
    publishTime: {
      label: '发布时间',
      column: cmsContents.publishTime,
      type: 'date',
      filter: 'eq',
      sortable: true,
      superQuery: true,
    },
    updateTime: { label: '更新时间', column: cmsContents.updatedAt, type: 'date', sortable: true, superQuery: true },
  },
  defaultSort: { field: 'updateTime', order: 'desc' },
  columns: {
    title: '标题',
    catalogTitle: '栏目',
    status: '状态',
    author: '作者',
    sort: '排序',
    coverUrl: '图片',
    linkUrl: '链接地址',
    publishTime: '发布时间',
    updateTime: '更新时间',
  },
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
  return contentList.exportRows<AdminContentRow>(db, body, {
    scope: await contentScope(db, kind),
    rows: contentRows(db, signer),
  });
}

const STATUS_NAMES: Record<string, string> = { '0': '草稿', '1': '已发布' };

export const CONTENT_EXPORT_COLUMNS: Array<XlsxColumn<AdminContentRow>> = [
  { field: 'title', header: '标题', width: 40, value: (row) => row.title },
  { field: 'catalogTitle', header: '栏目', width: 16, value: (row) => row.catalogTitle },
  { field: 'status', header: '状态', width: 8, value: (row) => STATUS_NAMES[row.status] ?? row.status },
  { field: 'author', header: '作者', width: 12, value: (row) => row.author },
  { field: 'sort', header: '排序', width: 8, value: (row) => row.sort },
  { field: 'coverUrl', header: '图片', width: 30, value: (row) => row.coverUrl },
  { field: 'linkUrl', header: '链接地址', width: 30, value: (row) => row.linkUrl },
  { field: 'publishTime', header: '发布时间', width: 20, value: (row) => formatPublishTime(new Date(row.publishTime)) },
  { field: 'updateTime', header: '更新时间', width: 20, value: (row) => formatPublishTime(new Date(row.updateTime)) },
];

async function contentById(db: AppDatabase | Tx, id: number) {
  const [row] = await db
    .select({ ...contentColumns, summary: cmsContents.summary, source: cmsContents.source, body: cmsContents.body })
    .from(cmsContents)
    .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsContents.catalogId))
    .where(eq(cmsContents.id, id));
  return row;
}

export async function getContent(db: AppDatabase, signer: FileSigner, idText: string): Promise<AdminContentDetail> {
  const row = await contentById(db, Number(idText));
  if (!row) throw new ApiError('404', CMS_ADMIN_MESSAGES.contentNotFound);
  const { summary, source, body, ...rest } = row;
  return { ...(await toContentRow(signer, rest)), summary, source, body: await signImages(signer, body) };
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

export async function addContent(db: AppDatabase, request: FastifyRequest, body: AddContentBody) {
  return db.transaction(async (tx) => {
    const { values, images } = await contentValues(tx, body);
    const [row] = await tx
      .insert(cmsContents)
      .values({ ...values, status: '0', publishTime: new Date() })
      .returning({ id: cmsContents.id });
    await holdImages(tx, row.id, images);
    await recordAudit(tx, request, {
      action: 'cms.content.add',
      entity: 'cms_content',
      entityId: row.id,
      after: audited({ ...values, status: '0' }),
    });
    return { id: String(row.id) };
  });
}

export async function updateContent(db: AppDatabase, request: FastifyRequest, body: UpdContentBody) {
  const id = Number(body.id);
  return db.transaction(async (tx) => {
    // Locked: two saves at once run one after the other, so the body and its image list stay one save's.
    const [before] = await tx.select().from(cmsContents).where(eq(cmsContents.id, id)).for('update');
    if (!before) throw new ApiError('404', CMS_ADMIN_MESSAGES.contentNotFound);
    const { values, images } = await contentValues(tx, body);
    if (values.contentType !== before.contentType) throw new ApiError('400', CMS_ADMIN_MESSAGES.kindMismatch);
    await tx.update(cmsContents).set(values).where(eq(cmsContents.id, id));
    await holdImages(tx, id, images);
    await recordAudit(tx, request, {
      action: 'cms.content.update',
      entity: 'cms_content',
      entityId: id,
      before: audited(before),
      after: audited({ ...before, ...values }),
    });
    return { updated: 1 };
  });
}

/** 发布 (`'1'`, published now) or 撤回 (`'0'`); contents already so are left as they are. */
export async function setContentStatus(db: AppDatabase, request: FastifyRequest, idsText: string, status: '0' | '1') {
  const ids = parseIdList(idsText, '内容编号');
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: cmsContents.id, title: cmsContents.title, status: cmsContents.status })
      .from(cmsContents)
      .where(and(inArray(cmsContents.id, ids), ne(cmsContents.status, status)));
    if (rows.length === 0) return { updated: 0 };
    const now = new Date();
    await tx
      .update(cmsContents)
      .set(status === '1' ? { status, publishTime: now, updatedAt: now } : { status, updatedAt: now })
      .where(
        inArray(
          cmsContents.id,
          rows.map((row) => row.id),
        ),
      );
    for (const row of rows) {
      await recordAudit(tx, request, {
        action: status === '1' ? 'cms.content.publish' : 'cms.content.withdraw',
        entity: 'cms_content',
        entityId: row.id,
        before: row,
        after: { ...row, status },
      });
    }
    return { updated: rows.length };
  });
}

export async function deleteContents(db: AppDatabase, request: FastifyRequest, idsText: string) {
  const ids = parseIdList(idsText, '内容编号');
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(cmsContents).where(inArray(cmsContents.id, ids));
    if (rows.length === 0) return { deleted: 0 };
    // A catalogue showing one of them (CONTENT_LINK) shows nothing rather than a missing content.
    await tx.update(cmsCatalogs).set({ contentId: null }).where(inArray(cmsCatalogs.contentId, ids));
    await tx.delete(cmsContents).where(inArray(cmsContents.id, ids));
    for (const row of rows) {
      await recordAudit(tx, request, {
        action: 'cms.content.delete',
        entity: 'cms_content',
        entityId: row.id,
        before: audited(row),
      });
    }
    return { deleted: rows.length };
  });
}

// ---------------------------------------------------------------------------------------
// 投诉建议

export const complaintList = defineList({
  table: complaints,
  key: complaints.id,
  fields: {
    name: { label: '姓名', column: complaints.name, type: 'text', filter: 'like', sortable: true, superQuery: true },
    phone: { label: '联系电话', column: complaints.phone, type: 'text', filter: 'like', superQuery: true },
    complaintType: { label: '类型', column: complaints.complaintType, type: 'code', filter: 'eq', superQuery: true },
    status: {
      label: '处理状态',
      column: complaints.status,
      type: 'code',
      filter: 'eq',
      sortable: true,
      superQuery: true,
    },
    content: { label: '内容', column: complaints.content, type: 'text', filter: 'like', superQuery: true },
    handlerName: { label: '处理人', column: complaints.handlerName, type: 'text', filter: 'like', superQuery: true },
    createTime: {
      label: '提交时间',
      column: complaints.createdAt,
      type: 'date',
      filter: 'eq',
      sortable: true,
      superQuery: true,
    },
    handleTime: { label: '处理时间', column: complaints.handledAt, type: 'date', sortable: true, superQuery: true },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  columns: {
    name: '姓名',
    phone: '联系电话',
    email: '邮箱',
    complaintType: '类型',
    content: '内容',
    status: '处理状态',
    reply: '答复',
    handlerName: '处理人',
    handleTime: '处理时间',
    createTime: '提交时间',
  },
});

function complaintRows(db: AppDatabase) {
  return async (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => {
    const rows = await db
      .select()
      .from(complaints)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toComplaintRow);
  };
}

function toComplaintRow(row: typeof complaints.$inferSelect): AdminComplaintRow {
  return {
    id: String(row.id),
    name: row.name,
    phone: row.phone,
    email: row.email,
    complaintType: row.complaintType,
    content: row.content,
    status: row.status,
    reply: row.reply,
    handlerName: row.handlerName,
    handleTime: row.handledAt ? row.handledAt.toISOString() : null,
    createTime: row.createdAt.toISOString(),
  };
}

export async function complaintPage(db: AppDatabase, body: ListRequest) {
  return complaintList.page<AdminComplaintRow>(db, body, { rows: complaintRows(db) });
}

export async function complaintExport(db: AppDatabase, body: ListRequest & { selections?: string }) {
  return complaintList.exportRows<AdminComplaintRow>(db, body, { rows: complaintRows(db) });
}

const COMPLAINT_TYPE_NAMES: Record<string, string> = { COMPLAINT: '投诉', SUGGESTION: '建议', CONSULT: '咨询' };
export const COMPLAINT_STATUS_NAMES: Record<string, string> = { NEW: '待处理', HANDLING: '处理中', ANSWERED: '已答复' };
const chinaTime = (iso: string | null) => (iso ? formatPublishTime(new Date(iso)) : null);

export const COMPLAINT_EXPORT_COLUMNS: Array<XlsxColumn<AdminComplaintRow>> = [
  { field: 'name', header: '姓名', width: 12, value: (row) => row.name },
  { field: 'phone', header: '联系电话', width: 16, value: (row) => row.phone },
  { field: 'email', header: '邮箱', width: 24, value: (row) => row.email },
  {
    field: 'complaintType',
    header: '类型',
    width: 8,
    value: (row) => COMPLAINT_TYPE_NAMES[row.complaintType] ?? row.complaintType,
  },
  { field: 'content', header: '内容', width: 60, value: (row) => row.content },
  { field: 'status', header: '处理状态', width: 10, value: (row) => COMPLAINT_STATUS_NAMES[row.status] ?? row.status },
  { field: 'reply', header: '答复', width: 40, value: (row) => row.reply },
  { field: 'handlerName', header: '处理人', width: 12, value: (row) => row.handlerName },
  { field: 'handleTime', header: '处理时间', width: 20, value: (row) => chinaTime(row.handleTime) },
  { field: 'createTime', header: '提交时间', width: 20, value: (row) => chinaTime(row.createTime) },
];

/** NEW → HANDLING → ANSWERED (NEW → ANSWERED at once too); an answered one stays answered. */
export async function handleComplaint(db: AppDatabase, request: FastifyRequest, body: HandleComplainBody) {
  const id = Number(body.id);
  const reply = blankToNull(body.reply);
  if (body.status === 'ANSWERED' && reply === null) throw new ApiError('400', CMS_ADMIN_MESSAGES.replyRequired);
  return db.transaction(async (tx) => {
    // Locked: of two answers at once the second waits, then sees 已答复 and is refused.
    const [before] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    if (!before) throw new ApiError('404', CMS_ADMIN_MESSAGES.complaintNotFound);
    if (before.status === 'ANSWERED') throw new ApiError('400', CMS_ADMIN_MESSAGES.alreadyAnswered);
    if (before.status === body.status) throw new ApiError('400', CMS_ADMIN_MESSAGES.alreadyHandling);
    const user = request.auth!.user;
    const change = {
      status: body.status,
      reply: body.status === 'ANSWERED' ? reply : before.reply,
      handlerId: user.id,
      handlerName: (user.realname || user.loginName).slice(0, 64),
      handledAt: new Date(),
    };
    const [row] = await tx.update(complaints).set(change).where(eq(complaints.id, id)).returning();
    await recordAudit(tx, request, {
      action: 'complaint.handle',
      entity: 'complaint',
      entityId: id,
      before: { status: before.status, reply: before.reply },
      after: { status: change.status, reply: change.reply },
    });
    return toComplaintRow(row);
  });
}
