import { ApiError } from '../../http/envelope';
import type { ReceiptSearchBody, SortField, StgWareHouseQuery } from '@cotton/sdk/contracts';
import { BATCH_NUMBER_PATTERN } from '@cotton/sdk/validators';

/**
 * A receipt search request, checked and normalised into a `ReceiptQuery` that the search
 * index (`search-index.ts`) answers: one place decides what every filter means. Empty
 * strings, empty arrays and `null` are absent; min > max is a `400`.
 */

/** The multi-select and name filters, by the index column they test. */
export const CODE_FIELDS = [
  'productYear',
  'stockName',
  'processingMethod',
  'pickMode',
  'status',
  'origin',
  'colorGrade',
  'micronaireGrade',
  'lengthGrade',
  'placeCode',
  'whsName',
  'factoryName',
] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

/** The slider ranges, by the index column they test (values in tenths). */
export const RANGE_FIELDS = ['strength', 'uniformity', 'trash', 'moisture', 'rd', 'plusB'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];

export interface ReceiptQuery {
  /** An 11-digit batch number (exact), or a prefix of a batch or receipt number (4+ characters, upper case). */
  text: { exactBatch: string } | { prefix: string } | null;
  /** Each present filter: the row must hold one of the values. */
  codes: Partial<Record<CodeField, string[]>>;
  /** Each present range, inclusive, in tenths (`28.5` → 285); absent bounds are open. */
  ranges: Partial<Record<RangeField, { min: number; max: number }>>;
  /** The requested sort, without repeats; empty = batch number ascending. */
  sort: Array<{ field: SortField; desc: boolean }>;
  offset: number;
  limit: number;
}

const ORIGIN_NAMES: Record<string, string> = { 北疆: '1', 南疆: '2', 东疆: '3', 地产: '4', 地产棉: '4', 兵团: '5' };

/** Drops `''` and duplicates from a multi-select; `null`/absent → []. */
function codes(values: readonly string[] | null | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))];
}

/** A slider bound as text (Ajv has made numbers into text and `null` into `''`), or null when absent. */
function boundText(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/**
 * `10 × value` rounded up (`up`) or down, exactly, from the decimal text: the columns hold
 * one decimal, so `avg ≥ 28.55` is `tenths ≥ 286` and `avg ≤ 28.55` is `tenths ≤ 285`.
 */
export function tenths(text: string, up: boolean): number {
  const [whole, fraction = ''] = text.split('.');
  const base = Number(whole) * 10 + Number(fraction.charAt(0) || '0');
  const rest = /[1-9]/.test(fraction.slice(1));
  return up && rest ? base + 1 : base;
}

interface RangeSpec {
  field: RangeField;
  min: keyof StgWareHouseQuery;
  max: keyof StgWareHouseQuery;
  minTitle: string;
  maxTitle: string;
}

const RANGES: RangeSpec[] = [
  { field: 'strength', min: 'strengthMin', max: 'strengthMax', minTitle: '断裂比强度下限', maxTitle: '断裂比强度上限' },
  {
    field: 'uniformity',
    min: 'uniformityMin',
    max: 'uniformityMax',
    minTitle: '长度整齐度下限',
    maxTitle: '长度整齐度上限',
  },
  { field: 'trash', min: 'impurityMin', max: 'impurityMax', minTitle: '含杂率下限', maxTitle: '含杂率上限' },
  { field: 'moisture', min: 'moistureMin', max: 'moistureMax', minTitle: '回潮率下限', maxTitle: '回潮率上限' },
  { field: 'rd', min: 'rdMin', max: 'rdMax', minTitle: '反射率下限', maxTitle: '反射率上限' },
  { field: 'plusB', min: 'plusBMin', max: 'plusBMax', minTitle: '黄度下限', maxTitle: '黄度上限' },
];

/** The largest tenths value a column can hold (numeric(6,1)). */
const TENTHS_MAX = 99_999;

/** The filters of a search; throws a `400` for min > max. */
export function receiptQueryFilters(
  query: StgWareHouseQuery | null | undefined,
): Pick<ReceiptQuery, 'text' | 'codes' | 'ranges'> {
  const q = query ?? {};
  const text = q.batchOrReceiptNumber?.trim().toUpperCase();
  const found: Pick<ReceiptQuery, 'text' | 'codes' | 'ranges'> = {
    text: text ? (BATCH_NUMBER_PATTERN.test(text) ? { exactBatch: text } : { prefix: text }) : null,
    codes: {},
    ranges: {},
  };

  const multi: Array<[CodeField, string[]]> = [
    ['productYear', codes(q.productYear)],
    ['stockName', codes(q.stockName)],
    ['processingMethod', codes(q.processingMethod)],
    ['pickMode', codes(q.whsPickMode)],
    ['status', codes(q.warehouseStatus)],
    ['origin', codes(q.origin).map((value) => ORIGIN_NAMES[value] ?? value)],
    ['colorGrade', codes(q.colorGrade)],
    ['micronaireGrade', codes(q.macronGrade)],
    ['lengthGrade', codes(q.lengthGrade).map((value) => String(Number(value)))],
    ['placeCode', codes(q.storagePlace)],
    ['whsName', codes(q.whsName ? [q.whsName] : [])],
    ['factoryName', codes(q.factoryName ? [q.factoryName] : [])],
  ];
  for (const [field, values] of multi) if (values.length > 0) found.codes[field] = [...new Set(values)];

  for (const range of RANGES) {
    const min = boundText(q[range.min] as number | string | null | undefined);
    const max = boundText(q[range.max] as number | string | null | undefined);
    if (min === null && max === null) continue;
    if (min !== null && max !== null && Number(min) > Number(max)) {
      throw new ApiError(
        '400',
        `参数错误：${range.min}（${range.minTitle}）不能大于 ${range.max}（${range.maxTitle}）`,
      );
    }
    found.ranges[range.field] = {
      min: min === null ? 0 : tenths(min, true),
      max: max === null ? TENTHS_MAX : tenths(max, false),
    };
  }
  return found;
}

/** The requested sort columns without repeats (a later repeat of a field is ignored). */
export function receiptQuerySort(query: StgWareHouseQuery | null | undefined): ReceiptQuery['sort'] {
  const sort: ReceiptQuery['sort'] = [];
  for (const column of query?.sortColumns ?? []) {
    if (!column?.field || sort.some((item) => item.field === column.field)) continue;
    sort.push({ field: column.field as SortField, desc: column.order.toLowerCase() === 'desc' });
  }
  return sort;
}

export function planReceiptSearch(body: ReceiptSearchBody): ReceiptQuery {
  const query = body.stgWareHouseQueryParameters;
  const { pageNum, pageSize } = body.pageParameter;
  return {
    ...receiptQueryFilters(query),
    sort: receiptQuerySort(query),
    offset: (pageNum - 1) * pageSize,
    limit: pageSize,
  };
}
