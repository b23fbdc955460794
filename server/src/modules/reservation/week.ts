/**
 * Reservation weeks: Monday to Sunday, in Asia/Shanghai time (UTC+8 all year, no daylight
 * saving), whatever the server's own time zone. Dates are `YYYY-MM-DD` strings.
 */

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Weeks the reservation calls may move from this week, either way. */
export const MAX_WEEK_STEP = 52;

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar date in Shanghai at the instant `now`. */
export function shanghaiToday(now: Date): string {
  return iso(new Date(now.getTime() + SHANGHAI_OFFSET_MS));
}

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  return iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/**
 * The seven dates (Monday first) of the week `weekStep` weeks from the one holding the
 * Shanghai date of `now`.
 */
export function weekDates(now: Date, weekStep: number): string[] {
  const monday = addDays(mondayOf(shanghaiToday(now)), weekStep * 7);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The season a batch ginned on `date` belongs to: September starts a new crop year. */
export function cropYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 9 ? year : year - 1;
}
