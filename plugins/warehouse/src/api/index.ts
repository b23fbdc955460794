import { request } from '@cotton/sdk';
import type {
  DictListsResult,
  GetDictListsBody,
  QueryWhsDetailBody,
  QueryWhsPageBody,
  WhsDetail,
  WhsPage,
  WhsSearchParam,
} from '@cotton/sdk';

// The warehouse calls (docs/architecture.md, "Warehouses"); the shapes are the wire contracts of
// `@cotton/sdk` (sdk/src/contracts/warehouse.ts, dict.ts).

export const WHS_PAGE_URL = '/rest/anon/queryWhsPage';
export const WHS_DETAIL_URL = '/rest/anon/queryWhsDetail';

/** Public warehouse list, one page. Empty filters are left out of `searchParam`. */
export function queryWhsPage(search: WhsSearchParam, pageNum: number, pageSize: number): Promise<WhsPage> {
  const searchParam: WhsSearchParam = {};
  const name = search.warehouseName?.trim();
  if (name) searchParam.warehouseName = name;
  if (search.regionProviceCode) searchParam.regionProviceCode = search.regionProviceCode;
  if (search.warehouseAreaType) searchParam.warehouseAreaType = search.warehouseAreaType;
  const body: QueryWhsPageBody = { searchParam, pageParameter: { pageNum, pageSize } };
  return request.post<WhsPage>(WHS_PAGE_URL, body);
}

/** One warehouse's detail; rejects with `ApiError` code '404' for an unknown code. */
export function queryWhsDetail(whsCode: string): Promise<WhsDetail> {
  const body: QueryWhsDetailBody = { whsCode };
  return request.post<WhsDetail>(WHS_DETAIL_URL, body);
}

/** The dictionaries the detail shows codes of. */
export const WHS_DICT_CATEGORIES = ['WHS_TYPE', 'WHS_BIZ_TYPE', 'FREIGHT_YARD_TYPE'] as const;
export type WhsDictCategory = (typeof WHS_DICT_CATEGORIES)[number];
/** category → code → label. */
export type WhsDicts = Record<WhsDictCategory, Record<string, string>>;

export const DICT_LISTS_URL = '/rest/dict/getdictlists';

let dictsPromise: Promise<WhsDicts> | null = null;

function emptyDicts(): WhsDicts {
  return { WHS_TYPE: {}, WHS_BIZ_TYPE: {}, FREIGHT_YARD_TYPE: {} };
}

/**
 * The warehouse dictionaries in one call, fetched once per page life. A failure is not
 * fatal (the detail then shows the codes) and is forgotten, so the next detail retries.
 */
export function queryWhsDicts(): Promise<WhsDicts> {
  if (!dictsPromise) {
    dictsPromise = request
      .post<DictListsResult>(DICT_LISTS_URL, { dictCategorys: [...WHS_DICT_CATEGORIES] } satisfies GetDictListsBody)
      .then(({ dictLists }) => {
        const dicts = emptyDicts();
        for (const category of WHS_DICT_CATEGORIES) {
          for (const item of dictLists?.[category] ?? []) dicts[category][item.code] = item.value;
        }
        return dicts;
      })
      .catch(() => {
        dictsPromise = null;
        return emptyDicts();
      });
  }
  return dictsPromise;
}

/** For tests: forget the fetched dictionaries. */
export function resetWhsDicts(): void {
  dictsPromise = null;
}
