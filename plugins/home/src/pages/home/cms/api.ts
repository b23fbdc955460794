import { request } from '@cotton/sdk';
import { cmsCalls } from '@cotton/sdk/calls';
import type { ContentBrief } from '@cotton/sdk/contracts';

// `cmsCalls.index` (docs/architecture.md, "Content management and complaints"): the home
// page's CMS parts, the wire contract `CmsIndex`.

export const fetchCmsIndex = () => request.call(cmsCalls.index, {});

/** An article of a top-level column read on the service page, with that column as its menu. */
export function articleHref(content: Pick<ContentBrief, 'id' | 'catalogCode'>): string {
  return `/service?${new URLSearchParams({ code: content.catalogCode, activeKey: content.catalogCode, id: content.id }).toString()}`;
}

export function columnHref(code: string): string {
  return `/service?${new URLSearchParams({ code, activeKey: code }).toString()}`;
}
