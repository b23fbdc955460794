import { request } from '@cotton/sdk';

/** Sort fields of the receipt search (docs/architecture.md, "Calls (issue 3)"). */
export type SortField = 'batchNumber' | 'warehouseReceiptNumber' | 'length';
export type SortOrder = 'asc' | 'desc';

/** `stgWareHouseQueryParameters` of the receipt search. Absent keys do not filter. */
export interface StgWareHouseQuery {
  batchOrReceiptNumber?: string;
  sortColumns?: Array<{ field: SortField; order: SortOrder }>;
  productYear?: string[];
  stockName?: string[];
  processingMethod?: string[];
  whsPickMode?: string[];
  warehouseStatus?: string[];
  origin?: string[];
  colorGrade?: string[];
  macronGrade?: string[];
  lengthGrade?: string[];
  strengthMin?: number;
  strengthMax?: number;
  uniformityMin?: number;
  uniformityMax?: number;
  impurityMin?: number;
  impurityMax?: number;
  moistureMin?: number;
  moistureMax?: number;
  rdMin?: number;
  rdMax?: number;
  plusBMin?: number;
  plusBMax?: number;
  storagePlace?: string[];
  whsName?: string;
  factoryName?: string;
}

type Num = number | null;
type Text = string | null;

/** One receipt of the search; detail fields (spec §3) come with it. */
export interface ReceiptItem {
  batchNumber: string;
  warehouseReceiptNumber: string;
  /** Main colour grade code; `null` when the batch has none. */
  colorGradeCode: Text;
  colorGradeName: Text;
  /** Average micronaire. */
  macron: Num;
  /** Main micronaire grade. */
  macronGrade: Text;
  /** Average breaking strength, cN/tex. */
  strengthScale: Num;
  /** "<main colour grade code> <main length mm>", a missing part is "--". */
  principalPartRank: string;
  processingMethod: string;
  whsPickMode: string;
  stockName: string;
  moistureRegain: Num;
  dirty: Num;
  roughWeight: Num;
  conditionedWeight: Num;
  quantity: Num;
  productYear: string;
  factoryName: string;
  whsName: string;
  placeName: string;
  warehouseStatus: string;
  machineDate?: Text;
  inspectDate?: Text;
  inspectCompany?: Text;
  storageWs?: Text;
  netWeight?: Num;
  /** Average length uniformity, %. */
  tidyAvg?: Num;
}

export interface ReceiptPageResult {
  pageWareHouse: { result: ReceiptItem[]; totalCount: number };
}

export interface Distribution {
  grade: string;
  count: number;
}

/** `/rest/esQuery/factoryBatchWeightInspectquery/1` → `result`. Rates are % of bales. */
export interface BatchInspection {
  batchNumber: string;
  inspectDate: Text;
  inspectCompany: Text;
  packetNum: Num;
  grossWeight: Num;
  tareWeight: Num;
  netWeight: Num;
  pubWeight: Num;
  moistureRate: Num;
  impurityRate: Num;
  mainLength: Num;
  avgLength: Num;
  lengthRate25: Num;
  lengthRate26: Num;
  lengthRate27: Num;
  lengthRate28: Num;
  lengthRate29: Num;
  lengthRate30: Num;
  lengthRate31: Num;
  lengthRate32: Num;
  mainColorGrade: Text;
  whiteRate1: Num;
  whiteRate2: Num;
  whiteRate3: Num;
  whiteRate4: Num;
  whiteRate5: Num;
  spotRate1: Num;
  spotRate2: Num;
  spotRate3: Num;
  yellowishRate1: Num;
  yellowishRate2: Num;
  yellowishRate3: Num;
  yellowRate1: Num;
  yellowRate2: Num;
  mainMicronaire: Text;
  avgMicronaire: Num;
  micronaireRateC1: Num;
  micronaireRateB1: Num;
  micronaireRateA: Num;
  micronaireRateB2: Num;
  micronaireRateC2: Num;
  minUniformity: Num;
  maxUniformity: Num;
  avgUniformity: Num;
  uniformityRateU1: Num;
  uniformityRateU2: Num;
  uniformityRateU3: Num;
  uniformityRateU4: Num;
  uniformityRateU5: Num;
  minStrength: Num;
  maxStrength: Num;
  avgStrength: Num;
  strengthRateS1: Num;
  strengthRateS2: Num;
  strengthRateS3: Num;
  strengthRateS4: Num;
  strengthRateS5: Num;
  avgRd: Num;
  avgPlusB: Num;
  distributions?: {
    colorGrade?: Distribution[];
    length?: Distribution[];
    micronaire?: Distribution[];
    strength?: Distribution[];
  } | null;
}

