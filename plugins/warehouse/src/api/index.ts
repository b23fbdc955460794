import { request } from '@cotton/sdk';

/** A fee or rate in yuan; `null` when the warehouse does not charge it. */
export type Fee = number | null;

/** One row of `/rest/anon/queryWhsPage` (docs/architecture.md, "Calls"). */
export interface WhsRow {
  whsId: string | number;
  warehouseCode: string;
  warehouseName: string;
  /** '1' Xinjiang, '2' inland. */
  warehouseAreaType?: string | null;
  regionProviceCode?: string | null;
  regionProviceName?: string | null;
  addressDetail?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  cottonAutomobileInFee: Fee;
  cottonAutomobileOutFee: Fee;
  cottonIndoorRate: Fee;
  cottonOutdoorRate: Fee;
  cottonExamineMoveFee: Fee;
}

export interface WhsSearchParam {
  warehouseName?: string;
  /** Comma-joined province codes. */
  regionProviceCode?: string;
  warehouseAreaType?: string;
}

export interface WhsPageResult {
  pagination: {
    result: WhsRow[];
    totalCount: number;
    pageNum: number;
    pageSize: number;
  };
}

type Text = string | null | undefined;

/** `{ code, value }` objects of the detail's province, city and county. */
export interface RegionValue {
  code?: string | null;
  value?: string | null;
}

export interface WhsBaseVo {
  warehouseCode?: Text;
  warehouseName?: Text;
  foundTime?: Text;
  synopsis?: Text;
  warehouseNote?: Text;
  addressDetail?: Text;
  postalCode?: Text;
  stationName?: Text;
  /** 1 (or '1') means the warehouse has a railway siding. */
  specialRailwayLine?: string | number | null;
  specialRailwayLineName?: Text;
}

export interface WhsBizVo {
  /** Comma-joined `WHS_TYPE` dictionary codes. */
  whsTypes?: Text;
  /** Comma-joined `WHS_BIZ_TYPE` dictionary codes. */
  whsBizTypes?: Text;
  storageCapacityMax?: string | number | null;
  dispatchMin?: string | number | null;
  /** '1' open for business, '0' not. */
  canWork?: string | number | null;
  officeWarehouseName?: Text;
  quanlityMonitorWeight?: string | number | null;
  province?: RegionValue | null;
  city?: RegionValue | null;
  county?: RegionValue | null;
}

export interface WhsContactVo {
  contactName?: Text;
  contactPhone?: Text;
  contactMobile?: Text;
  contactFax?: Text;
  bizContactName?: Text;
  bizContactPhone?: Text;
  bizContactMobile?: Text;
}

export interface WhsFeeVo {
  cottonAutomobileInFee?: Fee;
  cottonAutomobileOutFee?: Fee;
  cottonTrainInFee?: Fee;
  cottonTrainOutFee?: Fee;
  cottonWaterInFee?: Fee;
  cottonWaterOutFee?: Fee;
  yarnAutomobileInFee?: Fee;
  yarnAutomobileOutFee?: Fee;
  yarnTrainInFee?: Fee;
  yarnTrainOutFee?: Fee;
  yarnWaterInFee?: Fee;
  yarnWaterOutFee?: Fee;
  cottonIndoorRate?: Fee;
  cottonOutdoorRate?: Fee;
  cottonExamineMoveFee?: Fee;
  reconditionFee?: Fee;
  restoreFee?: Fee;
  sewingBagFee?: Fee;
  loadingHelpFee?: Fee;
}

export interface WhsFreightVo {
  stationName?: Text;
  /** `FREIGHT_YARD_TYPE` dictionary code. */
  freightYardType?: Text;
  freightYardName?: Text;
  whsName?: Text;
}

export interface WhsDetailResult {
  whsInfo: {
    anonWhsBaseVo: WhsBaseVo | null;
    anonWhsBizVo: WhsBizVo | null;
    anonWhsContactVo: WhsContactVo | null;
    anonWhsFeeVo: WhsFeeVo | null;
    anonWhsFreightVos: WhsFreightVo[] | null;
  };
}

export const WHS_PAGE_URL = '/rest/anon/queryWhsPage';
export const WHS_DETAIL_URL = '/rest/anon/queryWhsDetail';

/** Public warehouse list, one page. Empty filters are left out of `searchParam`. */
export function queryWhsPage(
  search: WhsSearchParam,
  pageNum: number,
  pageSize: number,
): Promise<WhsPageResult> {
  const searchParam: WhsSearchParam = {};
  const name = search.warehouseName?.trim();
  if (name) searchParam.warehouseName = name;
  if (search.regionProviceCode) searchParam.regionProviceCode = search.regionProviceCode;
  if (search.warehouseAreaType) searchParam.warehouseAreaType = search.warehouseAreaType;
  return request.post<WhsPageResult>(WHS_PAGE_URL, {
    searchParam,
    pageParameter: { pageNum, pageSize },
  });
}

/** One warehouse's detail; rejects with `ApiError` code '404' for an unknown code. */
export function queryWhsDetail(whsCode: string): Promise<WhsDetailResult> {
  return request.post<WhsDetailResult>(WHS_DETAIL_URL, { whsCode });
}

/** The dictionaries the detail shows codes of. */
export const WHS_DICT_CATEGORIES = ['WHS_TYPE', 'WHS_BIZ_TYPE', 'FREIGHT_YARD_TYPE'] as const;
export type WhsDictCategory = (typeof WHS_DICT_CATEGORIES)[number];
/** category → code → label. */
export type WhsDicts = Record<WhsDictCategory, Record<string, string>>;

export const DICT_LISTS_URL = '/rest/dict/getdictlists';

interface DictListsResult {
  dictLists: Record<string, Array<{ code: string; value: string }> | undefined>;
}

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
      .post<DictListsResult>(DICT_LISTS_URL, { dictCategorys: [...WHS_DICT_CATEGORIES] })
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
