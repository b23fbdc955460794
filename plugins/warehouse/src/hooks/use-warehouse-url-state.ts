import { useSearchParamsState } from '@cotton/sdk';

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

export function useWarehouseUrlState() {
  return useSearchParamsState<WarehouseUrlState>(WAREHOUSE_URL_DEFAULTS);
}
