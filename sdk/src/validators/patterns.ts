/**
 * Format predicates from the spec (registration §5, public queries §5). They test the
 * value exactly as given: trim first (`trimmed`) where the form trims. Pure functions, no
 * DOM: the server validates with the same code.
 */

/** A value the predicates accept; anything but a string fails. */
export type Checked = string | null | undefined;

function test(pattern: RegExp, value: Checked): boolean {
  return typeof value === 'string' && pattern.test(value);
}

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
// Letters, digits, dot, underscore or hyphen; @; domain labels; a last suffix of 2–3
// letters (`x.com`, `x.com.cn`). Four-letter and longer suffixes are refused, as the spec's
// pattern does.
const EMAIL = new RegExp(`^[A-Za-z0-9._-]+@${LABEL}(?:\\.${LABEL})*\\.[A-Za-z]{2,3}$`);

/** `a.b-c@x.com.cn` */
export function isEmail(value: Checked): boolean {
  return test(EMAIL, value);
}

/** 11 digits: 1, then 3–9, then 9 digits. */
export function isMobile(value: Checked): boolean {
  return test(/^1[3-9]\d{9}$/, value);
}

/** Optional 3–4 digit area code and a hyphen, then 7–8 digits: `0991-1234567`, `12345678`. */
export function isLandline(value: Checked): boolean {
  return test(/^(?:\d{3,4}-)?\d{7,8}$/, value);
}

/** A mobile or a landline number. */
export function isPhone(value: Checked): boolean {
  return isMobile(value) || isLandline(value);
}

/** `http://` or `https://`, a host (name, IP or `localhost`), optional port, path, query. */
export function isUrl(value: Checked): boolean {
  return test(/^https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:[/?#]\S*)?$/i, value);
}

/** 6 digits, the first not 0. */
export function isPostcode(value: Checked): boolean {
  return test(/^[1-9]\d{5}$/, value);
}

/** One or more ASCII digits, nothing else. */
export function isDigits(value: Checked): boolean {
  return test(/^\d+$/, value);
}

// Plain decimal notation: no sign, no exponent, no leading zeros (`01`), no bare point
// (`.5`, `5.`). What a user types into an amount field; `1e3` is a typing accident.
const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** 0 or more, plain decimal notation: `0`, `0.5`, `12.340`. */
export function isNonNegativeDecimal(value: Checked): boolean {
  return test(DECIMAL, value);
}

/**
 * A positive amount, decimals allowed: `0.5`, `12`, `12.34`. Refused: `0`, `0.00`, `-1`,
 * `+1`, `1e3`, `.5`, `5.`, `01`. Any number of decimals (registered capital in 万元 may
 * have more than two).
 */
export function isMoney(value: Checked): boolean {
  return isNonNegativeDecimal(value) && /[1-9]/.test(value as string);
}

/** A day as `YYYY-MM-DD` (the form only: whether the calendar has it is the caller's check). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
