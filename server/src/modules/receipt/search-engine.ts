import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { changeSignalOf } from '../../db/change-signal';
import type { SearchIndexState } from '@cotton/sdk/contracts';
import { ReceiptIndexBuilder, type IndexedReceipt, type ReceiptChange, type ReceiptSearchIndex } from './search-index';

/**
 * Keeps the receipt search index (search-index.ts) in step with the `receipts` table. Built
 * at start-up; then every statement that changes receipts raises the version in
 * `receipt_search_state` and writes the receipt numbers it touched under that version into
 * `receipt_changes` (triggers, migrations 0010 and 0034), and sends the change signal. On the
 * signal (and, should the signal be down, on a search at most every refresh interval) the
 * process reads the receipts changed above the version it has applied, from one snapshot, and
 * applies them to the index in one synchronous step: a search sees a batch whole or not at
 * all. Only when most receipts changed (or a truncate, or changes purged before this process
 * read them, or the index has no room) is the index built anew, in the background, searches
 * using the old one meanwhile.
 */

export interface ReceiptSearchOptions {
  /** How often a search may look for changes (ms) — the fallback when the change signal is not heard. */
  refreshIntervalMs: number;
  log?: FastifyBaseLogger;
}

/** Receipts are read in chunks of this many rows (each chunk holds the event loop for about 25 ms). */
const LOAD_CHUNK = 2_000;
/** Changed receipts are read this many numbers at a time. */
const CHANGE_CHUNK = 5_000;
/** `receipt_changes` rows are kept this long (every process has applied them within seconds). */
const CHANGES_KEPT_MINUTES = 10;
/** How often a process deletes the rows older than that. */
const PURGE_EVERY_MS = 60_000;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

interface SearchState {
  version: number;
  purgedThrough: number;
}

async function readState(db: Pick<AppDatabase, 'execute'>): Promise<SearchState> {
  const rows = rowsOf<{ version: string | number; purged: string | number }>(
    await db.execute(sql`select version, purged_through as purged from receipt_search_state where id = 1`),
  );
  return { version: Number(rows[0]?.version ?? 0), purgedThrough: Number(rows[0]?.purged ?? 0) };
}

/** The columns of a receipt as the index reads them (averages as integers). */
const INDEX_COLUMNS = `
  receipt_number as "receiptNumber", batch_number as "batchNumber", product_year as "productYear",
  stock_name as "stockName", processing_method as "processingMethod", pick_mode as "pickMode", status, origin,
  color_grade as "colorGrade", micronaire_grade as "micronaireGrade", length_grade as "lengthGrade",
  place_code as "placeCode", place_name as "placeName", whs_name as "whsName", factory_name as "factoryName",
  (avg_strength * 10)::int as strength, (avg_uniformity * 10)::int as uniformity, (avg_trash * 10)::int as trash,
  (avg_moisture * 10)::int as moisture, (avg_rd * 10)::int as rd, (avg_plus_b * 10)::int as "plusB",
  (avg_micronaire * 100)::int as micronaire, gross_kg as "grossKg", net_kg as "netKg",
  conditioned_kg as "conditionedKg", quantity, machine_date::text as "machineDate",
  inspect_date::text as "inspectDate", inspect_company as "inspectCompany", storage_ws as "storageWs"`;

