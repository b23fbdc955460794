import { and, asc, between, count, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { receipts } from '../../db/schema/receipt';
import { ApiError } from '../../plugins/envelope';
import { escapeLike } from '../warehouse/service';
import type { ReceiptSearchBody, StgWareHouseQuery } from './schema';

/**
 * The receipt search as SQL: one place builds the WHERE, ORDER BY and paging, and both
 * the service (which runs them) and the benchmark (which EXPLAINs them, via
 * `receiptSearchSql`) use it, so that the benchmark measures the very SQL the service runs.
 */

/** Up to this many matches the total is counted exactly; above it, it is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

const ORIGIN_NAMES: Record<string, string> = { 北疆: '1', 南疆: '2', 东疆: '3', 地产: '4', 地产棉: '4', 兵团: '5' };

/** Drops `''` and duplicates from a multi-select; `null`/absent → []. */
function codes(values: readonly string[] | null | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))];
}

function bound(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? null : Number(text);
}

interface RangeSpec {
  min: keyof StgWareHouseQuery;
  max: keyof StgWareHouseQuery;
  column: (typeof receipts)['avgStrength'];
  minTitle: string;
  maxTitle: string;
}

const RANGES: RangeSpec[] = [
  { min: 'strengthMin', max: 'strengthMax', column: receipts.avgStrength, minTitle: '断裂比强度下限', maxTitle: '断裂比强度上限' },
  { min: 'uniformityMin', max: 'uniformityMax', column: receipts.avgUniformity, minTitle: '长度整齐度下限', maxTitle: '长度整齐度上限' },
  { min: 'impurityMin', max: 'impurityMax', column: receipts.avgTrash, minTitle: '含杂率下限', maxTitle: '含杂率上限' },
  { min: 'moistureMin', max: 'moistureMax', column: receipts.avgMoisture, minTitle: '回潮率下限', maxTitle: '回潮率上限' },
  { min: 'rdMin', max: 'rdMax', column: receipts.avgRd, minTitle: '反射率下限', maxTitle: '反射率上限' },
  { min: 'plusBMin', max: 'plusBMax', column: receipts.avgPlusB, minTitle: '黄度下限', maxTitle: '黄度上限' },
];

