import { request } from '@cotton/sdk';
import { menuViewCalls, overviewCalls } from '@cotton/sdk/calls';
import type { OverviewSummary, VisitedMenus } from '@cotton/sdk/contracts';

/** `/rest/overview/summary` (docs/auth.md, "Overview"; the wire contract `OverviewSummary`). */
export function queryOverviewSummary(): Promise<OverviewSummary> {
  return request.call(overviewCalls.summary, {});
}

/** 最近访问: the menu pages the user opened last (docs/auth.md "Menu visits"). */
export function queryRecentMenus(): Promise<VisitedMenus> {
  return request.call(menuViewCalls.recent);
}

/** 常用功能: the menu pages the user opened most. */
export function queryFrequentMenus(): Promise<VisitedMenus> {
  return request.call(menuViewCalls.frequent);
}
