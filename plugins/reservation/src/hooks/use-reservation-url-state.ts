import { matchesRule, useSearchParamsState } from '@cotton/sdk';
import { DAY_PATTERN, REGION_CODE_LIST_PATTERN } from '@cotton/sdk/validators';
import type { SearchParamRules } from '@cotton/sdk';

/**
 * What the reservation pages keep in the URL: the week offset, the region filter and the
 * open detail (warehouse and day), so reload and the back button work. Defaults stay out
 * of the URL: `/reservation` is this week, all regions, the week table.
 */
export const RESERVATION_URL_DEFAULTS = {
  /** Integer offset from this week, as a string. */
  weekStep: '0',
  /** Xinjiang: reservation area group code; '' all. */
  regionAreaCode: '',
  /** Inland: comma-joined province or city codes; '' all. */
  regionProviceCode: '',
  /** Open detail: warehouse code, its name and the day; '' shows the week table. */
  whsCode: '',
  whsName: '',
  appointDate: '',
};

export type ReservationUrlState = typeof RESERVATION_URL_DEFAULTS;

/**
 * The server's rules for what the URL feeds the calls (sdk/src/contracts/reservation.ts; a
 * test holds them together): a value breaking its rule is dropped before any request, with
 * one plain message, so the visitor never reads the server's refusal naming wire fields.
 */
export const RESERVATION_URL_RULES: SearchParamRules<ReservationUrlState> = {
  weekStep: matchesRule(/^(0|-?([1-9]|[1-4]\d|5[0-2]))$/, 16),
  regionAreaCode: matchesRule(/^[A-Za-z]{1,16}$/, 32),
  regionProviceCode: matchesRule(REGION_CODE_LIST_PATTERN, 700),
  whsCode: (value) => value.length >= 1 && value.length <= 32,
  whsName: (value) => value.length <= 128,
  appointDate: matchesRule(DAY_PATTERN, 32),
};

/** What the visitor reads when the URL carried values the page cannot use. */
export const RESERVATION_URL_INVALID = '筛选条件无效，已恢复默认';

export function useReservationUrlState() {
  return useSearchParamsState<ReservationUrlState>(RESERVATION_URL_DEFAULTS, {
    rules: RESERVATION_URL_RULES,
    invalidMessage: RESERVATION_URL_INVALID,
  });
}

/** The week offset of the URL, clamped to what the server accepts (−52…52). */
export function toWeekStep(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.max(-52, Math.min(52, n));
}
