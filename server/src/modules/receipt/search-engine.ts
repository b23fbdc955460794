import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import type { SearchIndexState } from '@cotton/sdk/contracts';
import { ReceiptIndexBuilder, type IndexedReceipt, type ReceiptSearchIndex } from './search-index';

/**
 * Keeps the receipt search index (search-index.ts) in step with the `receipts` table: built
 * at start-up, and rebuilt in the background when the version in `receipt_search_state`
 * (raised by a trigger on every change to `receipts`) moves. Searches never wait for a
 * rebuild: until it is done they use the previous index, so after an import the search
 * lags by the refresh interval plus the rebuild time (seconds for 1,000,000 receipts),
 * as a search engine's index lags its source.
 */

export interface ReceiptSearchOptions {
  /** How often a search may look for changes (ms). */
  refreshIntervalMs: number;
  log?: FastifyBaseLogger;
}

/** Receipts are read in chunks of this many rows (each chunk holds the event loop for about 25 ms). */
const LOAD_CHUNK = 2_000;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function readVersion(db: Pick<AppDatabase, 'execute'>): Promise<number> {
  const rows = rowsOf<{ version: string | number }>(
    await db.execute(sql`select version from receipt_search_state where id = 1`),
  );
  return Number(rows[0]?.version ?? 0);
}

/** Every receipt in row order (batch number, receipt number; "C" collation), averages as integers. */
const INDEX_SELECT = sql.raw(`
  select receipt_number as "receiptNumber", batch_number as "batchNumber", product_year as "productYear",
         stock_name as "stockName", processing_method as "processingMethod", pick_mode as "pickMode", status, origin,
         color_grade as "colorGrade", micronaire_grade as "micronaireGrade", length_grade as "lengthGrade",
         place_code as "placeCode", place_name as "placeName", whs_name as "whsName", factory_name as "factoryName",
         (avg_strength * 10)::int as strength, (avg_uniformity * 10)::int as uniformity, (avg_trash * 10)::int as trash,
         (avg_moisture * 10)::int as moisture, (avg_rd * 10)::int as rd, (avg_plus_b * 10)::int as "plusB",
         (avg_micronaire * 100)::int as micronaire, gross_kg as "grossKg", net_kg as "netKg",
         conditioned_kg as "conditionedKg", quantity, machine_date::text as "machineDate",
         inspect_date::text as "inspectDate", inspect_company as "inspectCompany", storage_ws as "storageWs",
         (row_number() over (order by receipt_number collate "C") - 1)::int as "receiptRank"
  from receipts
  order by batch_number collate "C", receipt_number collate "C"`);

/**
 * Builds the index from one consistent snapshot (repeatable read): the version, the
 * number of receipts, then the receipts through a cursor, a chunk at a time.
 */
export async function buildIndexFromDatabase(db: AppDatabase): Promise<{ index: ReceiptSearchIndex; version: number }> {
  const { builder, version } = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    // The two sorts below fit in memory for a million receipts (about 230 MB); external merges take twice as long.
    await tx.execute(sql`set local work_mem = '256MB'`);
    const version = await readVersion(tx);
    const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from receipts`));
    const builder = new ReceiptIndexBuilder(n);
    await tx.execute(sql`declare receipt_index_load no scroll cursor for ${INDEX_SELECT}`);
    for (;;) {
      const chunk = rowsOf<IndexedReceipt>(await tx.execute(sql.raw(`fetch ${LOAD_CHUNK} from receipt_index_load`)));
      builder.add(chunk);
      if (chunk.length < LOAD_CHUNK) break;
    }
    await tx.execute(sql`close receipt_index_load`);
    return { builder, version };
  });
  // After the snapshot is released: the bitmaps and orders, a step at a time (searches go on meanwhile).
  return { index: await builder.finishInSteps(), version };
}

export class ReceiptSearch {
  private index: ReceiptSearchIndex | null = null;
  private building: Promise<ReceiptSearchIndex> | null = null;
  private version: number | null = null;
  private checkedAt = 0;
  private checking = false;
  private builtAt: Date | null = null;
  private buildMs: number | null = null;

  constructor(
    private readonly db: AppDatabase,
    private readonly options: ReceiptSearchOptions,
  ) {}

  /** The current index; only the first search waits, for the first build. */
  async current(): Promise<ReceiptSearchIndex> {
    if (!this.index) return this.rebuild();
    if (Date.now() - this.checkedAt >= this.options.refreshIntervalMs) void this.checkForChanges();
    return this.index;
  }

  /** What 系统监控 shows of this process's index. */
  state(): SearchIndexState {
    return {
      rows: this.index?.size ?? null,
      version: this.version,
      builtAt: this.builtAt?.toISOString() ?? null,
      buildMs: this.buildMs,
      building: this.building !== null,
    };
  }

  private rebuild(): Promise<ReceiptSearchIndex> {
    this.building ??= (async () => {
      try {
        const started = performance.now();
        const { index, version } = await buildIndexFromDatabase(this.db);
        this.index = index;
        this.version = version;
        this.checkedAt = Date.now();
        this.builtAt = new Date();
        this.buildMs = Math.round(performance.now() - started);
        this.options.log?.info(
          { receipts: index.size, ms: Math.round(performance.now() - started) },
          '仓单检索索引已建立',
        );
        return index;
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }

  private async checkForChanges(): Promise<void> {
    if (this.checking || this.building) return;
    this.checking = true;
    this.checkedAt = Date.now();
    try {
      if ((await readVersion(this.db)) !== this.version) await this.rebuild();
    } catch (error) {
      this.options.log?.error({ err: error }, '仓单检索索引更新失败，继续使用上一版');
    } finally {
      this.checking = false;
    }
  }
}
