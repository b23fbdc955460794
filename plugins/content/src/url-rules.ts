import { isPageNum, matchesRule } from '@cotton/sdk';

/**
 * The server's rules for what the content pages' URLs feed their calls
 * (sdk/src/contracts/cms.ts; url-rules.test.ts holds them together): a value breaking its
 * rule is dropped before any request, with one plain message.
 */

/** A catalogue code: a letter, then letters, digits, `_` or `-`; at most 48. */
export const isCatalogCode = matchesRule(/^[A-Za-z][A-Za-z0-9_-]*$/, 48);

/** A record id: 1…2147483647 written plainly. */
export function isRecordId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}

/** A search keyword: at most 50 characters once trimmed. */
export function isKeyWord(value: string): boolean {
  return value.trim().length <= 50;
}

export { isPageNum };

/** What the visitor reads when the URL carried values the page cannot use. */
export const CONTENT_URL_INVALID = '链接参数无效，已恢复默认';
