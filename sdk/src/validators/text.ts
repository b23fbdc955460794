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

/**
 * Characters a reader cannot see or that change how the text around them is shown: controls
 * (Cc: C0, DEL, C1 — tabs and line breaks too), format characters (Cf: the direction
 * embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069, the marks U+200E/U+200F and
 * U+061C, zero-width U+200B–U+200D, U+2060, U+FEFF, the soft hyphen…), the line and paragraph
 * separators, and the Hangul fillers that show as blank. One character class: linear time.
 */
const INVISIBLE_CLASS = '[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\u115F\\u1160\\u3164\\uFFA0]';
const INVISIBLE = new RegExp(INVISIBLE_CLASS, 'u');
const INVISIBLE_ALL = new RegExp(INVISIBLE_CLASS, 'gu');

/**
 * Whether `value` holds an invisible or direction-control character (Cc, Cf, Zl, Zp, the Hangul fillers):
 * `…\u202e司公限有流物` shows reversed, `棉\u200b业` looks like `棉业`.
 */
export function hasInvisibleChar(value: string | null | undefined): boolean {
  return typeof value === 'string' && INVISIBLE.test(value);
}

/** `value` without its invisible and direction-control characters (for comparing, never for storing). */
export function withoutInvisibleChars(value: string): string {
  return value.replace(INVISIBLE_ALL, '');
}

/** The message for a field holding an invisible or direction-control character. */
export function invisibleCharMessage(label: string): string {
  return `${label}不能包含不可见字符或文字方向控制字符，请删除后重新输入`;
}
