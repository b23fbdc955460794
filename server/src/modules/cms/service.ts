import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';
import { cmsCatalogs, cmsContents, cmsSites } from '../../db/schema/index';
import { ApiError, notFound } from '../../http/envelope';
import { escapeLike } from '../../lib/list/index';
import type {
  CatalogItem,
  CatalogListBody,
  CatalogNode,
  CatalogTreeBody,
  ContentBrief,
  ContentDetail,
  PageContentBody,
  SearchContentBody,
  Site,
} from '@cotton/sdk/contracts';
import { MAX_CATALOG_DEPTH } from '@cotton/sdk/contracts';

/** The catalogues the home page and the shell read by code (seeded; staff keep the codes). */
export const CMS_CODES = {
  banner: 'banner',
  news: 'news',
  notice: 'notice',
  serviceCenter: 'serviceCenter',
  userCenter: 'userCenter',
  aboutUs: 'aboutUs',
} as const;

export const HOME_LIST_SIZE = 6;
const TREE_CONTENT_LIMIT = 20;
const PUBLISHED = '1';

// ---------------------------------------------------------------------------------------
// Sites

type SiteRow = typeof cmsSites.$inferSelect;
type CatalogRow = typeof cmsCatalogs.$inferSelect;

function toSite(row: SiteRow): Site {
  return {
    id: String(row.id),
    siteCode: row.code,
    siteName: row.name,
    displayName: row.displayName,
    description: row.description,
    domain: row.domain,
    logoUrl: row.logoUrl,
  };
}

/** The site named by `siteCode`, else the default site; `404` when there is none. */
export async function resolveSite(db: AppDatabase, siteCode?: string, siteId?: string): Promise<SiteRow> {
  const where = siteCode
    ? eq(cmsSites.code, siteCode)
    : siteId
      ? eq(cmsSites.id, Number(siteId))
      : eq(cmsSites.isDefault, true);
  const [row] = await db.select().from(cmsSites).where(where).orderBy(asc(cmsSites.id)).limit(1);
  if (!row) throw notFound(`站点不存在：${siteCode ?? siteId ?? '默认站点'}`);
  return row;
}

export async function querySiteDetail(db: AppDatabase, siteCode?: string, siteId?: string): Promise<Site> {
  return toSite(await resolveSite(db, siteCode, siteId));
}

export async function querySites(db: AppDatabase, siteCodes: string[] | undefined): Promise<Site[]> {
  const rows = await db
    .select()
    .from(cmsSites)
    .where(siteCodes && siteCodes.length > 0 ? inArray(cmsSites.code, siteCodes) : undefined)
    .orderBy(asc(cmsSites.id));
  return rows.map(toSite);
}

// ---------------------------------------------------------------------------------------
// Catalogues

/** All visible catalogues of a site, with lookups by id and code and the children of each. */
class CatalogIndex {
  readonly byId = new Map<number, CatalogRow>();
  readonly byCode = new Map<string, CatalogRow>();
  readonly children = new Map<number | null, CatalogRow[]>();

  constructor(rows: CatalogRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      this.byCode.set(row.code, row);
    }
    for (const row of rows) {
      // A catalogue under a hidden parent is hidden too.
      if (row.parentId !== null && !this.byId.has(row.parentId)) continue;
      const list = this.children.get(row.parentId) ?? [];
      list.push(row);
      this.children.set(row.parentId, list);
    }
    for (const list of this.children.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  }

  root(row: CatalogRow): CatalogRow {
    let current = row;
    for (let i = 0; i < 16 && current.parentId !== null; i++) current = this.byId.get(current.parentId) ?? current;
    return current;
  }

  path(row: CatalogRow): CatalogRow[] {
    const path = [row];
    let current = row;
    for (let i = 0; i < 16 && current.parentId !== null; i++) {
      const parent = this.byId.get(current.parentId);
      if (!parent) break;
      path.unshift(parent);
      current = parent;
    }
    return path;
  }

  descendants(row: CatalogRow): CatalogRow[] {
    const result: CatalogRow[] = [row];
    for (let i = 0; i < result.length; i++) result.push(...(this.children.get(result[i].id) ?? []));
    return result;
  }

