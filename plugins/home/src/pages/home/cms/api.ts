import { request } from '@cotton/sdk';
import type { CmsIndex, CmsIndexBody, ContentBrief } from '@cotton/sdk';

// `/rest/cms/index` (docs/architecture.md, "Content management and complaints"): the wire
// contract `CmsIndex`.

export const CMS_INDEX_URL = '/rest/cms/index';

export function fetchCmsIndex(): Promise<CmsIndex> {
  const body: CmsIndexBody = {};
  return request.post<CmsIndex>(CMS_INDEX_URL, body);
}

/** An article of a top-level column read on the service page, with that column as its menu. */
export function articleHref(content: Pick<ContentBrief, 'id' | 'catalogCode'>): string {
  return `/service?${new URLSearchParams({ code: content.catalogCode, activeKey: content.catalogCode, id: content.id }).toString()}`;
}

export function columnHref(code: string): string {
  return `/service?${new URLSearchParams({ code, activeKey: code }).toString()}`;
}
