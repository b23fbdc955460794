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

/** The zone every time shown to people is in: China time (UTC+8), whatever the browser's zone. */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/** How a China time is named next to it where it could be misread (a column title, a tooltip). */
export const CHINA_TIME_LABEL = '北京时间';

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// `YYYY-MM-DD[ HH:mm[:ss[.fff]]]` (also with `/` or a `T`) without a zone is already a China
// wall-clock time (the public content API sends them so); a bare day is a calendar day. Neither
// goes through `Date`, which would read them in the browser's zone (or the bare day as UTC).
const WALL_CLOCK = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

// Made once: `Intl.DateTimeFormat` is costly to build, and a table formats hundreds of times.
let chinaClock: Intl.DateTimeFormat | undefined;

/** An instant's wall clock in China, from Intl with the zone named (not the browser's zone). */
function chinaWallClock(date: Date): WallClock {
  chinaClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CHINA_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of chinaClock.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

function toWallClock(value: DateInput): WallClock | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else {
    const text = value.trim();
    const wall = WALL_CLOCK.exec(text);
    if (wall) {
      const [year, month, day, hour, minute, second] = wall.slice(1).map((part) => Number(part ?? 0));
      // Reject overflow such as 2024-02-30, which Date would roll into March.
      const check = new Date(Date.UTC(year, month - 1, day));
      if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
      if (hour > 23 || minute > 59 || second > 59) return null;
      return { year, month, day, hour, minute, second };
    }
    // Epoch milliseconds sent as a string; otherwise ISO 8601 with its zone (`Z`, `+08:00`).
    date = /^\d+$/.test(text) ? new Date(Number(text)) : new Date(text);
  }
  return Number.isNaN(date.getTime()) ? null : chinaWallClock(date);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats in China time (Asia/Shanghai), whatever the browser's zone. Tokens: `YYYY MM DD HH mm ss`.
 * An instant (`Date`, epoch ms, ISO 8601 with `Z` or an offset) shows as the China wall clock; a
 * string without a zone (`2026-11-20 09:15`) is one already, and a bare day (`2026-11-20`) stays
 * that day. Empty or invalid → `--`.
 */
export function formatDate(value: DateInput, pattern = 'YYYY-MM-DD'): string {
  const clock = toWallClock(value);
  if (!clock) return DASH;
  const parts: Record<string, string> = {
    YYYY: String(clock.year),
    MM: pad(clock.month),
    DD: pad(clock.day),
    HH: pad(clock.hour),
    mm: pad(clock.minute),
    ss: pad(clock.second),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}

/** The hour of day (0–23) in China at an instant (default: now), e.g. for {@link greetingByHour}. */
export function chinaHour(value: Date | number = Date.now()): number {
  return chinaWallClock(new Date(value)).hour;
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
