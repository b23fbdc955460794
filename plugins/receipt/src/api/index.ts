import { request } from '@cotton/sdk';
import { dictCalls, receiptCalls } from '@cotton/sdk/calls';
import type {
  BatchInspection,
  CodeValue,
  GetDictListsBody,
  InspectionBody,
  ReceiptItem,
  ReceiptPage,
  ReceiptSearchBody,
  StgWareHouseQuery,
  SuggestionBody,
  SuggestionField,
} from '@cotton/sdk/contracts';

// The receipt calls (docs/architecture.md, "Receipts and batch quality") of `@cotton/sdk/calls`
// (sdk/src/contracts/receipt.ts, dict.ts).

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
export function searchReceipts(query: StgWareHouseQuery, pageNum: number, pageSize: number): Promise<ReceiptPage> {
  const body: ReceiptSearchBody = {
    stgWareHouseQueryParameters: dropEmpty(query),
    pageParameter: { pageNum, pageSize },
  };
  return request.call(receiptCalls.search, body);
}

/**
 * The receipt of one batch (the search call with the batch as its text), or `null` when
 * the search knows no receipt of exactly that batch.
 */
export async function findReceipt(batchNumber: string): Promise<ReceiptItem | null> {
  const { pageWareHouse } = await searchReceipts({ batchOrReceiptNumber: batchNumber }, 1, 10);
  return pageWareHouse.result.find((item) => item.batchNumber === batchNumber) ?? null;
}

/** Names of warehouses or processing units containing `fieldValue` (≤ 10). */
export async function searchSuggestions(fieldName: SuggestionField, fieldValue: string): Promise<string[]> {
  const body: SuggestionBody = { fieldName, fieldValue };
  const { result } = await request.call(receiptCalls.suggestions, body);
  return result ?? [];
}

/** The batch's inspection summary; rejects with `ApiError` code '404' for an unknown batch. */
export async function queryInspection(batchCode: string): Promise<BatchInspection> {
  const body: InspectionBody = { batchCode };
  const { result } = await request.call(receiptCalls.inspection, body);
  return result;
}

/**
 * The dictionaries the filter panel takes its options from (server/src/seed/dictionaries.ts):
 * every tag row is one, so a rename, an addition or a disabled item in 数据字典 shows there.
 */
export const RECEIPT_DICT_CATEGORIES = [
  'PRODUCT_YEAR',
  'STOCK_NAME',
  'PROCESSING_METHOD',
  'PICK_MODE',
  'WAREHOUSE_STATUS',
  'PRODUCING_AREA',
  'COLOR_GRADE',
  'MICRONAIRE_GRADE',
  'LENGTH_GRADE',
] as const;
export type ReceiptDictCategory = (typeof RECEIPT_DICT_CATEGORIES)[number];
export type ReceiptDicts = Record<ReceiptDictCategory, CodeValue[]>;

/** How long fetched dictionaries are reused, ms: as the SDK's `fetchDictList` (5 s). */
export const RECEIPT_DICTS_FRESH_MS = 5_000;

let dicts: { at: number; promise: Promise<ReceiptDicts> } | null = null;

/**
 * The filter dictionaries in one call, reused for a few seconds: the next page opened after
 * that asks again, so a change in 数据字典 reaches it (the server answers from its cache,
 * dropped on every change). A failure is the caller's to show (the panel offers a retry),
 * and the next call asks the server again.
 */
export function queryReceiptDicts(): Promise<ReceiptDicts> {
  if (dicts && Date.now() - dicts.at < RECEIPT_DICTS_FRESH_MS) return dicts.promise;
  const body: GetDictListsBody = { dictCategorys: [...RECEIPT_DICT_CATEGORIES] };
  const promise = request.call(dictCalls.lists, body).then(({ dictLists }) => {
    const entries = RECEIPT_DICT_CATEGORIES.map((category) => [category, dictLists?.[category] ?? []] as const);
    return Object.fromEntries(entries) as ReceiptDicts;
  });
  const kept = { at: Date.now(), promise };
  dicts = kept;
  promise.catch(() => {
    if (dicts === kept) dicts = null;
  });
  return promise;
}

/** For tests: forget the fetched dictionaries. */
export function resetReceiptDicts(): void {
  dicts = null;
}