/** Every receipt in row order (batch number, receipt number; "C" collation), with its place in receipt order. */
const INDEX_SELECT = sql.raw(`
  select ${INDEX_COLUMNS},
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
    const { version } = await readState(tx);
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

/** The receipts changed above `since`, as the database holds them at `version` — or `'rebuild'` when most did. */
type ChangesRead = { version: number; changes: ReceiptChange[] } | { version: number; rebuild: string } | null;

/**
 * Reads, from one snapshot, the version and the receipts changed above `since` (deleted ones
 * with `receipt: null`); `rebuild` (with the reason) when more than half of `size` receipts
 * changed, a truncate emptied the table, or the changes were purged before this process read
 * them; null when nothing changed.
 */
export async function readChangesSince(
  db: AppDatabase,
  since: number,
  size: number,
  chunk = CHANGE_CHUNK,
): Promise<ChangesRead> {
  // Usually a few receipts: the version, their numbers and their rows in one statement (one
  // snapshot, one round trip — a busy process's event loop makes every round trip count).
  const most = Math.floor(size / 2) + 1;
  const cap = Math.min(most, chunk);
  const rows = rowsOf<
    Omit<IndexedReceipt, 'receiptRank'> & {
      version: string | number;
      purged: string | number;
      present: boolean | null;
      changed: string | null;
    }
  >(
    await db.execute(sql`
      with state as (select version, purged_through from receipt_search_state where id = 1),
      changed as (
        select receipt_number as n, true as present from receipt_changes
        where version > ${since} and version <= (select version from state)
        group by receipt_number limit ${cap})
      select s.version, s.purged_through as purged, c.present, c.n as changed, r.*
      from state s
      left join changed c on true
      left join lateral (
        select ${sql.raw(INDEX_COLUMNS)} from receipts where receipts.receipt_number = c.n
      ) r on true`),
  );
  const version = Number(rows[0]?.version ?? 0);
  if (version === since) return null;
  if (since < Number(rows[0]?.purged ?? 0)) return { version, rebuild: 'changes purged before they were read' };
  const touched = rows.filter((row) => row.present);
  if (touched.some((row) => row.changed === null)) return { version, rebuild: 'receipts truncated' };
  if (touched.length >= most) return { version, rebuild: `more than ${most - 1} of ${size} receipts changed` };
  if (touched.length >= cap) return readManyChangesSince(db, since, size, chunk);
  return {
    version,
    changes: touched.map((row) => ({
      receiptNumber: row.changed!,
      receipt: row.receiptNumber === null || row.receiptNumber === undefined ? null : row,
    })),
  };
}

/** `readChangesSince` for many changed receipts: a snapshot of its own, their rows a chunk at a time. */
async function readManyChangesSince(db: AppDatabase, since: number, size: number, chunk: number): Promise<ChangesRead> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const { version, purgedThrough } = await readState(tx);
    if (version === since) return null;
    if (since < purgedThrough) return { version, rebuild: 'changes purged before they were read' };
    // The receipts changed (one past half of the index is enough to know most changed).
    const most = Math.floor(size / 2) + 1;
    const numbers = rowsOf<{ n: string | null }>(
      await tx.execute(sql`
        select receipt_number as n from receipt_changes
        where version > ${since} and version <= ${version}
        group by receipt_number limit ${most}`),
    ).map((row) => row.n);
    if (numbers.includes(null)) return { version, rebuild: 'receipts truncated' };
    if (numbers.length >= most) return { version, rebuild: `more than ${most - 1} of ${size} receipts changed` };
    const changes: ReceiptChange[] = [];
    for (let at = 0; at < numbers.length; at += chunk) {
      const part = numbers.slice(at, at + chunk) as string[];
      const found = new Map(
        rowsOf<Omit<IndexedReceipt, 'receiptRank'>>(
          await tx.execute(sql`
            select ${sql.raw(INDEX_COLUMNS)} from receipts
            where receipt_number = any(string_to_array(${part.join(',')}, ','))`),
        ).map((receipt) => [receipt.receiptNumber, receipt]),
      );
      for (const receiptNumber of part) changes.push({ receiptNumber, receipt: found.get(receiptNumber) ?? null });
    }
    return { version, changes };
  });
}

export class ReceiptSearch {
  private index: ReceiptSearchIndex | null = null;
  private building: Promise<ReceiptSearchIndex> | null = null;
  private refreshing: Promise<void> | null = null;
  /** A change was heard while refreshing: look again when done. */
  private again = false;
  private version: number | null = null;
  private checkedAt = 0;
  /** When this process last purged `receipt_changes` (0: not yet — the first build purges). */
  private purgedAt = 0;
  private purging: Promise<void> | null = null;
  private builtAt: Date | null = null;
  private buildMs: number | null = null;
  private rebuilds = 0;
  private updates = 0;
  private updatedRows = 0;
  private updatedAt: Date | null = null;
  private updateMs: number | null = null;
  /** Time spent applying changes to the index (the synchronous part: the CPU a change costs the process, beside reading it). */
  private appliedMs = 0;
  private unlisten: (() => void) | null;

  constructor(
    private readonly db: AppDatabase,
    private readonly options: ReceiptSearchOptions,
  ) {
    // The change signal is heard by every process when a statement on `receipts` commits.
    this.unlisten = changeSignalOf(db)?.onChange('receipts', () => void this.refresh()) ?? null;
  }

  /** Stops following the change signal (an index made beside the app's, as the tests do). */
  close(): void {
    this.unlisten?.();
    this.unlisten = null;
  }

  /** The current index; only the first search waits, for the first build. */
  async current(): Promise<ReceiptSearchIndex> {
    if (!this.index) return this.rebuild();
    if (Date.now() - this.checkedAt >= this.options.refreshIntervalMs) void this.refresh();
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
      rebuilds: this.rebuilds,
      updates: this.updates,
      updatedRows: this.updatedRows,
      updatedAt: this.updatedAt?.toISOString() ?? null,
      updateMs: this.updateMs,
      appliedMs: Math.round(this.appliedMs * 10) / 10,
    };
  }

  /** Brings the index up to the database: applies what changed, or builds anew. Resolves when done. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          await this.catchUp();
        } while (this.again);
      } catch (error) {
        this.options.log?.error({ err: error }, '仓单检索索引更新失败，继续使用上一版');
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private async catchUp(): Promise<void> {
    if (this.building) await this.building;
    if (!this.index || this.version === null) return;
    this.checkedAt = Date.now();
    const started = performance.now();
    const read = await readChangesSince(this.db, this.version, this.index.size);
    if (read === null) return;
    if ('rebuild' in read) {
      this.options.log?.info({ reason: read.rebuild }, '仓单检索索引重建');
      await this.rebuild();
      return;
    }
    // One synchronous step: no search runs between the first and the last row applied.
    const applyStarted = performance.now();
    const applied = this.index.apply(read.changes);
    this.appliedMs += performance.now() - applyStarted;
    if (applied === null) {
      this.options.log?.info({ receipts: read.changes.length }, '仓单检索索引容纳不下这批变更，重建');
      await this.rebuild();
      return;
    }
    this.version = read.version;
    this.updates++;
    this.updatedRows += applied.inserted + applied.updated + applied.deleted;
    this.updatedAt = new Date();
    this.updateMs = Math.round((performance.now() - started) * 10) / 10;
    this.purgeWhenDue();
  }

  /**
   * At most every PURGE_EVERY_MS, after a change applied or a build (a process that only ever
   * builds — most receipts changed each time — must not let the rows pile up), deletes the
   * `receipt_changes` rows older than CHANGES_KEPT_MINUTES. In the background: the purge waits
   * for the version row's lock while a receipts transaction is open, and neither the first
   * search nor the next change should wait with it.
   */
  private purgeWhenDue(): void {
    if (this.purging || Date.now() - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = Date.now();
    this.purging = this.purge()
      .catch((error: unknown) => this.options.log?.warn({ err: error }, '仓单变更记录清理失败，下次再试'))
      .finally(() => {
        this.purging = null;
      });
  }

  /**
   * Deletes `receipt_changes` rows every process has long applied, and records the highest
   * version deleted in `purged_through`, in the same statement: a snapshot sees the rows or
   * the raised `purged_through`, so a process (this one or another) that had not read them
   * yet builds its index anew instead of missing them.
   */
  private async purge(): Promise<void> {
    await this.db.execute(sql`
      with gone as (
        delete from receipt_changes
        where changed_at < now() - make_interval(mins => ${CHANGES_KEPT_MINUTES})
        returning version
      )
      update receipt_search_state set purged_through = greatest(purged_through, (select max(version) from gone))
      where id = 1 and exists (select 1 from gone)`);
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
        this.rebuilds++;
        this.options.log?.info({ receipts: index.size, ms: this.buildMs }, '仓单检索索引已建立');
        this.purgeWhenDue();
        return index;
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }
}