  find(code: string): CatalogRow {
    const row = this.byCode.get(code);
    if (!row) throw notFound(`栏目不存在：${code}`);
    return row;
  }

  item(row: CatalogRow): CatalogItem {
    const parent = row.parentId === null ? undefined : this.byId.get(row.parentId);
    return {
      id: String(row.id),
      code: row.code,
      title: row.title,
      catalogType: row.catalogType,
      parentId: parent ? String(parent.id) : null,
      parentCode: parent ? parent.code : null,
      rootCode: this.root(row).code,
      sort: row.sort,
      openType: row.openType,
      linkType: row.linkType,
      linkUrl: row.linkUrl,
      contentId: row.contentId === null ? null : String(row.contentId),
      description: row.description,
      catalogTemplateEntity:
        row.componentPath && row.templateCode
          ? {
              templateCode: row.templateCode,
              templateName: row.templateName ?? row.templateCode,
              componentPath: row.componentPath,
            }
          : null,
    };
  }
}

async function loadCatalogs(db: AppDatabase, siteId: number): Promise<CatalogIndex> {
  const rows = await db
    .select()
    .from(cmsCatalogs)
    .where(and(eq(cmsCatalogs.siteId, siteId), eq(cmsCatalogs.visible, true)));
  return new CatalogIndex(rows);
}

/** The catalogue `code` of any site (codes are unique), or `404`. */
async function catalogSiteOf(db: AppDatabase, code: string): Promise<number> {
  const [row] = await db
    .select({ siteId: cmsCatalogs.siteId })
    .from(cmsCatalogs)
    .where(eq(cmsCatalogs.code, code))
    .limit(1);
  if (!row) throw notFound(`栏目不存在：${code}`);
  return row.siteId;
}

async function indexFor(
  db: AppDatabase,
  code: string | undefined,
  siteCode: string | undefined,
): Promise<CatalogIndex> {
  if (code && !siteCode) return loadCatalogs(db, await catalogSiteOf(db, code));
  const site = await resolveSite(db, siteCode);
  return loadCatalogs(db, site.id);
}

function buildTree(
  index: CatalogIndex,
  rows: CatalogRow[],
  catalogType: string | undefined,
  depth: number,
  contents: Map<number, ContentBrief[]> | null,
): CatalogNode[] {
  return rows
    .filter((row) => !catalogType || row.catalogType === catalogType)
    .map((row) => {
      const node: CatalogNode = {
        ...index.item(row),
        children: depth > 1 ? buildTree(index, index.children.get(row.id) ?? [], catalogType, depth - 1, contents) : [],
      };
      if (contents) node.catalogContentList = contents.get(row.id) ?? [];
      return node;
    });
}

/**
 * The catalogue tree: `[the catalogue named by code, with its descendants]`, or the site's
 * top-level catalogues with theirs. `catalogType` keeps only catalogues of that type.
 * With `withContents`, each node carries its first published contents (`catalogContentList`).
 */
export async function queryCatalogTree(
  db: AppDatabase,
  body: CatalogTreeBody,
  withContents: boolean,
): Promise<CatalogNode[]> {
  const index = await indexFor(db, body.code, body.siteCode);
  const roots = body.code ? [index.find(body.code)] : (index.children.get(null) ?? []);
  let contents: Map<number, ContentBrief[]> | null = null;
  if (withContents) {
    const ids = roots.flatMap((root) => index.descendants(root)).map((row) => row.id);
    contents = new Map();
    const briefs = await selectBriefs(db, index, inArray(cmsContents.catalogId, ids.length > 0 ? ids : [-1]));
    for (const brief of briefs) {
      const list = contents.get(Number(brief.catalogId)) ?? [];
      if (list.length < TREE_CONTENT_LIMIT) list.push(brief);
      contents.set(Number(brief.catalogId), list);
    }
  }
  return buildTree(index, roots, body.catalogType, MAX_CATALOG_DEPTH, contents);
}

