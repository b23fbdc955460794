import { Type, type Static, type TSchema } from 'typebox';
import { CMS_CODE_PATTERN } from '../validators/cms';
import { defineCall } from './call';
import { NullableString, PageParameter, Pagination, RecordId } from './common';

// Content management (docs/architecture.md, "Content management and
// complaints"): sites, catalogues, contents, search, the home page's index. `siteCode` is
// optional everywhere (default site `cotton`).

const Code = (title: string) =>
  Type.String({
    minLength: 1,
    maxLength: 48,
    pattern: CMS_CODE_PATTERN.source,
    title,
    errorMessage: '应以字母开头，只含字母、数字、下划线或连字符',
  });
const SiteCode = Code('站点编码');
const CatalogCode = Code('栏目编码');

/** `COLUMN` | `BANNER` */
export type CatalogType = 'COLUMN' | 'BANNER';
export const CATALOG_TYPES: readonly CatalogType[] = ['COLUMN', 'BANNER'];
export const OPEN_TYPES = ['INTERNAL_OPEN', 'EXTERNAL_OPEN'] as const;
export const LINK_TYPES = ['CONTENT_LINK', 'COLUMN_LINK', 'FRONT_LINK'] as const;
export const CONTENT_TYPES = ['PICTURE', 'ARTICLE'] as const;

const CatalogType = Type.Unsafe<CatalogType>({
  type: 'string',
  enum: [...CATALOG_TYPES],
  title: '栏目类型',
});

// ---------------------------------------------------------------------------------------
// Answers

export const Site = Type.Object({
  id: Type.String(),
  siteCode: Type.String(),
  siteName: Type.String(),
  displayName: Type.String(),
  description: NullableString(),
  domain: NullableString(),
  logoUrl: NullableString(),
});
export type Site = Static<typeof Site>;

export const CatalogTemplate = Type.Object({
  templateCode: Type.String(),
  templateName: Type.String(),
  /** The front route that renders the catalogue, e.g. `/service`. */
  componentPath: Type.String(),
});
export type CatalogTemplate = Static<typeof CatalogTemplate>;

/** A content as the list calls give it. */
export const ContentBrief = Type.Object({
  id: Type.String(),
  catalogId: Type.String(),
  catalogCode: Type.String(),
  catalogTitle: Type.String(),
  title: Type.String(),
  summary: NullableString(),
  /** `PICTURE` | `ARTICLE` */
  contentType: Type.String(),
  coverUrl: NullableString(),
  linkUrl: NullableString(),
  author: NullableString(),
  source: NullableString(),
  /** `YYYY-MM-DD HH:mm:ss`, Beijing time. */
  publishTime: Type.String(),
  sort: Type.Integer(),
});
export type ContentBrief = Static<typeof ContentBrief>;

const catalogFields = {
  id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  /** `COLUMN` | `BANNER` */
  catalogType: Type.String(),
  parentId: NullableString(),
  parentCode: NullableString(),
  /** Code of the top-level catalogue this one belongs to (itself for a top-level one). */
  rootCode: Type.String(),
  sort: Type.Integer(),
  /** `INTERNAL_OPEN` | `EXTERNAL_OPEN` */
  openType: Type.String(),
  /** `CONTENT_LINK` | `COLUMN_LINK` | `FRONT_LINK` */
  linkType: Type.String(),
  linkUrl: NullableString(),
  contentId: NullableString(),
  description: NullableString(),
  catalogTemplateEntity: Type.Union([CatalogTemplate, Type.Null()]),
};
export const CatalogItem = Type.Object(catalogFields);
export type CatalogItem = Static<typeof CatalogItem>;

/** Deepest tree the catalogue calls describe (site → column → group → leaf, and one spare). */
export const MAX_CATALOG_DEPTH = 5;

/** A catalogue with its children (the tree calls); `catalogContentList` in the tree with contents. */
export interface CatalogNode extends CatalogItem {
  children: CatalogNode[];
  catalogContentList?: ContentBrief[];
}

/** The schema of a {@link CatalogNode} `depth` levels deep (JSON Schema has no bounded recursion). */
function catalogNode(depth: number, withContents: boolean): TSchema {
  const extra: Record<string, TSchema> = {};
  if (withContents) extra.catalogContentList = Type.Array(ContentBrief);
  if (depth > 1) extra.children = Type.Array(catalogNode(depth - 1, withContents));
  else extra.children = Type.Array(Type.Never(), { maxItems: 0 });
  return Type.Object({ ...catalogFields, ...extra });
}