export const RECEIPT_SEARCH_URL = '/rest/esQuery/esqueryWareHouseData/1';
export const SUGGESTIONS_URL = '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1';
export const INSPECTION_URL = '/rest/esQuery/factoryBatchWeightInspectquery/1';
export const DICT_LISTS_URL = '/rest/dict/getdictlists';

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return !Number.isFinite(value);
  return false;
}

/**
 * The query without its empty fields (spec §5: the receipt search drops empty fields):
 * blank strings, empty arrays, `null`, `undefined` and NaN are left out; text is trimmed.
 */
export function dropEmpty(query: StgWareHouseQuery): StgWareHouseQuery {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (isEmpty(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as StgWareHouseQuery;
}

/** One page of receipts. */
export function searchReceipts(query: StgWareHouseQuery, pageNum: number, pageSize: number): Promise<ReceiptPageResult> {
  return request.post<ReceiptPageResult>(RECEIPT_SEARCH_URL, {
    stgWareHouseQueryParameters: dropEmpty(query),
    pageParameter: { pageNum, pageSize },
  });
}

/**
 * The receipt of one batch (the search call with the batch as its text), or `null` when
 * the search knows no receipt of exactly that batch.
 */
export async function findReceipt(batchNumber: string): Promise<ReceiptItem | null> {
  const { pageWareHouse } = await searchReceipts({ batchOrReceiptNumber: batchNumber }, 1, 10);
  return pageWareHouse.result.find((item) => item.batchNumber === batchNumber) ?? null;
}

export type SuggestionField = 'whsName' | 'factoryName';

/** Names of warehouses or processing units containing `fieldValue` (≤ 10). */
export async function searchSuggestions(fieldName: SuggestionField, fieldValue: string): Promise<string[]> {
  const { result } = await request.post<{ result: string[] }>(SUGGESTIONS_URL, { fieldName, fieldValue });
  return result ?? [];
}

/** The batch's inspection summary; rejects with `ApiError` code '404' for an unknown batch. */
export async function queryInspection(batchCode: string): Promise<BatchInspection> {
  const { result } = await request.post<{ result: BatchInspection }>(INSPECTION_URL, { batchCode });
  return result;
}

/** The dictionaries the filter panel names options from (server/src/seed/dictionaries.ts). */
export const RECEIPT_DICT_CATEGORIES = [
  'STOCK_NAME',
  'PROCESSING_METHOD',
  'PICK_MODE',
  'WAREHOUSE_STATUS',
  'PRODUCING_AREA',
] as const;
export type ReceiptDictCategory = (typeof RECEIPT_DICT_CATEGORIES)[number];
export interface DictOption {
  code: string;
  value: string;
}
export type ReceiptDicts = Record<ReceiptDictCategory, DictOption[]>;

/**
 * The options as the server seeds them, used when the dictionary call fails, so the
 * filter panel still offers every group (spec §3 "Stock filter options").
 */
export const FALLBACK_DICTS: ReceiptDicts = {
  STOCK_NAME: [
    { code: '1', value: '细绒棉' },
    { code: '2', value: '长绒棉' },
  ],
  PROCESSING_METHOD: [
    { code: '1', value: '锯齿' },
    { code: '2', value: '皮辊' },
  ],
  PICK_MODE: [
    { code: '1', value: '手摘棉' },
    { code: '2', value: '机采棉' },
  ],
  WAREHOUSE_STATUS: [
    { code: '1', value: '正常' },
    { code: '2', value: '注册中' },
    { code: '3', value: '注销中' },
    { code: '4', value: '移库中' },
    { code: '5', value: '过户中' },
  ],
  PRODUCING_AREA: [
    { code: '1', value: '北疆' },
    { code: '2', value: '南疆' },
    { code: '3', value: '东疆' },
    { code: '4', value: '地产棉' },
    { code: '5', value: '兵团' },
  ],
};

let dictsPromise: Promise<ReceiptDicts> | null = null;

/** The filter dictionaries in one call, once per page life; a failure falls back and is retried next time. */
export function queryReceiptDicts(): Promise<ReceiptDicts> {
  if (!dictsPromise) {
    dictsPromise = request
      .post<{ dictLists: Record<string, DictOption[] | undefined> }>(DICT_LISTS_URL, {
        dictCategorys: [...RECEIPT_DICT_CATEGORIES],
      })
      .then(({ dictLists }) => {
        const dicts = { ...FALLBACK_DICTS };
        for (const category of RECEIPT_DICT_CATEGORIES) {
          const list = dictLists?.[category];
          if (list && list.length > 0) dicts[category] = list;
        }
        return dicts;
      })
      .catch(() => {
        dictsPromise = null;
        return FALLBACK_DICTS;
      });
  }
  return dictsPromise;
}

/** For tests: forget the fetched dictionaries. */
export function resetReceiptDicts(): void {
  dictsPromise = null;
}
