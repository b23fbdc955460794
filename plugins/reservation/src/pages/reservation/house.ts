import { DAY_PATTERN } from '@cotton/sdk/validators';
import type { Plando } from '@cotton/sdk/contracts';

/** Percent thresholds of the house colour (spec §9). */
export const HALF_PERCENT = 50;
export const FULL_PERCENT = 100;
/** The progress icon: 9 bars of 10 % each (spec §9). */
export const PROGRESS_BARS = 9;
/**
 * Auto-refresh period the spec defines for the reservation pages but never starts
 * (spec §9): kept here for the record; the page refreshes on 刷新 only.
 */
export const AUTO_REFRESH_MS = 5000;

export type HouseState = 'full' | 'half' | 'empty' | 'normal';

/**
 * The house colour (spec §4): ≥ 100 % full; ≥ 50 % half; 0 % with status other than 4
 * (specified date) and no free tonnage empty; otherwise normal.
 */
export function houseState(plando: Pick<Plando, 'percent' | 'plandoStatus' | 'appointmentWeightEmpty'>): HouseState {
  if (plando.percent >= FULL_PERCENT) return 'full';
  if (plando.percent >= HALF_PERCENT) return 'half';
  if (plando.percent === 0 && plando.plandoStatus !== 4 && plando.appointmentWeightEmpty <= 0) return 'empty';
  return 'normal';
}

/**
 * How many of the 9 bars are lit: bar i (0-based) lights when percent ≥ (i + 1) × 10, so
 * 10 % lights one bar, 90 % and more light all nine (100 % adds the full house colour).
 */
export function litBars(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) return 0;
  return Math.min(PROGRESS_BARS, Math.floor(percent / 10));
}

const STATUS_KEYS = {
  1: 'reservation.status.1',
  2: 'reservation.status.2',
  3: 'reservation.status.3',
  4: 'reservation.status.4',
  5: 'reservation.status.5',
} as const;

export type StatusKey = (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS];

/**
 * The status text of a cell. A specified-date warehouse (appointmentType 2) books no
 * single days: its bookable days read 指定日期 (spec §4, the type-2 house variant).
 */
export function statusKey(plandoStatus: number, appointmentType: number): StatusKey {
  if (appointmentType === 2 && plandoStatus === 1) return STATUS_KEYS[4];
  return STATUS_KEYS[(plandoStatus in STATUS_KEYS ? plandoStatus : 3) as keyof typeof STATUS_KEYS];
}

// One formatter each, made once: `toLocaleString` with options builds a new one per call,
// and the week table formats 560 numbers.
const TONNES = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, useGrouping: false });

/** `1,234.5`: tonnes with up to 3 decimals. */
export function formatTonnes(value: number): string {
  return TONNES.format(value);
}

/** `32.5`: percent with up to one decimal. */
export function formatPercent(value: number): string {
  return PERCENT.format(value);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The seven dates (Monday first) of the week `weekStep` weeks from the one holding
 * `nowDate` (the server's today, Asia/Shanghai): the header even when no warehouse matches.
 */
export function weekOf(nowDate: string, weekStep: number): string[] {
  if (!DAY_PATTERN.test(nowDate)) return [];
  const weekday = new Date(`${nowDate}T00:00:00Z`).getUTCDay() || 7;
  const monday = addDays(nowDate, 1 - weekday + weekStep * 7);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}