/** The WHERE clause of a search; throws a `400` for min > max. */
export function receiptSearchWhere(query: StgWareHouseQuery | null | undefined): SQL | undefined {
  const q = query ?? {};
  const conditions: SQL[] = [];

  const text = q.batchOrReceiptNumber?.trim().toUpperCase();
  if (text) {
    if (/^\d{11}$/.test(text)) conditions.push(eq(receipts.batchNumber, text));
    else {
      const prefix = `${escapeLike(text)}%`;
      conditions.push(or(like(receipts.batchNumber, prefix), like(receipts.receiptNumber, prefix))!);
    }
  }

  const multi: Array<[string[], Parameters<typeof inArray>[0]]> = [
    [codes(q.productYear), receipts.productYear],
    [codes(q.stockName), receipts.stockName],
    [codes(q.processingMethod), receipts.processingMethod],
    [codes(q.whsPickMode), receipts.pickMode],
    [codes(q.warehouseStatus), receipts.status],
    [codes(q.origin).map((value) => ORIGIN_NAMES[value] ?? value), receipts.origin],
    [codes(q.colorGrade), receipts.colorGrade],
    [codes(q.macronGrade), receipts.micronaireGrade],
    [codes(q.storagePlace), receipts.placeCode],
  ];
  for (const [values, column] of multi) {
    if (values.length === 1) conditions.push(eq(column, values[0]));
    else if (values.length > 1) conditions.push(inArray(column, values));
  }
  const lengths = codes(q.lengthGrade).map(Number);
  if (lengths.length === 1) conditions.push(eq(receipts.lengthGrade, lengths[0]));
  else if (lengths.length > 1) conditions.push(inArray(receipts.lengthGrade, lengths));

  for (const range of RANGES) {
    const min = bound(q[range.min] as number | string | null | undefined);
    const max = bound(q[range.max] as number | string | null | undefined);
    if (min !== null && max !== null) {
      if (min > max) {
        throw new ApiError('400', `参数错误：${range.min}（${range.minTitle}）不能大于 ${range.max}（${range.maxTitle}）`);
      }
      conditions.push(between(range.column, min, max));
    } else if (min !== null) conditions.push(gte(range.column, min));
    else if (max !== null) conditions.push(lte(range.column, max));
  }

  const whsName = q.whsName?.trim();
  if (whsName) conditions.push(eq(receipts.whsName, whsName));
  const factoryName = q.factoryName?.trim();
  if (factoryName) conditions.push(eq(receipts.factoryName, factoryName));

  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * ORDER BY: the requested columns in order, then the receipt number (unique) as the
 * tie-breaker, in the direction of the first column so that one index serves a sort and
 * its reverse. `length` sorts by the main length grade, batches without one last.
 * Default: batch number ascending.
 */
export function receiptSearchOrder(query: StgWareHouseQuery | null | undefined): SQL[] {
  const columns = (query?.sortColumns ?? []).filter((column) => column && column.field);
  const order: SQL[] = [];
  const seen = new Set<string>();
  let tieBreakerDesc = false;
  for (const { field, order: direction } of columns) {
    if (seen.has(field)) continue;
    seen.add(field);
    const descending = direction.toLowerCase() === 'desc';
    if (order.length === 0) tieBreakerDesc = descending;
    if (field === 'batchNumber') order.push(descending ? desc(receipts.batchNumber) : asc(receipts.batchNumber));
    else if (field === 'warehouseReceiptNumber') order.push(descending ? desc(receipts.receiptNumber) : asc(receipts.receiptNumber));
    else order.push(descending ? sql`${receipts.lengthGrade} desc nulls last` : sql`${receipts.lengthGrade} asc nulls last`);
  }
  if (order.length === 0) order.push(asc(receipts.batchNumber));
  if (!seen.has('warehouseReceiptNumber')) {
    // After a length sort the tie-breaker must match receipts_length_*_idx exactly (NULLS LAST), else PostgreSQL sorts.
    const afterLength = columns[0]?.field === 'length';
    if (!tieBreakerDesc) order.push(asc(receipts.receiptNumber));
    else order.push(afterLength ? sql`${receipts.receiptNumber} desc nulls last` : desc(receipts.receiptNumber));
  }
  return order;
}

/** The columns a result row needs. */
export const RECEIPT_ROW = {
  batchNumber: receipts.batchNumber,
  receiptNumber: receipts.receiptNumber,
  colorGrade: receipts.colorGrade,
  lengthGrade: receipts.lengthGrade,
  micronaireGrade: receipts.micronaireGrade,
  avgMicronaire: receipts.avgMicronaire,
  avgStrength: receipts.avgStrength,
  avgUniformity: receipts.avgUniformity,
  avgMoisture: receipts.avgMoisture,
  avgTrash: receipts.avgTrash,
  processingMethod: receipts.processingMethod,
  pickMode: receipts.pickMode,
  stockName: receipts.stockName,
  grossKg: receipts.grossKg,
  netKg: receipts.netKg,
  conditionedKg: receipts.conditionedKg,
  quantity: receipts.quantity,
  productYear: receipts.productYear,
  factoryName: receipts.factoryName,
  whsName: receipts.whsName,
  placeName: receipts.placeName,
  status: receipts.status,
  machineDate: receipts.machineDate,
  inspectDate: receipts.inspectDate,
  inspectCompany: receipts.inspectCompany,
  storageWs: receipts.storageWs,
};

export interface ReceiptSearchPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export function planReceiptSearch(body: ReceiptSearchBody): ReceiptSearchPlan {
  const query = body.stgWareHouseQueryParameters;
  const { pageNum, pageSize } = body.pageParameter;
  return { where: receiptSearchWhere(query), orderBy: receiptSearchOrder(query), limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/** Anything with Drizzle's `select` (the database, a transaction, or a bare QueryBuilder). */
type Selecting = Pick<QueryBuilder, 'select'>;

/** The page of rows. */
export function receiptPageQuery(qb: Selecting, plan: ReceiptSearchPlan) {
  return qb
    .select(RECEIPT_ROW)
    .from(receipts)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}

/** The number of matches, counting at most `EXACT_COUNT_LIMIT + 1`. */
export function receiptCappedCountQuery(qb: Selecting, plan: ReceiptSearchPlan) {
  const capped = qb
    .select({ one: sql`1`.as('one') })
    .from(receipts)
    .where(plan.where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  return qb.select({ total: count() }).from(capped);
}

/** The bare match query whose plan gives the estimated total above the limit. */
export function receiptEstimateQuery(qb: Selecting, plan: ReceiptSearchPlan) {
  return qb.select({ one: sql`1` }).from(receipts).where(plan.where);
}

export interface SqlText {
  sql: string;
  params: unknown[];
}

/**
 * For the benchmark: the SQL statements the service runs for `body` (page, capped count,
 * and the estimate query it EXPLAINs when the capped count overflows), without a database.
 */
export function receiptSearchSql(body: ReceiptSearchBody): { page: SqlText; count: SqlText; estimate: SqlText } {
  const qb = new QueryBuilder();
  const plan = planReceiptSearch(body);
  return {
    page: receiptPageQuery(qb, plan).toSQL(),
    count: receiptCappedCountQuery(qb, plan).toSQL(),
    estimate: receiptEstimateQuery(qb, plan).toSQL(),
  };
}
