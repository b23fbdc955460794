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
} from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { receiptBaleRecords, receiptBatches } from '../../db/schema/receipt';
import { notFound } from '../../http/envelope';
import { getDictNames, type DictNames } from '../dict/service';
import { BALE_CODECS, unpackCodes, unpackTenths } from './bale-codec';
import { COLOR_GRADE_NAMES, conditionedWeightKg, histogram, isColorGrade, kgToTonnes, summariseBales } from './quality';
import type { ReceiptSearch } from './search-engine';
import type { ReceiptRow } from './search-index';
import { planReceiptSearch } from './search-query';

// ---------------------------------------------------------------------------------------
// Display names (the dictionaries' items, disabled ones too: a receipt keeps its codes)

/** The dictionaries a receipt's codes are shown by. */
const RECEIPT_DICTS = ['STOCK_NAME', 'PROCESSING_METHOD', 'PICK_MODE', 'WAREHOUSE_STATUS'] as const;

/** A code's name in its dictionary; an unknown code is shown as it is. */
const nameOf = (names: DictNames, category: (typeof RECEIPT_DICTS)[number], code: string) =>
  names.get(category)?.get(code) ?? code;

export function toReceiptItem(row: ReceiptRow, names: DictNames): ReceiptItem {
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
    processingMethod: nameOf(names, 'PROCESSING_METHOD', row.processingMethod),
    whsPickMode: nameOf(names, 'PICK_MODE', row.pickMode),
    stockName: nameOf(names, 'STOCK_NAME', row.stockName),
    moistureRegain: row.avgMoisture,
    dirty: row.avgTrash,
    roughWeight: kgToTonnes(row.grossKg),
    conditionedWeight: kgToTonnes(row.conditionedKg),
    quantity: row.quantity,
    productYear: row.productYear,
    factoryName: row.factoryName,
    whsName: row.whsName,
    placeName: row.placeName,
    warehouseStatus: nameOf(names, 'WAREHOUSE_STATUS', row.status),
    machineDate: row.machineDate,
    inspectDate: row.inspectDate,
    inspectCompany: row.inspectCompany,
    storageWs: row.storageWs,
    netWeight: kgToTonnes(row.netKg),
    tidyAvg: row.avgUniformity,
  };
}

export interface ReceiptSearchAnswer {
  page: ReceiptPage;
  /** Milliseconds the index took, for the `Server-Timing` header. */
  indexMs: number;
}

/** The receipt search, answered by the in-memory index (search-index.ts): exact total, the page's rows, codes named. */
export async function searchReceipts(
  db: AppDatabase,
  search: ReceiptSearch,
  body: ReceiptSearchBody,
): Promise<ReceiptSearchAnswer> {
  const query = planReceiptSearch(body);
  const index = await search.current();
  const started = performance.now();
  const { total, rows } = index.search(query);
  const indexMs = performance.now() - started;
  const names = await getDictNames(db, RECEIPT_DICTS);
  return {
    page: { pageWareHouse: { result: rows.map((row) => toReceiptItem(row, names)), totalCount: total } },
    indexMs,
  };
}

// ---------------------------------------------------------------------------------------
// Suggestions

export const SUGGESTION_LIMIT = 10;

/**
 * Up to ten warehouse or factory names containing `fieldValue` (case-insensitive) among
 * the names that have receipts (the index's own list of them): names starting with it
 * first, then by where it occurs, then shorter names, then by name.
 */
export async function suggestNames(search: ReceiptSearch, body: SuggestionBody): Promise<string[]> {
  const text = body.fieldValue.trim().toLowerCase();
  if (!text) return [];
  const index = await search.current();
  return index
    .valuesOf(body.fieldName as 'whsName' | 'factoryName')
    .map((name) => ({ name, at: name.toLowerCase().indexOf(text) }))
    .filter((candidate) => candidate.at >= 0)
    .sort((a, b) => a.at - b.at || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, SUGGESTION_LIMIT)
    .map((candidate) => candidate.name);
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
    ...rates(
      LENGTH_RATE_KEYS,
      summary.lengthShares.map((share) => share.percent),
    ),
    mainColorGrade: summary.mainColorGrade,
    ...rates(
      COLOR_RATE_KEYS,
      summary.colorShares.map((share) => share.percent),
    ),
    mainMicronaire: summary.mainMicronaireGrade,
    avgMicronaire: summary.micronaire.avg,
    ...rates(
      MICRONAIRE_RATE_KEYS,
      summary.micronaireShares.map((share) => share.percent),
    ),
    minUniformity: summary.uniformity.min,
    maxUniformity: summary.uniformity.max,
    avgUniformity: summary.uniformity.avg,
    ...rates(
      UNIFORMITY_RATE_KEYS,
      summary.uniformityShares.map((share) => share.percent),
    ),
    minStrength: summary.strength.min,
    maxStrength: summary.strength.max,
    avgStrength: summary.strength.avg,
    ...rates(
      STRENGTH_RATE_KEYS,
      summary.strengthShares.map((share) => share.percent),
    ),
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
