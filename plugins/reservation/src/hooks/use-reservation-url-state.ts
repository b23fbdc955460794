import { useSearchParamsState } from '@cotton/sdk';

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

export function useReservationUrlState() {
  return useSearchParamsState<ReservationUrlState>(RESERVATION_URL_DEFAULTS);
}

/** The week offset of the URL, clamped to what the server accepts (−52…52). */
export function toWeekStep(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.max(-52, Math.min(52, n));
}
