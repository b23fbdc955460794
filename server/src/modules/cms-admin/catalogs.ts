import {
  MAX_CATALOG_DEPTH,
  type AddCatalogBody,
  type AdminCatalogRow,
  type ListExportBody,
  type ListRequest,
  type UpdCatalogBody,
  cmsAdminCodes,
} from '@cotton/sdk/contracts';
import { trimmed } from '@cotton/sdk/validators';
import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { cmsCatalogs, cmsContents } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { defineList, eitherText, type CompiledList } from '../../lib/list/index';
import { placeRows } from '../../lib/list/tree';
import { resolveSite } from '../cms/service';
import { blankToNull } from '../shared/blank';
import { CMS_ADMIN_MESSAGES } from './shared';

// 内容管理 › 栏目管理: the default site's catalogue tree — add, edit, move (never under itself,
// at most MAX_CATALOG_DEPTH levels), delete (refused while it has children or contents).

type CatalogRow = typeof cmsCatalogs.$inferSelect;

/** The catalogues one export reads at once (in the tree's order). */
const MAX_CATALOGS = 5000;

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
  return { catalogs: ordered.map((row) => catalogRow(row, totals.get(row.id) ?? 0)) };
}

/** A row of the tree and of the found list. */
function catalogRow(row: CatalogRow, contentCount: number): AdminCatalogRow {
  return {
    id: String(row.id),
    parentId: row.parentId === null ? null : String(row.parentId),
    code: row.code,
    title: row.title,
    catalogType: row.catalogType,
    sort: row.sort,
    visible: row.visible,
    description: row.description,
    contentCount,
  };
}

// The outer row named in full: a bare "id" in the select would be read as the content's own.
const outerCatalogId = sql.raw('"cms_catalogs"."id"');
const contentCount = sql<number>`(select count(*)::int from ${cmsContents} c where c.catalog_id = ${outerCatalogId})`;

/**
 * The default site's catalogue tree read as a list: what 查询, 高级查询 and sort may name, and the
 * columns 导出's file may hold.
 */
export const catalogList = defineList<CatalogExportRow>()({
  table: cmsCatalogs,
  key: cmsCatalogs.id,
  fields: {
    // 查询's one box: a code or a title.
    keyword: {
      label: '栏目名称或编码',
      column: eitherText(cmsCatalogs.code, cmsCatalogs.title),
      type: 'text',
      filter: 'like',
    },
    code: {
      label: '栏目编码',
      column: cmsCatalogs.code,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 18 },
    },
    title: {
      label: '栏目名称',
      column: cmsCatalogs.title,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    catalogType: {
      label: '栏目类型',
      column: cmsCatalogs.catalogType,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 10, value: (row) => CATALOG_TYPE_NAMES[row.catalogType] ?? row.catalogType },
    },
    parentTitle: { label: '上级栏目', export: { width: 20 } },
    parentCode: { label: '上级栏目编码', export: { width: 18 } },
    level: { label: '层级', export: { width: 8 } },
    path: { label: '路径', export: { width: 40 } },
    sort: {
      label: '排序',
      column: cmsCatalogs.sort,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 8 },
    },
    visible: { label: '是否显示', export: { width: 10, value: (row) => (row.visible ? '显示' : '隐藏') } },
    contentCount: {
      label: '内容数',
      column: contentCount,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 10 },
    },
    description: {
      label: '描述',
      column: cmsCatalogs.description,
      type: 'text',
      superQuery: true,
      export: { width: 32, value: (row) => row.description ?? '' },
    },
  },
  defaultSort: { field: 'sort', order: 'asc' },
});

/** A row of 栏目列表.xlsx. */
export interface CatalogExportRow {
  code: string;
  title: string;
  catalogType: string;
  parentTitle: string;
  parentCode: string;
  level: number;
  /** The titles from the top catalogue down to this one, ` / `-joined. */
  path: string;
  sort: number;
  visible: boolean;
  contentCount: number;
  description: string | null;
}

const CATALOG_TYPE_NAMES: Record<string, string> = { COLUMN: '文章栏目', BANNER: '轮播图' };

/** The default site's catalogues 查询 or 高级查询 found, a page. */
export async function catalogPage(db: AppDatabase, body: ListRequest) {
  const site = await resolveSite(db);
  return catalogList.page<AdminCatalogRow>(db, body, {
    scope: eq(cmsCatalogs.siteId, site.id),
    rows: async (query) => {
      const rows = await db
        .select({ ...getTableColumns(cmsCatalogs), contentCount })
        .from(cmsCatalogs)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset);
      return rows.map(({ contentCount: total, ...row }) => catalogRow(row, total));
    },
  });
}

/**
 * 导出: the default site's catalogues the query matches (or the selected ones), in the
 * tree's order (parents first) unless the query sorts, each with its parent and path.
 */
