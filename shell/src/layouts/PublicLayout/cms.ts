import { request } from '@cotton/sdk';
import { cmsCalls } from '@cotton/sdk/calls';
import type { CatalogItem, ContentBrief } from '@cotton/sdk/contracts';

/**
 * What the footer and the floating tools read from content management. The shell knows
 * only the catalogue codes (content-management keys, not content): the items, their titles
 * and targets come from the server.
 */
export const USER_CENTER_CODE = 'userCenter';
export const SERVICE_CENTER_CODE = 'serviceCenter';
/** Spec §9: the footer shows the first 4 user-centre items; the help popover 5 random articles. */
export const FOOTER_USER_CENTER_COUNT = 4;
export const HELP_ARTICLE_COUNT = 5;
const DEFAULT_COMPONENT_PATH = '/service';

export async function fetchUserCenterItems(): Promise<CatalogItem[]> {
  const { result } = await request.call(cmsCalls.catalogList, {
    code: USER_CENTER_CODE,
    ifPage: true,
    pageParameter: { pageNum: 1, pageSize: FOOTER_USER_CENTER_COUNT },
  });
  return result.slice(0, FOOTER_USER_CENTER_COUNT);
}

export async function fetchHelpArticles(): Promise<ContentBrief[]> {
  const { result } = await request.call(cmsCalls.randomContents, {
    code: SERVICE_CENTER_CODE,
    count: HELP_ARTICLE_COUNT,
  });
  return result.slice(0, HELP_ARTICLE_COUNT);
}

/**
 * Where a user-centre item leads: its template's component path with `code` (its top-level
 * catalogue), `activeKey` (its own code) and `catalogId`, or `id` when it opens one content.
 * A FRONT_LINK item leads to its own URL.
 */
export function catalogItemHref(
  item: Pick<CatalogItem, 'id' | 'code' | 'rootCode' | 'linkType' | 'linkUrl' | 'contentId' | 'catalogTemplateEntity'>,
): string {
  if (item.linkType === 'FRONT_LINK' && item.linkUrl) return item.linkUrl;
  const params = new URLSearchParams({ code: item.rootCode, activeKey: item.code });
  if (item.linkType === 'CONTENT_LINK' && item.contentId) params.set('id', item.contentId);
  else params.set('catalogId', item.id);
  return `${item.catalogTemplateEntity?.componentPath || DEFAULT_COMPONENT_PATH}?${params.toString()}`;
}

export function articleHref(article: Pick<ContentBrief, 'id' | 'catalogCode'>): string {
  return `${DEFAULT_COMPONENT_PATH}?${new URLSearchParams({ activeKey: article.catalogCode, id: article.id }).toString()}`;
}
