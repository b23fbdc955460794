/**
 * Resident identity number, GB 11643-1999: 6-digit area, 8-digit birth date, 3-digit
 * sequence, check character (ISO 7064 MOD 11-2). `x` is accepted for `X`.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

function isRealPastDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1800 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; Date handles leap years.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  const todayKey = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
  return year * 10_000 + month * 100 + day <= todayKey;
}

/** 18 characters, a real birth date not after today, and a correct check character. */
export function isIdCard(value: string | null | undefined, today: Date = new Date()): boolean {
  if (typeof value !== 'string' || !/^[1-9]\d{16}[\dXx]$/.test(value)) return false;
  if (!isRealPastDate(value.slice(6, 14), today)) return false;
  return idCardCheckChar(value) === value[17].toUpperCase();
}
