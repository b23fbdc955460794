import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { ginneries, receiptBaleRecords, receiptBatches, receipts } from '../../db/schema/receipt';
import { BALE_CODECS, unpackCodes, unpackTenths } from './bale-codec';
import { warehouses } from '../../db/schema/warehouses';
import { notFound } from '../../plugins/envelope';
import { DICTIONARIES } from '../../seed/dictionaries';
import { escapeLike } from '../warehouse/service';
import {
  COLOR_GRADE_NAMES,
  conditionedWeightKg,
  histogram,
  isColorGrade,
  kgToTonnes,
  summariseBales,
} from './quality';
import {
  COLOR_RATE_KEYS,
  LENGTH_RATE_KEYS,
  MICRONAIRE_RATE_KEYS,
  STRENGTH_RATE_KEYS,
  UNIFORMITY_RATE_KEYS,
  type ReceiptItem,
  type ReceiptPage,
  type ReceiptSearchBody,
  type SuggestionBody,
} from './schema';
import {
  EXACT_COUNT_LIMIT,
  planReceiptSearch,
  receiptCappedCountQuery,
  receiptEstimateQuery,
  receiptPageQuery,
  RECEIPT_ROW,
} from './search-query';

// ---------------------------------------------------------------------------------------
// Display names (the seeded dictionaries are the source of the codes)

function dictionary(code: string): Map<string, string> {
  const found = DICTIONARIES.find((entry) => entry.code === code);
  return new Map(found ? found.items.map(([itemCode, value]) => [itemCode, value] as [string, string]) : []);
}
const STOCK_NAMES = dictionary('STOCK_NAME');
const PROCESSING_METHODS = dictionary('PROCESSING_METHOD');
const PICK_MODES = dictionary('PICK_MODE');
const STATUSES = dictionary('WAREHOUSE_STATUS');
const nameOf = (names: Map<string, string>, code: string) => names.get(code) ?? code;

type Row = { [K in keyof typeof RECEIPT_ROW]: (typeof RECEIPT_ROW)[K]['_']['data'] | ((typeof RECEIPT_ROW)[K]['_']['notNull'] extends true ? never : null) };

export function toReceiptItem(row: Row): ReceiptItem {
  const color = row.colorGrade && isColorGrade(row.colorGrade) ? row.colorGrade : null;
  return {
    batchNumber: row.batchNumber,
    warehouseReceiptNumber: row.receiptNumber,
    colorGradeCode: color,
    colorGradeName: color ? COLOR_GRADE_NAMES[color] : null,
    macron: row.avgMicronaire,
    macronGrade: row.micronaireGrade,
    strengthScale: row.avgStrength,
    principalPartRank: `${color ?? '--'} ${row.lengthGrade ?? '--'}`,
    processingMethod: nameOf(PROCESSING_METHODS, row.processingMethod),
    whsPickMode: nameOf(PICK_MODES, row.pickMode),
    stockName: nameOf(STOCK_NAMES, row.stockName),
    moistureRegain: row.avgMoisture,
    dirty: row.avgTrash,
    roughWeight: kgToTonnes(row.grossKg),
    conditionedWeight: kgToTonnes(row.conditionedKg),
    quantity: row.quantity,
    productYear: row.productYear,
    factoryName: row.factoryName,
    whsName: row.whsName,
    placeName: row.placeName,
    warehouseStatus: nameOf(STATUSES, row.status),
    machineDate: row.machineDate,
    inspectDate: row.inspectDate,
    inspectCompany: row.inspectCompany,
    storageWs: row.storageWs,
    netWeight: kgToTonnes(row.netKg),
    tidyAvg: row.avgUniformity,
  };
}

/** `Plan Rows` of the top node of `EXPLAIN (FORMAT JSON)`. */
async function estimateRows(db: AppDatabase, query: SQLWrapper): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;
  let plan = rows[0]?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const top = (plan as Array<{ Plan: { 'Plan Rows': number } }>)[0];
  return Math.round(top.Plan['Plan Rows']);
}