/** `/rest/cmsCatalog/queryCatalogTree` → `dataSet`. */
export const CatalogTreeResult = Type.Unsafe<{ result: CatalogNode[] }>(
  Type.Object({ result: Type.Array(catalogNode(MAX_CATALOG_DEPTH, false)) }),
);
export type CatalogTreeResult = Static<typeof CatalogTreeResult>;

/** `/rest/cmsCatalog/queryCatalogTreeWithComponent` → `dataSet`: each node with its `catalogContentList` (≤ 20). */
export const CatalogTreeWithComponentResult = Type.Unsafe<{ result: CatalogNode[] }>(
  Type.Object({ result: Type.Array(catalogNode(MAX_CATALOG_DEPTH, true)) }),
);
export type CatalogTreeWithComponentResult = Static<typeof CatalogTreeWithComponentResult>;

/** `/rest/cmsContent/contentDetail` → `result`. */
export const ContentDetail = Type.Object({
  ...ContentBrief.properties,
  /** Sanitised HTML: rendered as it is. */
  body: Type.String(),
  /** From the top-level catalogue down to the content's own. */
  catalogPath: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), title: Type.String() })),
  rootCode: Type.String(),
  prev: Type.Union([Type.Object({ id: Type.String(), title: Type.String() }), Type.Null()]),
  next: Type.Union([Type.Object({ id: Type.String(), title: Type.String() }), Type.Null()]),
});
export type ContentDetail = Static<typeof ContentDetail>;

/** A search result: a content and the text around the match. */
export const SearchHit = Type.Object({ ...ContentBrief.properties, snippet: Type.String() });
export type SearchHit = Static<typeof SearchHit>;

/** `/rest/cms_site/querySiteDetailInfo` → `dataSet`. */
export const SiteDetailResult = Type.Object({ result: Site });
export type SiteDetailResult = Static<typeof SiteDetailResult>;

/** `/rest/componentService/querySites` → `dataSet`. */
export const SitesResult = Type.Object({ result: Type.Array(Site) });
export type SitesResult = Static<typeof SitesResult>;

/** `/rest/cmsContent/rotatePictures`, `/rest/cmsContent/randomContents` → `dataSet`. */
export const ContentListResult = Type.Object({ result: Type.Array(ContentBrief) });
export type ContentListResult = Static<typeof ContentListResult>;

/** `/rest/cmsContent/contentDetail` → `dataSet`. */
export const ContentDetailResult = Type.Object({ result: ContentDetail });
export type ContentDetailResult = Static<typeof ContentDetailResult>;

/** `/rest/cmsCatalog/queryCatalogList` → `dataSet`: the direct children. */
export const CatalogListResult = Type.Object({ result: Type.Array(CatalogItem), totalCount: Type.Integer() });
export type CatalogListResult = Static<typeof CatalogListResult>;

/** `/rest/cmsContent/PageCmsContentAndTemService` → `dataSet`. */
export const ContentPage = Type.Object({ catalog: CatalogItem, pagination: Pagination(ContentBrief) });
export type ContentPage = Static<typeof ContentPage>;

/** `/rest/cms/index` → `dataSet`: the home page's CMS parts. */
export const CmsIndex = Type.Object({
  site: Site,
  banners: Type.Array(ContentBrief),
  news: Type.Array(ContentBrief),
  notices: Type.Array(ContentBrief),
  /** The 用户中心 entries (children of the user-centre catalogue). */
  serviceEntries: Type.Array(CatalogItem),
});
export type CmsIndex = Static<typeof CmsIndex>;

/** `/rest/cmsContent/searchContent` → `dataSet`: title matches first, then newest. */
export const SearchResult = Type.Object({ keyWord: Type.String(), pagination: Pagination(SearchHit) });
export type SearchResult = Static<typeof SearchResult>;

// ---------------------------------------------------------------------------------------
// Requests

