import { isPageNum, useSearchParamsState } from '@cotton/sdk';
import type { SortField, SortOrder, StgWareHouseQuery } from '@cotton/sdk/contracts';
import type { SearchParamRules } from '@cotton/sdk';
import { REGION_CODE_PATTERN } from '@cotton/sdk/validators';

/**
 * Everything the receipt search keeps in the URL query, so reload, a shared link and the
 * back button restore it. Lists are comma-joined codes; ranges are `min,max`; the sort is
 * `<field>.<asc|desc>`. Defaults are left out of the URL (`/bid` is page 1, no filter).
 */
export const BID_URL_DEFAULTS = {
  text: '',
  productYear: '',
  stockName: '',
  processingMethod: '',
  whsPickMode: '',
  warehouseStatus: '',
  origin: '',
  colorGrade: '',
  macronGrade: '',
  lengthGrade: '',
  strength: '',
  uniformity: '',
  impurity: '',
  moisture: '',
  rd: '',
  plusB: '',
  /** Comma-joined place (city) codes of the storage warehouse. */
  storagePlace: '',
  whsName: '',
  factoryName: '',
  sort: '',
  pageNum: '1',
};

export type BidUrlState = typeof BID_URL_DEFAULTS;

export type TagFilterKey =
  | 'productYear'
  | 'stockName'
  | 'processingMethod'
  | 'whsPickMode'
  | 'warehouseStatus'
  | 'origin'
  | 'colorGrade'
  | 'macronGrade'
  | 'lengthGrade';

export type RangeFilterKey = 'strength' | 'uniformity' | 'impurity' | 'moisture' | 'rd' | 'plusB';

/** Slider ranges and steps (docs/cotton-quality.md "Search sliders"). */
export const RANGES: Record<RangeFilterKey, { min: number; max: number; step: number }> = {
  strength: { min: 24, max: 34, step: 0.1 },
  uniformity: { min: 77, max: 100, step: 0.1 },
  impurity: { min: 0, max: 5, step: 0.1 },
  moisture: { min: 0, max: 10, step: 0.1 },
  rd: { min: 60, max: 90, step: 0.1 },
  plusB: { min: 4, max: 14, step: 0.1 },
};

const RANGE_QUERY_KEYS: Record<RangeFilterKey, [keyof StgWareHouseQuery, keyof StgWareHouseQuery]> = {
  strength: ['strengthMin', 'strengthMax'],
  uniformity: ['uniformityMin', 'uniformityMax'],
  impurity: ['impurityMin', 'impurityMax'],
  moisture: ['moistureMin', 'moistureMax'],
  rd: ['rdMin', 'rdMax'],
  plusB: ['plusBMin', 'plusBMax'],
};

export const TAG_FILTER_KEYS: TagFilterKey[] = [
  'productYear',
  'stockName',
  'processingMethod',
  'whsPickMode',
  'warehouseStatus',
  'origin',
  'colorGrade',
  'macronGrade',
  'lengthGrade',
];
export const RANGE_FILTER_KEYS = Object.keys(RANGES) as RangeFilterKey[];

export function splitList(value: string): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

/** `'26,30.5'` → `[26, 30.5]`; anything else (or a reversed pair) → `null`. */
export function parseRange(value: string): [number, number] | null {
  const parts = value.split(',');
  if (parts.length !== 2) return null;
  const [min, max] = parts.map((part) => (part.trim() === '' ? NaN : Number(part)));
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return null;
  return [min, max];
}

/** A range equal to the slider's full span does not filter: it leaves the URL. */
export function formatRange(key: RangeFilterKey, [min, max]: [number, number]): string {
  const range = RANGES[key];
  if (min <= range.min && max >= range.max) return '';
  return `${min},${max}`;
}

const SORT_FIELDS: SortField[] = ['batchNumber', 'warehouseReceiptNumber', 'length'];

export function parseSort(value: string): { field: SortField; order: SortOrder } | null {
  const [field, order] = value.split('.');
  if (!SORT_FIELDS.includes(field as SortField) || (order !== 'asc' && order !== 'desc')) return null;
  return { field: field as SortField, order };
}

/** What the server accepts as the text search: a whole batch or receipt number, or its first 4+ letters and digits. */
export const SEARCH_TEXT = /^[0-9A-Za-z]{4,20}$/;

export function toPageNum(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** The URL state as the search call's query (empty fields dropped later by `dropEmpty`). */
export function toQuery(state: BidUrlState): StgWareHouseQuery {
  const text = state.text.trim();
  const query: StgWareHouseQuery = { batchOrReceiptNumber: SEARCH_TEXT.test(text) ? text : '' };
  for (const key of TAG_FILTER_KEYS) query[key] = splitList(state[key]);
  for (const key of RANGE_FILTER_KEYS) {
    const range = parseRange(state[key]);
    if (!range) continue;
    const [minKey, maxKey] = RANGE_QUERY_KEYS[key];
    (query as Record<string, number>)[minKey] = range[0];
    (query as Record<string, number>)[maxKey] = range[1];
  }
  query.storagePlace = splitList(state.storagePlace);
  query.whsName = state.whsName;
  query.factoryName = state.factoryName;
  const sort = parseSort(state.sort);
  if (sort) query.sortColumns = [sort];
  return query;
}

/** A comma-joined list of at most 100 codes, each matching `code`. */
function codeList(code: RegExp): (value: string) => boolean {
  return (value) => {
    const items = value.split(',');
    return items.length <= 100 && items.every((item) => code.test(item));
  };
}

/** `min,max` within 0…100 (the server's slider bounds), min ≤ max. */
function isRange(value: string): boolean {
  if (!/^\d{1,3}(\.\d{1,6})?,\d{1,3}(\.\d{1,6})?$/.test(value)) return false;
  const range = parseRange(value);
  return range !== null && range[1] <= 100;
}

/**
 * The server's rules (`StgWareHouseQuery`, sdk/src/contracts/receipt.ts; a test holds them
 * together) for what the URL feeds the search: a value breaking its rule is dropped before
 * any request, with one plain message, instead of the server's refusal naming wire fields.
 */
export const BID_URL_RULES: SearchParamRules<BidUrlState> = {
  text: (value) => value.length <= 64,
  productYear: codeList(/^\d{4}$/),
  stockName: codeList(/^[12]$/),
  processingMethod: codeList(/^[12]$/),
  whsPickMode: codeList(/^[12]$/),
  warehouseStatus: codeList(/^[1-5]$/),
  origin: codeList(/^([1-5]|北疆|南疆|东疆|地产|地产棉|兵团)$/),
  colorGrade: codeList(/^(11|21|31|41|51|12|22|32|13|23|33|14|24)$/),
  macronGrade: codeList(/^(C1|B1|A|B2|C2)$/),
  lengthGrade: codeList(/^(2[5-9]|3[0-2])$/),
  strength: isRange,
  uniformity: isRange,
  impurity: isRange,
  moisture: isRange,
  rd: isRange,
  plusB: isRange,
  storagePlace: codeList(REGION_CODE_PATTERN),
  whsName: (value) => value.length <= 128,
  factoryName: (value) => value.length <= 64,
  sort: (value) => parseSort(value) !== null,
  pageNum: isPageNum,
};

/** What the visitor reads when the URL carried filters the search cannot use. */
export const BID_URL_INVALID = '筛选条件无效，已恢复默认';

export function useBidUrlState() {
  return useSearchParamsState<BidUrlState>(BID_URL_DEFAULTS, { rules: BID_URL_RULES, invalidMessage: BID_URL_INVALID });
}
