/** Display formatting shared by every screen. Empty values show as `--`. */

export const DASH = '--';

export type NumberInput = number | string | null | undefined;

export interface NumberFormatOptions {
  /** Show `--` for a value that is 0 after rounding (e.g. the handling fee column). */
  zeroAsDash?: boolean;
}

function toNumber(value: NumberInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

// Rounds half away from zero in decimal, not binary: `1.005` → `1.01` (toFixed gives 1.00).
function roundDecimal(abs: number, digits: number): string {
  const shifted = Number(`${abs}e${digits}`);
  if (!Number.isFinite(shifted)) return abs.toFixed(digits);
  return Number(`${Math.round(shifted)}e-${digits}`).toFixed(digits);
}

/** `1234.5, 2` → `1,234.50`. Thousands separators, fixed decimals; empty or NaN → `--`. */
export function formatNumber(value: NumberInput, digits = 2, options: NumberFormatOptions = {}): string {
  const n = toNumber(value);
  if (n === null) return DASH;
  const fixed = roundDecimal(Math.abs(n), digits);
  if (options.zeroAsDash && Number(fixed) === 0) return DASH;
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = n < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (frac ? `.${frac}` : '');
}

/** Money: 2 decimals with thousands separators, `1234.5` → `1,234.50`. */
export function formatMoney(value: NumberInput, options: NumberFormatOptions = {}): string {
  return formatNumber(value, 2, options);
}

/** `--` for `null`, `undefined` and `''`; anything else as text. */
export function dash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? DASH : String(value);
}

export type DateInput = Date | string | number | null | undefined;

// `YYYY-MM-DD[ HH:mm[:ss]]` (also with `/`) is local time. `new Date()` would read the
// date-only form as UTC, which shifts the day west of Greenwich.
const LOCAL_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else {
    const text = value.trim();
    const local = LOCAL_DATE.exec(text);
    if (local) {
      const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
      date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
      // Reject overflow such as 2024-02-30, which Date would roll into March.
      if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
    } else if (/^\d+$/.test(text)) {
      date = new Date(Number(text)); // epoch milliseconds sent as a string
    } else {
      date = new Date(text);
    }
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats in local time. Tokens: `YYYY MM DD HH mm ss`. Empty or invalid → `--`. */
export function formatDate(value: DateInput, pattern = 'YYYY-MM-DD'): string {
  const date = toDate(value);
  if (!date) return DASH;
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}

/**
 * Greeting for the hour of day (0–23), spec §9: before 9 早上好, up to 11 上午好,
 * up to 13 中午好 (both inclusive), before 20 下午好, otherwise 晚上好.
 */
export function greetingByHour(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/**
 * A locale text with its `{key}` placeholders filled in: `fillText('共 {total} 条', { total: 3 })`
 * → `共 3 条`. A placeholder without a value stays as written.
 */
export function fillText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole,
  );
}