/** The direct children of `code` (or the site's top-level catalogues), paged when `ifPage`. */
export async function queryCatalogList(
  db: AppDatabase,
  body: CatalogListBody,
): Promise<{ result: CatalogItem[]; totalCount: number }> {
  const index = await indexFor(db, body.code, body.siteCode);
  const parent = body.code ? index.find(body.code).id : null;
  const rows = (index.children.get(parent) ?? []).filter(
    (row) => !body.catalogType || row.catalogType === body.catalogType,
  );
  let page = rows;
  if (body.ifPage) {
    const { pageNum, pageSize } = body.pageParameter ?? { pageNum: 1, pageSize: 10 };
    page = rows.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  }
  return { result: page.map((row) => index.item(row)), totalCount: rows.length };
}

// ---------------------------------------------------------------------------------------
// Contents

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `YYYY-MM-DD HH:mm:ss` in Beijing time. */
export function formatPublishTime(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const briefColumns = {
  id: cmsContents.id,
  catalogId: cmsContents.catalogId,
  title: cmsContents.title,
  summary: cmsContents.summary,
  contentType: cmsContents.contentType,
  coverUrl: cmsContents.coverUrl,
  linkUrl: cmsContents.linkUrl,
  author: cmsContents.author,
  source: cmsContents.source,
  publishTime: cmsContents.publishTime,
  sort: cmsContents.sort,
};
type BriefRow = { [K in keyof typeof briefColumns]: (typeof cmsContents.$inferSelect)[K] };

function toBrief(index: CatalogIndex | null, row: BriefRow, catalog?: { code: string; title: string }): ContentBrief {
  const owner = catalog ?? index?.byId.get(row.catalogId);
  return {
    id: String(row.id),
    catalogId: String(row.catalogId),
    catalogCode: owner?.code ?? '',
    catalogTitle: owner?.title ?? '',
    title: row.title,
    summary: row.summary,
    contentType: row.contentType,
    coverUrl: row.coverUrl,
    linkUrl: row.linkUrl,
    author: row.author,
    source: row.source,
    publishTime: formatPublishTime(row.publishTime),
    sort: row.sort,
  };
}

const contentOrder = [asc(cmsContents.sort), desc(cmsContents.publishTime), desc(cmsContents.id)];

async function selectBriefs(
  db: AppDatabase,
  index: CatalogIndex,
  where: SQL | undefined,
  limit?: number,
): Promise<ContentBrief[]> {
  const query = db
    .select(briefColumns)
    .from(cmsContents)
    .where(and(eq(cmsContents.status, PUBLISHED), where))
    .orderBy(...contentOrder);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => toBrief(index, row));
}

/** One page of a catalogue's published contents, with the catalogue and its template. */
export async function pageCatalogContents(db: AppDatabase, body: PageContentBody) {
  let index: CatalogIndex;
  let catalog: CatalogRow;
  if (body.catalogId) {
    const [row] = await db
      .select()
      .from(cmsCatalogs)
      .where(eq(cmsCatalogs.id, Number(body.catalogId)))
      .limit(1);
    if (!row || !row.visible) throw notFound(`栏目不存在：${body.catalogId}`);
    index = await loadCatalogs(db, row.siteId);
    catalog = index.byId.get(row.id) ?? row;
  } else if (body.code) {
    index = await indexFor(db, body.code, body.siteCode);
    catalog = index.find(body.code);
  } else {
    throw new ApiError('400', '参数错误：code（栏目编码）与 catalogId（栏目 ID）不能都为空');
  }
  const ids = body.includeChildren ? index.descendants(catalog).map((row) => row.id) : [catalog.id];
  const where = and(eq(cmsContents.status, PUBLISHED), inArray(cmsContents.catalogId, ids));
  const { pageNum, pageSize } = body.pageParameter;
  const [{ total }] = await db.select({ total: count() }).from(cmsContents).where(where);
  const rows = await db
    .select(briefColumns)
    .from(cmsContents)
    .where(where)
    .orderBy(...contentOrder)
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return {
    catalog: index.item(catalog),
    pagination: { result: rows.map((row) => toBrief(index, row)), totalCount: total, pageNum, pageSize },
  };
}