/**
 * The receipt search. The total is exact up to `EXACT_COUNT_LIMIT` matches (counted with a
 * LIMIT so that a broad filter never counts a million rows); above it, the planner's
 * estimate (never below the limit + 1) with `totalCountExact: false` — the way search
 * engines report "about N results".
 */
export async function searchReceipts(db: AppDatabase, body: ReceiptSearchBody): Promise<ReceiptPage> {
  const plan = planReceiptSearch(body);
  // The builders are typed for the database-less QueryBuilder; on `db` they are the same queries, executable.
  const builder = db as unknown as QueryBuilder;
  const [rows, [{ total }]] = await Promise.all([
    receiptPageQuery(builder, plan) as unknown as Promise<Row[]>,
    receiptCappedCountQuery(builder, plan) as unknown as Promise<Array<{ total: number }>>,
  ]);
  let totalCount = total;
  let totalCountExact = true;
  if (total > EXACT_COUNT_LIMIT) {
    totalCount = Math.max(EXACT_COUNT_LIMIT + 1, await estimateRows(db, receiptEstimateQuery(builder, plan)));
    totalCountExact = false;
  }
  return { pageWareHouse: { result: rows.map(toReceiptItem), totalCount, totalCountExact } };
}

// ---------------------------------------------------------------------------------------
// Suggestions

/**
 * Whether `pg_trgm` is usable. On PostgreSQL the extension and the GIN trigram indexes on
 * the two name columns are created at start-up; PGlite 0.5 does not ship the extension
 * loaded, so there (or without the privilege) the suggestions use the same ILIKE without
 * trigram ranking.
 */
export class TrigramSupport {
  private state: Promise<boolean> | null = null;

  constructor(
    private readonly db: AppDatabase,
    private readonly log?: FastifyBaseLogger,
  ) {}

  available(): Promise<boolean> {
    if (!this.state) {
      this.state = this.prepare().catch((error: unknown) => {
        this.log?.info({ err: error }, 'pg_trgm 不可用，名称联想使用 ILIKE');
        this.state = null; // tables may not exist yet (before migration): try again next time
        return false;
      });
    }
    return this.state;
  }

