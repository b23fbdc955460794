import { DASH } from '@cotton/sdk';

/** China Standard Time is UTC+8 all year (no daylight saving since 1991). */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A wall-clock time without a zone (`2026-11-20 09:15[:30]`): taken as China time already. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant the server sends (ISO 8601 with its offset) as China time, whatever the
 * browser's zone: `YYYY-MM-DD HH:mm`, or with seconds. Empty or unreadable → `--`.
 */
export function formatChinaTime(value: string | null | undefined, withSeconds = false): string {
  if (!value) return DASH;
  const text = value.trim();
  const wall = WALL_TIME.exec(text);
  if (wall) {
    const [, y, mo, d, h, mi, s = '00'] = wall;
    return `${y}-${mo}-${d} ${h}:${mi}${withSeconds ? `:${s}` : ''}`;
  }
  const time = Date.parse(text);
  if (Number.isNaN(time)) return DASH;
  const china = new Date(time + CHINA_OFFSET_MS);
  const date = `${china.getUTCFullYear()}-${pad(china.getUTCMonth() + 1)}-${pad(china.getUTCDate())}`;
  const clock = `${pad(china.getUTCHours())}:${pad(china.getUTCMinutes())}`;
  return `${date} ${clock}${withSeconds ? `:${pad(china.getUTCSeconds())}` : ''}`;
}
