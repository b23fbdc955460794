import {
  CatalogListResult,
  CatalogTreeResult,
  CatalogTreeWithComponentResult,
  CmsIndex,
  ContentDetailResult,
  ContentListResult,
  ContentPage,
  Envelope,
  SearchResult,
  SiteDetailResult,
  SitesResult,
} from '@cotton/sdk/contracts';

// The content-management calls: the wire contracts (sdk/src/contracts/cms.ts) and the
// envelopes they are answered in.
export {
  CATALOG_TYPES,
  CONTENT_TYPES,
  CatalogItem,
  CatalogListBody,
  CatalogTemplate,
  CatalogTreeBody,
  CmsIndexBody,
  ContentBrief,
  ContentDetail,
  ContentDetailBody,
  LINK_TYPES,
  MAX_CATALOG_DEPTH,
  OPEN_TYPES,
  PageContentBody,
  QuerySitesBody,
  RandomContentsBody,
  RotatePicturesBody,
  SearchContentBody,
  Site,
  SiteDetailBody,
} from '@cotton/sdk/contracts';
export type { CatalogNode } from '@cotton/sdk/contracts';

export const SiteDetailResponse = Envelope(SiteDetailResult);
export const SitesResponse = Envelope(SitesResult);
export const ContentListResponse = Envelope(ContentListResult);
export const ContentDetailResponse = Envelope(ContentDetailResult);
export const CatalogTreeResponse = Envelope(CatalogTreeResult);
export const CatalogTreeWithComponentResponse = Envelope(CatalogTreeWithComponentResult);
export const CatalogListResponse = Envelope(CatalogListResult);
export const PageContentResponse = Envelope(ContentPage);
export const CmsIndexResponse = Envelope(CmsIndex);
export const SearchContentResponse = Envelope(SearchResult);