  private async prepare(): Promise<boolean> {
    const result = await this.db.execute(sql`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
    if (!rows[0] || Number(rows[0].n) === 0) {
      this.log?.info('pg_trgm 不可用，名称联想使用 ILIKE');
      return false;
    }
    await this.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await this.db.execute(sql`CREATE INDEX IF NOT EXISTS ginneries_name_trgm_idx ON ginneries USING gin (name gin_trgm_ops)`);
    await this.db.execute(sql`CREATE INDEX IF NOT EXISTS warehouses_name_trgm_idx ON warehouses USING gin (name gin_trgm_ops)`);
    this.log?.info('pg_trgm 已启用，名称联想使用三元组索引');
    return true;
  }
}

export const SUGGESTION_LIMIT = 10;

/**
 * Up to ten names containing `fieldValue` (case-insensitive) that have receipts: names
 * starting with it first, then by where it occurs, then (with pg_trgm) by similarity,
 * then shorter names, then by name.
 */
export async function suggestNames(db: AppDatabase, body: SuggestionBody, trigram: boolean): Promise<string[]> {
  const text = body.fieldValue.trim();
  if (!text) return [];
  const contains = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  const source =
    body.fieldName === 'whsName'
      ? { table: warehouses, name: warehouses.name, has: sql`exists (select 1 from ${receipts} where ${receipts.warehouseCode} = ${warehouses.code})` }
      : { table: ginneries, name: ginneries.name, has: sql`exists (select 1 from ${receipts} where ${receipts.factoryName} = ${ginneries.name})` };
  const name = source.name;
  const rows = await db
    .selectDistinct({ name, prefixed: sql<boolean>`${name} ilike ${prefix}`, position: sql<number>`strpos(lower(${name}), lower(${text}))`, similarity: trigram ? sql<number>`similarity(${name}, ${text})` : sql<number>`0`, length: sql<number>`char_length(${name})` })
    .from(source.table)
    .where(and(sql`${name} ilike ${contains}`, source.has))
    .orderBy(sql`2 desc, 3 asc, 4 desc, 5 asc, 1 asc`)
    .limit(SUGGESTION_LIMIT);
  return rows.map((row) => row.name);
}

// ---------------------------------------------------------------------------------------
// Inspection

function rates<K extends string>(keys: readonly K[], percents: number[]): Record<K, number> {
  return Object.fromEntries(keys.map((key, index) => [key, percents[index]])) as Record<K, number>;
}

/** Per-bale values of a packed bale record. */
export function unpackBales(packed: typeof receiptBaleRecords.$inferSelect) {
  const tenths = (key: keyof typeof BALE_CODECS) => unpackTenths(packed[key], BALE_CODECS[key].offset);
  return {
    colorGrade: unpackCodes(packed.colorGrade),
    length: tenths('length'),
    micronaire: tenths('micronaire'),
    strength: tenths('strength'),
    uniformity: tenths('uniformity'),
    rd: tenths('rd'),
    plusB: tenths('plusB'),
    moisture: tenths('moisture'),
    trash: tenths('trash'),
  };
}

/** The batch certificate, computed from the bale-level data with the quality functions. */
export async function inspectBatch(db: AppDatabase, batchCode: string) {
  const code = batchCode.trim();
  const [batch] = await db.select().from(receiptBatches).where(eq(receiptBatches.batchNumber, code)).limit(1);
  if (!batch) throw notFound(`批号不存在：${code}`);
  const [packed] = await db.select().from(receiptBaleRecords).where(eq(receiptBaleRecords.batchNumber, code)).limit(1);
  if (!packed || packed.baleCount === 0) throw notFound(`批号暂无逐包检验数据：${code}`);
  const bales = unpackBales(packed);
  const summary = summariseBales(bales);
  const netKg = batch.grossKg - batch.tareKg;
  return {
    batchNumber: batch.batchNumber,
    inspectDate: batch.inspectDate,
    inspectCompany: batch.inspectCompany,
    packetNum: summary.baleCount,
    grossWeight: kgToTonnes(batch.grossKg),
    tareWeight: kgToTonnes(batch.tareKg),
    netWeight: kgToTonnes(netKg),
    pubWeight: kgToTonnes(conditionedWeightKg(netKg, summary.trash, summary.moisture)),
    moistureRate: summary.moisture,
    impurityRate: summary.trash,
    mainLength: summary.mainLengthGrade === null ? null : Number(summary.mainLengthGrade),
    avgLength: summary.length.avg,
    ...rates(LENGTH_RATE_KEYS, summary.lengthShares.map((share) => share.percent)),
    mainColorGrade: summary.mainColorGrade,
    ...rates(COLOR_RATE_KEYS, summary.colorShares.map((share) => share.percent)),
    mainMicronaire: summary.mainMicronaireGrade,
    avgMicronaire: summary.micronaire.avg,
    ...rates(MICRONAIRE_RATE_KEYS, summary.micronaireShares.map((share) => share.percent)),
    minUniformity: summary.uniformity.min,
    maxUniformity: summary.uniformity.max,
    avgUniformity: summary.uniformity.avg,
    ...rates(UNIFORMITY_RATE_KEYS, summary.uniformityShares.map((share) => share.percent)),
    minStrength: summary.strength.min,
    maxStrength: summary.strength.max,
    avgStrength: summary.strength.avg,
    ...rates(STRENGTH_RATE_KEYS, summary.strengthShares.map((share) => share.percent)),
    avgRd: summary.rd.avg,
    avgPlusB: summary.plusB.avg,
    distributions: {
      colorGrade: summary.colorShares.map(({ grade, count }) => ({ grade, count })),
      length: summary.lengthShares.map(({ grade, count }) => ({ grade, count })),
      micronaire: histogram(bales.micronaire, 0.1),
      strength: histogram(bales.strength, 1),
    },
  };
}
