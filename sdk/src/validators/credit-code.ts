/**
 * Unified social credit code, GB 32100-2015. The spec's form check accepts 15, 18 or 20
 * letters or digits (older registration numbers); an 18-character code must also carry the
 * right check character. Lower-case letters are accepted and checked as upper case.
 */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
// 3^i mod 31 for positions 1–17.
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters, or `null` if one is outside the charset. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const v = CHARSET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * WEIGHTS[i];
  }
  return CHARSET[(31 - (sum % 31)) % 31];
}

/** `91350100M000100Y43` */
export function isCreditCode(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || !/^(?:[A-Za-z0-9]{15}|[A-Za-z0-9]{18}|[A-Za-z0-9]{20})$/.test(value)) {
    return false;
  }
  if (value.length !== 18) return true;
  const code = value.toUpperCase();
  return creditCodeCheckChar(code) === code[17];
}
