import { isPageNum, matchesRule } from '@cotton/sdk';
import { CMS_CODE_PATTERN, isRecordId } from '@cotton/sdk/validators';

/**
 * The server's rules for what the content pages' URLs feed their calls
 * (sdk/src/contracts/cms.ts; url-rules.test.ts holds them together): a value breaking its
 * rule is dropped before any request, with one plain message.
 */

/** A catalogue code: a letter, then letters, digits, `_` or `-`; at most 48. */
export const isCatalogCode = matchesRule(CMS_CODE_PATTERN, 48);

/** A search keyword: at most 50 characters once trimmed. */
export function isKeyWord(value: string): boolean {
  return value.trim().length <= 50;
}

// A page number, and a record id (1…2147483647 written plainly): the SDK's rules.
export { isPageNum, isRecordId };

/** What the visitor reads when the URL carried values the page cannot use. */
export const CONTENT_URL_INVALID = '链接参数无效，已恢复默认';