/** What a visitor reads for a content that is not (or no longer) published: no record number. */
export const CONTENT_GONE = '文章不存在或已撤回';

/**
 * A published content with its sanitised body, its catalogue path and its neighbours; `404`
 * otherwise. `preview` (内容管理's 预览, permission-checked by its route) answers a draft too.
 */
export async function queryContentDetail(db: AppDatabase, id: string, preview = false): Promise<ContentDetail> {
  const [row] = await db
    .select({ ...briefColumns, body: cmsContents.body, siteId: cmsCatalogs.siteId })
    .from(cmsContents)
    .innerJoin(cmsCatalogs, eq(cmsCatalogs.id, cmsContents.catalogId))
    .where(
      and(
        eq(cmsContents.id, Number(id)),
        preview ? undefined : eq(cmsContents.status, PUBLISHED),
        preview ? undefined : eq(cmsCatalogs.visible, true),
      ),
    )
    .limit(1);
  if (!row) throw notFound(CONTENT_GONE);
  const index = await loadCatalogs(db, row.siteId);
  const catalog =
    index.byId.get(row.catalogId) ??
    (preview ? (await db.select().from(cmsCatalogs).where(eq(cmsCatalogs.id, row.catalogId)))[0] : undefined);
  if (!catalog) throw notFound(CONTENT_GONE);

  // Neighbours in the catalogue's own order (sort, then newest first).
  const siblings = await db
    .select({ id: cmsContents.id, title: cmsContents.title })
    .from(cmsContents)
    .where(and(eq(cmsContents.catalogId, row.catalogId), eq(cmsContents.status, PUBLISHED)))
    .orderBy(...contentOrder);
  const at = siblings.findIndex((sibling) => sibling.id === row.id);
  const neighbour = (i: number) => (siblings[i] ? { id: String(siblings[i].id), title: siblings[i].title } : null);

  return {
    ...toBrief(index, row),
    body: row.body,
    catalogPath: index.path(catalog).map((step) => ({ id: String(step.id), code: step.code, title: step.title })),
    rootCode: index.root(catalog).code,
    prev: neighbour(at - 1),
    next: neighbour(at + 1),
  };
}

/** The pictures of a BANNER catalogue (default `banner`), in their order. */
export async function queryRotatePictures(
  db: AppDatabase,
  siteCode: string | undefined,
  code: string = CMS_CODES.banner,
) {
  const index = await indexFor(db, code, siteCode);
  const catalog = index.find(code);
  return selectBriefs(db, index, and(eq(cmsContents.catalogId, catalog.id), eq(cmsContents.contentType, 'PICTURE')));
}

/**
 * The articles a draw picks from, per catalogue: kept while the change signal hears no write of
 * the content tables, so a draw costs no query (the footer asks on every public page). A
 * catalogue with more than {@link MAX_DRAW_POOL} articles is drawn by the database.
 */
const drawPools = new VersionedCache<ContentBrief[] | null>(['cms_sites', 'cms_catalogs', 'cms_contents'], 256);
const MAX_DRAW_POOL = 500;

/** `count` articles drawn at random from `code` and its descendants (a new draw on every call). */
export async function queryRandomContents(db: AppDatabase, code: string, siteCode: string | undefined, limit: number) {
  const pool = await drawPools.get(changeSignalOf(db), `${siteCode ?? ''}\u0000${code}`, () =>
    readDrawPool(db, code, siteCode),
  );
  if (pool === null) return drawInDatabase(db, code, siteCode, limit);
  // A partial Fisher–Yates shuffle of a copy: `limit` distinct articles, each equally likely.
  const picked = [...pool];
  const count = Math.min(limit, picked.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (picked.length - i));
    [picked[i], picked[j]] = [picked[j]!, picked[i]!];
  }
  return picked.slice(0, count);
}

async function readDrawPool(db: AppDatabase, code: string, siteCode: string | undefined) {
  const { index, rows } = await articlesUnder(db, code, siteCode, asc(cmsContents.id), MAX_DRAW_POOL + 1);
  return rows.length > MAX_DRAW_POOL ? null : rows.map((row) => toBrief(index, row));
}

