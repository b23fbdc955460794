import { request } from '@cotton/sdk';

/** A content of `/rest/cms/index` (docs/architecture.md, "Content management"). */
export interface CmsContent {
  id: string;
  catalogCode: string;
  title: string;
  summary: string | null;
  coverUrl: string | null;
  linkUrl: string | null;
  /** `YYYY-MM-DD HH:mm:ss` */
  publishTime: string;
}

export interface CmsIndex {
  banners: CmsContent[];
  news: CmsContent[];
  notices: CmsContent[];
}

export const CMS_INDEX_URL = '/rest/cms/index';

export function fetchCmsIndex(): Promise<CmsIndex> {
  return request.post<CmsIndex>(CMS_INDEX_URL, {});
}

/** An article of a top-level column read on the service page, with that column as its menu. */
export function articleHref(content: CmsContent): string {
  return `/service?${new URLSearchParams({ code: content.catalogCode, activeKey: content.catalogCode, id: content.id }).toString()}`;
}

export function columnHref(code: string): string {
  return `/service?${new URLSearchParams({ code, activeKey: code }).toString()}`;
}
