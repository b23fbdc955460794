import { request } from '@cotton/sdk';
import type { OverviewSummary } from '@cotton/sdk';

export const OVERVIEW_SUMMARY_URL = '/rest/overview/summary';

/** `/rest/overview/summary` (docs/auth.md, "Overview"; the wire contract `OverviewSummary`). */
export function queryOverviewSummary(): Promise<OverviewSummary> {
  return request.post<OverviewSummary>(OVERVIEW_SUMMARY_URL, {});
}