async function drawInDatabase(db: AppDatabase, code: string, siteCode: string | undefined, limit: number) {
  const { index, rows } = await articlesUnder(db, code, siteCode, sql`random()`, limit);
  return rows.map((row) => toBrief(index, row));
}

/** The published articles of `code`'s catalogue and the catalogues below it: `limit` of them in `order`. */
async function articlesUnder(db: AppDatabase, code: string, siteCode: string | undefined, order: SQL, limit: number) {
  const index = await indexFor(db, code, siteCode);
  const ids = index.descendants(index.find(code)).map((row) => row.id);
  const rows = await db
    .select(briefColumns)
    .from(cmsContents)
    .where(
      and(
        eq(cmsContents.status, PUBLISHED),
        eq(cmsContents.contentType, 'ARTICLE'),
        inArray(cmsContents.catalogId, ids),
      ),
    )
    .orderBy(order)
    .limit(limit);
  return { index, rows };
}

/** What the home page needs in one call. */
export async function queryCmsIndex(db: AppDatabase, siteCode: string | undefined) {
  const site = await resolveSite(db, siteCode);
  const index = await loadCatalogs(db, site.id);
  const listOf = async (code: string, where?: SQL) => {
    const catalog = index.byCode.get(code);
    if (!catalog) return [];
    return selectBriefs(db, index, and(eq(cmsContents.catalogId, catalog.id), where), HOME_LIST_SIZE);
  };
  const userCenter = index.byCode.get(CMS_CODES.userCenter);
  return {
    site: toSite(site),
    banners: await listOf(CMS_CODES.banner, eq(cmsContents.contentType, 'PICTURE')),
    news: await listOf(CMS_CODES.news),
    notices: await listOf(CMS_CODES.notice),
    serviceEntries: userCenter ? (index.children.get(userCenter.id) ?? []).map((row) => index.item(row)) : [],
  };
}

/** Up to ~90 characters of `text` around the first occurrence of `keyWord`. */
export function snippetAround(text: string, keyWord: string, width = 90): string {
  const at = text.toLowerCase().indexOf(keyWord.toLowerCase());
  if (at < 0) return text.length > width ? `${text.slice(0, width)}…` : text;
  const start = Math.max(0, at - Math.floor((width - keyWord.length) / 3));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** Articles of the site whose title, summary or text contains `keyWord`; title matches first, then newest. */
export async function searchContents(db: AppDatabase, body: SearchContentBody) {
  const keyWord = body.keyWord.trim();
  const { pageNum, pageSize } = body.pageParameter;
  if (!keyWord) return { keyWord, pagination: { result: [], totalCount: 0, pageNum, pageSize } };
  const site = await resolveSite(db, body.siteCode);
  const index = await loadCatalogs(db, site.id);
  const catalogIds = [...index.byId.keys()];
  const pattern = `%${escapeLike(keyWord)}%`;
  const where = and(
    eq(cmsContents.status, PUBLISHED),
    eq(cmsContents.contentType, 'ARTICLE'),
    inArray(cmsContents.catalogId, catalogIds.length > 0 ? catalogIds : [-1]),
    or(ilike(cmsContents.title, pattern), ilike(cmsContents.summary, pattern), ilike(cmsContents.bodyText, pattern)),
  );
  const [{ total }] = await db.select({ total: count() }).from(cmsContents).where(where);
  const rows = await db
    .select({ ...briefColumns, bodyText: cmsContents.bodyText })
    .from(cmsContents)
    .where(where)
    .orderBy(
      sql`case when ${cmsContents.title} ilike ${pattern} then 0 else 1 end`,
      desc(cmsContents.publishTime),
      desc(cmsContents.id),
    )
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return {
    keyWord,
    pagination: {
      result: rows.map(({ bodyText, ...row }) => {
        const source =
          [row.summary ?? '', bodyText].find((text) => text.toLowerCase().includes(keyWord.toLowerCase())) ??
          row.summary ??
          bodyText;
        return { ...toBrief(index, row), snippet: snippetAround(source, keyWord) };
      }),
      totalCount: total,
      pageNum,
      pageSize,
    },
  };
}