export async function catalogExport(db: AppDatabase, body: ListExportBody) {
  const site = await resolveSite(db);
  const rows = async (query: CompiledList): Promise<CatalogExportRow[]> => {
    const [all, matched] = await Promise.all([
      siteCatalogs(db, site.id),
      db
        .select({
          id: cmsCatalogs.id,
          code: cmsCatalogs.code,
          title: cmsCatalogs.title,
          catalogType: cmsCatalogs.catalogType,
          sort: cmsCatalogs.sort,
          visible: cmsCatalogs.visible,
          description: cmsCatalogs.description,
          contentCount,
        })
        .from(cmsCatalogs)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
    ]);
    return placeRows(all, matched, Boolean(body.sort)).map(({ row: { id: _id, ...catalog }, level, ancestors }) => {
      const parent = ancestors.at(-1);
      return {
        ...catalog,
        parentTitle: parent?.title ?? '',
        parentCode: parent?.code ?? '',
        level,
        path: [...ancestors.map((item) => item.title), catalog.title].join(' / '),
      };
    });
  };
  // One batch: the tree's order is read whole (a site has tens of catalogues; past MAX_CATALOGS
  // each batch would be in the tree's order on its own).
  return catalogList.exportRows(db, body, {
    scope: eq(cmsCatalogs.siteId, site.id),
    rows,
    batchSize: MAX_CATALOGS,
  });
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

/**
 * 新增 / 编辑 / 删除 (lib/admin-resource): a code unique without case; a catalogue with children
 * or contents is not deleted. The audit pictures are whole rows.
 */
export const catalogResource = defineAdminResource({
  entity: 'cms_catalog',
  action: 'cms.catalog',
  table: cmsCatalogs,
  key: cmsCatalogs.id,
  audited: getTableColumns(cmsCatalogs),
  label: 'title',
  notFound: CMS_ADMIN_MESSAGES.catalogNotFound,
  duplicateCheck: { codes: [cmsAdminCodes.catalogAdd, cmsAdminCodes.catalogEdit] },
  unique: [{ field: 'code', message: CMS_ADMIN_MESSAGES.codeTaken, caseInsensitive: true }],
  inUse: [
    { table: cmsCatalogs, column: cmsCatalogs.parentId, message: (title) => CMS_ADMIN_MESSAGES.hasChildren(title) },
    { table: cmsContents, column: cmsContents.catalogId, message: CMS_ADMIN_MESSAGES.hasContents },
  ],
});

export async function addCatalog(db: AppDatabase, request: FastifyRequest, body: AddCatalogBody) {
  const code = body.code.trim();
  const fields = catalogFieldsOf(body);
  const site = await resolveSite(db);
  const row = await catalogResource.add(db, request, async (tx) => {
    const rows = await siteCatalogs(tx, site.id);
    const parentId = body.parentId ? Number(body.parentId) : null;
    const parent = parentId === null ? null : rows.find((row) => row.id === parentId);
    if (parentId !== null && !parent) throw new ApiError('400', CMS_ADMIN_MESSAGES.parentNotFound);
    if (parent && shape(rows, parent.id).depth + 1 > MAX_CATALOG_DEPTH)
      throw new ApiError('400', CMS_ADMIN_MESSAGES.tooDeep);
    return {
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
  });
  return { id: String(row.id) };
}

export async function updateCatalog(db: AppDatabase, request: FastifyRequest, body: UpdCatalogBody) {
  const id = Number(body.id);
  const fields = catalogFieldsOf(body);
  const site = await resolveSite(db);
  return catalogResource.update(db, request, id, async (tx, before) => {
    if (before.siteId !== site.id) throw new ApiError('404', CMS_ADMIN_MESSAGES.catalogNotFound);
    const parentId = body.parentId === undefined ? before.parentId : body.parentId ? Number(body.parentId) : null;
    if (parentId !== before.parentId && parentId !== null) {
      const rows = await siteCatalogs(tx, site.id);
      const parent = rows.find((row) => row.id === parentId);
      if (!parent) throw new ApiError('400', CMS_ADMIN_MESSAGES.parentNotFound);
      const moved = shape(rows, id);
      if (moved.descendants.has(parentId)) throw new ApiError('400', CMS_ADMIN_MESSAGES.underItself);
      if (shape(rows, parentId).depth + moved.height > MAX_CATALOG_DEPTH)
        throw new ApiError('400', CMS_ADMIN_MESSAGES.tooDeep);
    }
    return { ...fields, parentId };
  });
}

export async function deleteCatalog(db: AppDatabase, request: FastifyRequest, idText: string) {
  return catalogResource.remove(db, request, [Number(idText)]);
}

/**
 * 批量删除: all or none — one gone is 404, one with children or contents refuses the batch and
 * names it (a parent ticked with its children too: the lower ones go first).
 */
export async function deleteCatalogs(db: AppDatabase, request: FastifyRequest, ids: number[]) {
  return catalogResource.remove(db, request, ids);
}
