import { request } from '@cotton/sdk';

/** A content as the list calls give it (docs/architecture.md, "Content management"). */
export interface ContentBrief {
  id: string;
  catalogId: string;
  catalogCode: string;
  catalogTitle: string;
  title: string;
  summary: string | null;
  contentType: 'PICTURE' | 'ARTICLE' | string;
  coverUrl: string | null;
  linkUrl: string | null;
  author: string | null;
  source: string | null;
  /** `YYYY-MM-DD HH:mm:ss` */
  publishTime: string;
  sort: number;
}

export interface ContentDetail extends ContentBrief {
  /** HTML sanitised by the server: rendered as it is. */
  body: string;
  catalogPath: Array<{ id: string; code: string; title: string }>;
  rootCode: string;
  prev: { id: string; title: string } | null;
  next: { id: string; title: string } | null;
}

export interface CatalogNode {
  id: string;
  code: string;
  title: string;
  catalogType: string;
  parentId: string | null;
  parentCode: string | null;
  rootCode: string;
  sort: number;
  openType: 'INTERNAL_OPEN' | 'EXTERNAL_OPEN' | string;
  linkType: 'CONTENT_LINK' | 'COLUMN_LINK' | 'FRONT_LINK' | string;
  linkUrl: string | null;
  contentId: string | null;
  description: string | null;
  catalogTemplateEntity: { templateCode: string; templateName: string; componentPath: string } | null;
  children: CatalogNode[];
}

export interface ContentPage {
  catalog: Omit<CatalogNode, 'children'>;
  pagination: { result: ContentBrief[]; totalCount: number; pageNum: number; pageSize: number };
}

export interface SearchHit extends ContentBrief {
  snippet: string;
}

export interface SearchResult {
  keyWord: string;
  pagination: { result: SearchHit[]; totalCount: number; pageNum: number; pageSize: number };
}

export const CATALOG_TREE_URL = '/rest/cmsCatalog/queryCatalogTree';
export const PAGE_CONTENT_URL = '/rest/cmsContent/PageCmsContentAndTemService';
export const CONTENT_DETAIL_URL = '/rest/cmsContent/contentDetail';
export const SEARCH_CONTENT_URL = '/rest/cmsContent/searchContent';
export const ADD_COMPLAIN_URL = '/rest/complain/addComplain';

export function queryCatalogTree(code: string): Promise<{ result: CatalogNode[] }> {
  return request.post(CATALOG_TREE_URL, { code });
}

export function pageContents(catalog: { code?: string; catalogId?: string }, pageNum: number, pageSize: number): Promise<ContentPage> {
  return request.post(PAGE_CONTENT_URL, { ...catalog, pageParameter: { pageNum, pageSize } });
}

export function queryContentDetail(id: string): Promise<{ result: ContentDetail }> {
  return request.post(CONTENT_DETAIL_URL, { id });
}

export function searchContent(keyWord: string, pageNum: number, pageSize: number): Promise<SearchResult> {
  return request.post(SEARCH_CONTENT_URL, { keyWord, pageParameter: { pageNum, pageSize } });
}

export type ComplaintType = 'COMPLAINT' | 'SUGGESTION' | 'CONSULT';

export interface Complaint {
  name: string;
  phone: string;
  email?: string;
  complaintType: ComplaintType;
  content: string;
}

export function addComplain(complaint: Complaint): Promise<{ id: string }> {
  return request.post(ADD_COMPLAIN_URL, complaint);
}

/** Where a content is read: the service page with its top-level catalogue as the menu. */
export function articleHref(content: { id: string; catalogCode: string }, rootCode?: string): string {
  const params = new URLSearchParams();
  if (rootCode) params.set('code', rootCode);
  params.set('activeKey', content.catalogCode);
  params.set('id', content.id);
  return `/service?${params.toString()}`;
}
