import { isPageNum, matchesRule, useSearchParamsState } from '@cotton/sdk';
import type { SearchParamRules } from '@cotton/sdk';
import { PROVINCE_CODE_LIST_PATTERN } from '@cotton/sdk/validators';

/**
 * Everything the warehouse screen keeps in the URL query: the filters, the page and the
 * open detail. Defaults are left out of the URL, so `/warehouse` is page 1 unfiltered.
 * One hook (one set of keys) for the list and the detail view, so opening a detail keeps
 * the list's filters and page in the URL and the browser's back button restores them.
 */
export const WAREHOUSE_URL_DEFAULTS = {
  warehouseName: '',
  /** Comma-joined province codes. */
  regionProviceCode: '',
  /** '1' Xinjiang, '2' inland, '' any. */
  warehouseAreaType: '',
  pageNum: '1',
  /** Code of the warehouse whose detail is open; '' shows the list. */
  whsCode: '',
};

export type WarehouseUrlState = typeof WAREHOUSE_URL_DEFAULTS;

/**
 * The server's rules for what the URL feeds the calls (`QueryWhsPageBody`,
 * `QueryWhsDetailBody` in sdk/src/contracts/warehouse.ts; a test holds them together): a
 * value breaking its rule is dropped before any request, so the visitor never sees the
 * server's refusal naming wire fields.
 */
export const WAREHOUSE_URL_RULES: SearchParamRules<WarehouseUrlState> = {
  warehouseName: (value) => value.trim().length <= 100,
  regionProviceCode: matchesRule(PROVINCE_CODE_LIST_PATTERN, 300),
  warehouseAreaType: matchesRule(/^[12]$/, 8),
  pageNum: isPageNum,
  whsCode: (value) => value.length >= 1 && value.length <= 32,
};

/** What the visitor reads when the URL carried filters the list cannot use. */
export const WAREHOUSE_URL_INVALID = '筛选条件无效，已恢复默认';

export function useWarehouseUrlState() {
  return useSearchParamsState<WarehouseUrlState>(WAREHOUSE_URL_DEFAULTS, {
    rules: WAREHOUSE_URL_RULES,
    invalidMessage: WAREHOUSE_URL_INVALID,
  });
}
