import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { NullableString, PageParameter } from '../shared/schema';

const Code = (title: string) =>
  Type.String({
    minLength: 1,
    maxLength: 48,
    pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
    title,
    errorMessage: '应以字母开头，只含字母、数字、下划线或连字符',
  });
const SiteCode = Code('站点编码');
const CatalogCode = Code('栏目编码');
/** Ids travel as strings of digits (numbers are coerced). */
const Id = (title: string) => Type.String({ pattern: '^[1-9]\\d{0,9}$', title, errorMessage: '应为正整数' });

export const CATALOG_TYPES = ['COLUMN', 'BANNER'] as const;
export const OPEN_TYPES = ['INTERNAL_OPEN', 'EXTERNAL_OPEN'] as const;
export const LINK_TYPES = ['CONTENT_LINK', 'COLUMN_LINK', 'FRONT_LINK'] as const;
export const CONTENT_TYPES = ['PICTURE', 'ARTICLE'] as const;

const CatalogType = Type.Unsafe<(typeof CATALOG_TYPES)[number]>({ type: 'string', enum: [...CATALOG_TYPES], title: '栏目类型' });

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

export const ContentBrief = Type.Object({
  id: Type.String(),
  catalogId: Type.String(),
  catalogCode: Type.String(),
  catalogTitle: Type.String(),
  title: Type.String(),
  summary: NullableString(),
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
  catalogType: Type.String(),
  parentId: NullableString(),
  parentCode: NullableString(),
  /** Code of the top-level catalogue this one belongs to (itself for a top-level one). */
  rootCode: Type.String(),
  sort: Type.Integer(),
  openType: Type.String(),
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

function catalogNode(depth: number, withContents: boolean): TSchema {
  const extra: Record<string, TSchema> = {};
  if (withContents) extra.catalogContentList = Type.Array(ContentBrief);
  if (depth > 1) extra.children = Type.Array(catalogNode(depth - 1, withContents));
  else extra.children = Type.Array(Type.Never(), { maxItems: 0 });
  return Type.Object({ ...catalogFields, ...extra });
}

export interface CatalogNode extends CatalogItem {
  children: CatalogNode[];
  catalogContentList?: ContentBrief[];
}

export const ContentDetail = Type.Object({
  ...ContentBrief.properties,
  /** Sanitised HTML. */
  body: Type.String(),
  /** From the top-level catalogue down to the content's own. */
  catalogPath: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), title: Type.String() })),
  rootCode: Type.String(),
  prev: Type.Union([Type.Object({ id: Type.String(), title: Type.String() }), Type.Null()]),
  next: Type.Union([Type.Object({ id: Type.String(), title: Type.String() }), Type.Null()]),
});
export type ContentDetail = Static<typeof ContentDetail>;

const ContentPagination = Type.Object({
  result: Type.Array(ContentBrief),
  totalCount: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});

// ---------------------------------------------------------------------------------------
// Requests

export const SiteDetailBody = Type.Object({
  siteCode: Type.Optional(SiteCode),
  siteId: Type.Optional(Id('站点 ID')),
});
export const QuerySitesBody = Type.Object({
  siteCodes: Type.Optional(Type.Array(SiteCode, { maxItems: 20, title: '站点编码' })),
});
export const RotatePicturesBody = Type.Object({
  siteCode: Type.Optional(SiteCode),
  code: Type.Optional(CatalogCode),
});
export const ContentDetailBody = Type.Object({ id: Id('内容 ID') });
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
  catalogId: Type.Optional(Id('栏目 ID')),
  siteCode: Type.Optional(SiteCode),
  /** Also the contents of the catalogue's descendants. */
  includeChildren: Type.Optional(Type.Boolean()),
  pageParameter: PageParameter,
});
export type PageContentBody = Static<typeof PageContentBody>;
export const CmsIndexBody = Type.Object({ siteCode: Type.Optional(SiteCode) });
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

// ---------------------------------------------------------------------------------------
// Responses

export const SiteDetailResponse = envelopeSchema(Type.Object({ result: Site }));
export const SitesResponse = envelopeSchema(Type.Object({ result: Type.Array(Site) }));
export const ContentListResponse = envelopeSchema(Type.Object({ result: Type.Array(ContentBrief) }));
export const ContentDetailResponse = envelopeSchema(Type.Object({ result: ContentDetail }));
export const CatalogTreeResponse = envelopeSchema(Type.Object({ result: Type.Array(catalogNode(MAX_CATALOG_DEPTH, false)) }));
export const CatalogTreeWithComponentResponse = envelopeSchema(
  Type.Object({ result: Type.Array(catalogNode(MAX_CATALOG_DEPTH, true)) }),
);
export const CatalogListResponse = envelopeSchema(
  Type.Object({ result: Type.Array(CatalogItem), totalCount: Type.Integer() }),
);
export const PageContentResponse = envelopeSchema(Type.Object({ catalog: CatalogItem, pagination: ContentPagination }));
export const CmsIndexResponse = envelopeSchema(
  Type.Object({
    site: Site,
    banners: Type.Array(ContentBrief),
    news: Type.Array(ContentBrief),
    notices: Type.Array(ContentBrief),
    /** The 用户中心 entries (children of the user-centre catalogue). */
    serviceEntries: Type.Array(CatalogItem),
  }),
);
export const SearchContentResponse = envelopeSchema(
  Type.Object({
    keyWord: Type.String(),
    pagination: Type.Object({
      result: Type.Array(Type.Object({ ...ContentBrief.properties, snippet: Type.String() })),
      totalCount: Type.Integer(),
      pageNum: Type.Integer(),
      pageSize: Type.Integer(),
    }),
  }),
);