export const SiteDetailBody = Type.Object({
  siteCode: Type.Optional(SiteCode),
  siteId: Type.Optional(RecordId('站点 ID')),
});
export type SiteDetailBody = Static<typeof SiteDetailBody>;
export const QuerySitesBody = Type.Object({
  siteCodes: Type.Optional(Type.Array(SiteCode, { maxItems: 20, title: '站点编码' })),
});
export type QuerySitesBody = Static<typeof QuerySitesBody>;
export const RotatePicturesBody = Type.Object({
  siteCode: Type.Optional(SiteCode),
  code: Type.Optional(CatalogCode),
});
export type RotatePicturesBody = Static<typeof RotatePicturesBody>;
export const ContentDetailBody = Type.Object({ id: RecordId('内容 ID') });
export type ContentDetailBody = Static<typeof ContentDetailBody>;
export const CatalogTreeBody = Type.Object({
  code: Type.Optional(CatalogCode),
  siteCode: Type.Optional(SiteCode),
  catalogType: Type.Optional(CatalogType),
});
export type CatalogTreeBody = Static<typeof CatalogTreeBody>;
export const CatalogListBody = Type.Object({
  code: Type.Optional(CatalogCode),
  siteCode: Type.Optional(SiteCode),
  catalogType: Type.Optional(CatalogType),
  ifPage: Type.Optional(Type.Boolean({ title: '是否分页' })),
  pageParameter: Type.Optional(PageParameter),
});
export type CatalogListBody = Static<typeof CatalogListBody>;
export const PageContentBody = Type.Object({
  code: Type.Optional(CatalogCode),
  catalogId: Type.Optional(RecordId('栏目 ID')),
  siteCode: Type.Optional(SiteCode),
  /** Also the contents of the catalogue's descendants. */
  includeChildren: Type.Optional(Type.Boolean()),
  pageParameter: PageParameter,
});
export type PageContentBody = Static<typeof PageContentBody>;
export const CmsIndexBody = Type.Object({ siteCode: Type.Optional(SiteCode) });
export type CmsIndexBody = Static<typeof CmsIndexBody>;
export const SearchContentBody = Type.Object({
  keyWord: Type.String({ minLength: 1, maxLength: 50, title: '关键字' }),
  siteCode: Type.Optional(SiteCode),
  pageParameter: PageParameter,
});
export type SearchContentBody = Static<typeof SearchContentBody>;
export const RandomContentsBody = Type.Object({
  code: CatalogCode,
  siteCode: Type.Optional(SiteCode),
  count: Type.Integer({ minimum: 1, maximum: 20, default: 5, title: '条数' }),
});
export type RandomContentsBody = Static<typeof RandomContentsBody>;

/**
 * The public content calls (all POST, all public): the portal's home, the content pages, the
 * footer and the help popover. Most answers are kept per change of the content tables
 * (server/src/modules/cms/routes.ts); `randomContents` never is.
 */
export const cmsCalls = {
  siteDetail: defineCall({
    method: 'POST',
    path: '/rest/cms_site/querySiteDetailInfo',
    body: SiteDetailBody,
    answer: SiteDetailResult,
  }),
  sites: defineCall({
    method: 'POST',
    path: '/rest/componentService/querySites',
    body: QuerySitesBody,
    answer: SitesResult,
  }),
  index: defineCall({ method: 'POST', path: '/rest/cms/index', body: CmsIndexBody, answer: CmsIndex }),
  catalogTree: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/queryCatalogTree',
    body: CatalogTreeBody,
    answer: CatalogTreeResult,
  }),
  catalogTreeWithContents: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/queryCatalogTreeWithComponent',
    body: CatalogTreeBody,
    answer: CatalogTreeWithComponentResult,
  }),
  catalogList: defineCall({
    method: 'POST',
    path: '/rest/cmsCatalog/queryCatalogList',
    body: CatalogListBody,
    answer: CatalogListResult,
  }),
  contentPage: defineCall({
    method: 'POST',
    path: '/rest/cmsContent/PageCmsContentAndTemService',
    body: PageContentBody,
    answer: ContentPage,
  }),
  contentDetail: defineCall({
    method: 'POST',
    path: '/rest/cmsContent/contentDetail',
    body: ContentDetailBody,
    answer: ContentDetailResult,
  }),
  rotatePictures: defineCall({
    method: 'POST',
    path: '/rest/cmsContent/rotatePictures',
    body: RotatePicturesBody,
    answer: ContentListResult,
  }),
  randomContents: defineCall({
    method: 'POST',
    path: '/rest/cmsContent/randomContents',
    body: RandomContentsBody,
    answer: ContentListResult,
  }),
  search: defineCall({
    method: 'POST',
    path: '/rest/cmsContent/searchContent',
    body: SearchContentBody,
    answer: SearchResult,
  }),
};
