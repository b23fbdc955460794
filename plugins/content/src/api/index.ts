import { request } from '@cotton/sdk';
import type {
  AddComplainBody,
  CatalogTreeBody,
  CatalogTreeResult,
  ComplaintCreated,
  ContentBrief,
  ContentDetailBody,
  ContentDetailResult,
  ContentPage,
  PageContentBody,
  SearchContentBody,
  SearchResult,
} from '@cotton/sdk';

// The content calls (docs/architecture.md, "Content management and complaints"); the shapes
// are the wire contracts of `@cotton/sdk` (sdk/src/contracts/cms.ts, complain.ts).

export const CATALOG_TREE_URL = '/rest/cmsCatalog/queryCatalogTree';
export const PAGE_CONTENT_URL = '/rest/cmsContent/PageCmsContentAndTemService';
export const CONTENT_DETAIL_URL = '/rest/cmsContent/contentDetail';
export const SEARCH_CONTENT_URL = '/rest/cmsContent/searchContent';
export const ADD_COMPLAIN_URL = '/rest/complain/addComplain';

export function queryCatalogTree(code: string): Promise<CatalogTreeResult> {
  const body: CatalogTreeBody = { code };
  return request.post(CATALOG_TREE_URL, body);
}

export function pageContents(
  catalog: { code?: string; catalogId?: string },
  pageNum: number,
  pageSize: number,
): Promise<ContentPage> {
  const body: PageContentBody = { ...catalog, pageParameter: { pageNum, pageSize } };
  return request.post(PAGE_CONTENT_URL, body);
}

export function queryContentDetail(id: string): Promise<ContentDetailResult> {
  const body: ContentDetailBody = { id };
  return request.post(CONTENT_DETAIL_URL, body);
}

export function searchContent(keyWord: string, pageNum: number, pageSize: number): Promise<SearchResult> {
  const body: SearchContentBody = { keyWord, pageParameter: { pageNum, pageSize } };
  return request.post(SEARCH_CONTENT_URL, body);
}

export function addComplain(complaint: AddComplainBody): Promise<ComplaintCreated> {
  return request.post(ADD_COMPLAIN_URL, complaint);
}

/** Where a content is read: the service page with its top-level catalogue as the menu. */
export function articleHref(content: Pick<ContentBrief, 'id' | 'catalogCode'>, rootCode?: string): string {
  const params = new URLSearchParams();
  if (rootCode) params.set('code', rootCode);
  params.set('activeKey', content.catalogCode);
  params.set('id', content.id);
  return `/service?${params.toString()}`;
}
