import { request } from '@cotton/sdk';

export const OVERVIEW_SUMMARY_URL = '/rest/overview/summary';

/** `/rest/overview/summary` (docs/auth.md, "Overview"). */
export interface OverviewSummary {
  warehouses: { total: number; xinjiang: number; inland: number };
  receipts: { total: number };
  /** Appointments of the current week (Monday to Sunday) and their tonnage. */
  appointmentsThisWeek: { total: number; tonnage: number };
  /** `null` for users without `register:apply:list`. */
  registrationsAwaitingReview: number | null;
}

export function queryOverviewSummary(): Promise<OverviewSummary> {
  return request.post<OverviewSummary>(OVERVIEW_SUMMARY_URL, {});
}
