/** Text helpers shared by forms and the server. */

/** The trimmed string; `''` for `null`/`undefined`. Use as a form's normalize function. */
export function trimmed(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

const CJK = '\\u3400-\\u4dbf\\u4e00-\\u9fff';

/** At least one Chinese (CJK unified) character. */
export function hasChinese(value: string | null | undefined): boolean {
  return typeof value === 'string' && new RegExp(`[${CJK}]`).test(value);
}

/** Non-empty and Chinese characters only (no spaces, digits or punctuation). */
export function isAllChinese(value: string | null | undefined): boolean {
  return typeof value === 'string' && new RegExp(`^[${CJK}]+$`).test(value);
}

/**
 * Anything other than letters, digits, Chinese characters and whitespace counts as
 * special: ASCII and full-width punctuation, symbols, emoji. Whitespace has its own check
 * (`hasWhitespace`). Note that `·` in transcribed names (买买提·艾力) is special here.
 */
export function hasSpecialChar(value: string | null | undefined): boolean {
  return typeof value === 'string' && new RegExp(`[^A-Za-z0-9${CJK}\\s]`).test(value);
}

/** Any whitespace: space, tab, newline, full-width space. */
export function hasWhitespace(value: string | null | undefined): boolean {
  return typeof value === 'string' && /\s/.test(value);
}
