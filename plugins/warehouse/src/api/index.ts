import { request } from '@cotton/sdk';
import { dictCalls, warehouseCalls } from '@cotton/sdk/calls';
import type {
  GetDictListsBody,
  QueryWhsDetailBody,
  QueryWhsPageBody,
  WhsDetail,
  WhsPage,
  WhsSearchParam,
} from '@cotton/sdk/contracts';

// The warehouse calls (docs/architecture.md, "Warehouses") of `@cotton/sdk/calls`
// (sdk/src/contracts/warehouse.ts, dict.ts).

/** Public warehouse list, one page. Empty filters are left out of `searchParam`. */
export function queryWhsPage(search: WhsSearchParam, pageNum: number, pageSize: number): Promise<WhsPage> {
  const searchParam: WhsSearchParam = {};
  const name = search.warehouseName?.trim();
  if (name) searchParam.warehouseName = name;
  if (search.regionProviceCode) searchParam.regionProviceCode = search.regionProviceCode;
  if (search.warehouseAreaType) searchParam.warehouseAreaType = search.warehouseAreaType;
  const body: QueryWhsPageBody = { searchParam, pageParameter: { pageNum, pageSize } };
  return request.call(warehouseCalls.page, body);
}

/** One warehouse's detail; rejects with `ApiError` code '404' for an unknown code. */
export function queryWhsDetail(whsCode: string): Promise<WhsDetail> {
  const body: QueryWhsDetailBody = { whsCode };
  return request.call(warehouseCalls.detail, body);
}

/** The dictionaries the detail shows codes of. */
export const WHS_DICT_CATEGORIES = ['WHS_TYPE', 'WHS_BIZ_TYPE', 'FREIGHT_YARD_TYPE'] as const;
export type WhsDictCategory = (typeof WHS_DICT_CATEGORIES)[number];
/** category → code → label. */
export type WhsDicts = Record<WhsDictCategory, Record<string, string>>;

/** How long fetched dictionaries are reused, ms: as the SDK's `fetchDictList` (5 s). */
export const WHS_DICTS_FRESH_MS = 5_000;

let dicts: { at: number; promise: Promise<WhsDicts> } | null = null;

function emptyDicts(): WhsDicts {
  return { WHS_TYPE: {}, WHS_BIZ_TYPE: {}, FREIGHT_YARD_TYPE: {} };
}

/**
 * The warehouse dictionaries in one call, reused for a few seconds: a detail opened after
 * that asks again, so a change in 数据字典 reaches it. A failure is not fatal (the detail
 * then shows the codes) and is forgotten, so the next detail retries.
 */
export function queryWhsDicts(): Promise<WhsDicts> {
  if (dicts && Date.now() - dicts.at < WHS_DICTS_FRESH_MS) return dicts.promise;
  const kept = {
    at: Date.now(),
    promise: request
      .call(dictCalls.lists, { dictCategorys: [...WHS_DICT_CATEGORIES] } satisfies GetDictListsBody)
      .then(({ dictLists }) => {
        const found = emptyDicts();
        for (const category of WHS_DICT_CATEGORIES) {
          for (const item of dictLists?.[category] ?? []) found[category][item.code] = item.value;
        }
        return found;
      })
      .catch(() => {
        if (dicts === kept) dicts = null;
        return emptyDicts();
      }),
  };
  dicts = kept;
  return kept.promise;
}

/** For tests: forget the fetched dictionaries. */
export function resetWhsDicts(): void {
  dicts = null;
}
