import { request } from '@cotton/sdk';
import { cmsCalls, complainCalls } from '@cotton/sdk/calls';
import type { AddComplainBody, ContentBrief } from '@cotton/sdk/contracts';

// The content calls (docs/architecture.md, "Content management and complaints"): `cmsCalls`
// and `complainCalls` of `@cotton/sdk/calls` (sdk/src/contracts/cms.ts, complain.ts).

export const queryCatalogTree = (code: string) => request.call(cmsCalls.catalogTree, { code });

export const pageContents = (catalog: { code?: string; catalogId?: string }, pageNum: number, pageSize: number) =>
  request.call(cmsCalls.contentPage, { ...catalog, pageParameter: { pageNum, pageSize } });

export const queryContentDetail = (id: string) => request.call(cmsCalls.contentDetail, { id });

export const searchContent = (keyWord: string, pageNum: number, pageSize: number) =>
  request.call(cmsCalls.search, { keyWord, pageParameter: { pageNum, pageSize } });

export const addComplain = (complaint: AddComplainBody) => request.call(complainCalls.add, complaint);

/** Where a content is read: the service page with its top-level catalogue as the menu. */
export function articleHref(content: Pick<ContentBrief, 'id' | 'catalogCode'>, rootCode?: string): string {
  const params = new URLSearchParams();
  if (rootCode) params.set('code', rootCode);
  params.set('activeKey', content.catalogCode);
  params.set('id', content.id);
  return `/service?${params.toString()}`;
}
