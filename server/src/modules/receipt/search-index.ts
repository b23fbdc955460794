import { BitmapArena } from '../../lib/bitmap-index/arena';
import { bitsAscending, bitsDescending } from '../../lib/bitmap-index/bits';
import { CodeColumn } from '../../lib/bitmap-index/code-column';
import { conjunctionOfAll } from '../../lib/bitmap-index/conjunction';
import { RangeColumn, type RangeCut } from '../../lib/bitmap-index/range-column';
import { RowOrder } from '../../lib/bitmap-index/row-order';
import { unionSorted } from '../../lib/bitmap-index/row-lists';
import type { SortField } from '@cotton/sdk/contracts';
import type { CodeField, RangeField, ReceiptQuery } from './search-query';
import { CODE_FIELDS, RANGE_FIELDS } from './search-query';

/**
 * The receipt search index: the filterable columns of every receipt held in memory as
 * typed arrays, with a bitmap per value of the few-valued columns, the row list of every
 * value of the many-valued ones and range-encoded bitmaps of the slider columns, so that
 * any combination of the stock filter panel is counted exactly and paged in any of the
 * three sorts in well under a millisecond for a million receipts — the job the trading
 * centre's Elasticsearch did (the calls are still called `esQuery`).
 *
 * Rows are numbered in batch-number order (then receipt number), code-unit order of the
 * strings (PostgreSQL's "C" collation). The index holds every column a result shows, so a
 * search does not touch the database; `ReceiptSearch` (search-engine.ts) builds it from
 * the database and `apply`s the receipts that changed since: a changed row's bits, row-list
 * entries and places in the sort orders move, nothing else is recomputed. Rows inserted
 * after the build take the slots of deleted rows or spare slots past the built ones, so the
 * row number then no longer follows batch order: the batch order is kept as a row order of
 * its own, walked like the other two, until the next build.
 *
 * A search is synchronous, so the scratch bitmaps can be shared by all searches. The
 * bitmaps, columns and their combination are the general engine of lib/bitmap-index/.
 */

/** A receipt as the search answers it (what a result card and the detail page show). */
export interface ReceiptRow {
  batchNumber: string;
  receiptNumber: string;
  colorGrade: string | null;
  lengthGrade: number | null;
  micronaireGrade: string | null;
  avgMicronaire: number;
  avgStrength: number;
  avgUniformity: number;
  avgMoisture: number;
  avgTrash: number;
  processingMethod: string;
  pickMode: string;
  stockName: string;
  grossKg: number;
  netKg: number;
  conditionedKg: number;
  quantity: number;
  productYear: string;
  factoryName: string;
  whsName: string;
  placeName: string;
  status: string;
  machineDate: string;
  inspectDate: string;
  inspectCompany: string;
  storageWs: string;
}

/** One receipt as the loader reads it: the row, the filter-only columns, the averages as integers. */
export interface IndexedReceipt extends Omit<
  ReceiptRow,
  'avgMicronaire' | 'avgStrength' | 'avgUniformity' | 'avgMoisture' | 'avgTrash'
> {
  placeCode: string;
  origin: string;
  /** The six slider columns in tenths (`28.5` → 285). */
  strength: number;
  uniformity: number;
  trash: number;
  moisture: number;
  rd: number;
  plusB: number;
  /** Average micronaire in hundredths. */
  micronaire: number;
  /** Place of the receipt in receipt-number order (0-based). */
  receiptRank: number;
}

/** Columns shown but not filtered: stored as codes into their distinct values. */
const DISPLAY_FIELDS = ['placeName', 'machineDate', 'inspectDate', 'inspectCompany', 'storageWs'] as const;
type DisplayField = (typeof DISPLAY_FIELDS)[number];
/** Integer columns shown but not filtered. */
const NUMBER_FIELDS = ['micronaire', 'grossKg', 'netKg', 'conditionedKg', 'quantity'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

export interface IndexAnswer {
  total: number;
  /** The rows of the requested page, in order. */
  rows: ReceiptRow[];
}

interface IndexColumns {
  size: number;
  /** Rows the columns have room for: `size` and the spare slots for receipts added later. */
  capacity: number;
  receiptNumbers: string[];
  batchNumbers: string[];
  codes: Record<CodeField | DisplayField, CodeColumn>;
  ranges: Record<RangeField, Int32Array>;
  numbers: Record<NumberField, Int32Array>;
  /** Main length grade per row, 0 when none. */
  lengths: Uint8Array;
  receiptRank: Uint32Array;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Spare row slots for receipts added after a build: 2 % of the rows, at least 1,024. */
export function spareRows(size: number): number {
  return Math.max(1024, Math.ceil(size / 50));
}

/** Spare bitmaps for values of the few-valued columns that appear after a build. */
const SPARE_BITMAPS = 32;

/**
 * Fills the columns with `size` receipts given in row order (batch number, then receipt
 * number), a chunk at a time so that a rebuild never holds the event loop for long.
 */
export class ReceiptIndexBuilder {
  private row = 0;
  private readonly columns: IndexColumns;

  constructor(
    private readonly size: number,
    capacity = size + spareRows(size),
  ) {
    const fields = [...CODE_FIELDS, ...DISPLAY_FIELDS];
    this.columns = {
      size,
      capacity,
      receiptNumbers: new Array<string>(capacity),
      batchNumbers: new Array<string>(capacity),
      codes: Object.fromEntries(fields.map((field) => [field, new CodeColumn(capacity)])) as IndexColumns['codes'],
      ranges: Object.fromEntries(
        RANGE_FIELDS.map((field) => [field, new Int32Array(capacity)]),
      ) as IndexColumns['ranges'],
      numbers: Object.fromEntries(
        NUMBER_FIELDS.map((field) => [field, new Int32Array(capacity)]),
      ) as IndexColumns['numbers'],
      lengths: new Uint8Array(capacity),
      receiptRank: new Uint32Array(size),
    };
  }

  add(receipts: readonly IndexedReceipt[]): void {
    const { codes, ranges, numbers } = this.columns;
    for (const receipt of receipts) {
      const row = this.row++;
      if (row >= this.size) throw new Error(`仓单检索索引：读到的仓单多于 ${this.size} 条`);
      this.columns.receiptNumbers[row] = receipt.receiptNumber;
      this.columns.batchNumbers[row] = receipt.batchNumber;
      this.columns.lengths[row] = receipt.lengthGrade ?? 0;
      this.columns.receiptRank[row] = receipt.receiptRank;
      for (const field of CODE_FIELDS) {
        const value = receipt[field];
        codes[field].set(row, value === null ? null : String(value));
      }
      for (const field of DISPLAY_FIELDS) codes[field].set(row, receipt[field]);
      for (const field of RANGE_FIELDS) ranges[field][row] = receipt[field];
      for (const field of NUMBER_FIELDS) numbers[field][row] = receipt[field];
    }
  }

  finish(): ReceiptSearchIndex {
    const steps = this.steps();
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /** `finish` a step at a time, letting other work (searches on the old index) run between steps: each takes ≤ ≈ 0.1 s at a million receipts. */
  async finishInSteps(): Promise<ReceiptSearchIndex> {
    const steps = this.steps();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The work of finishing the index (sorting the slider columns, the bitmaps, the orders); `yield` between steps. */
  private *steps(): Generator<void, ReceiptSearchIndex> {
    if (this.row !== this.size) throw new Error(`仓单检索索引：应有 ${this.size} 条仓单，读到 ${this.row} 条`);
    const { columns } = this;
    const { size, capacity } = columns;
    const words = Math.ceil(capacity / 32) || 1;
    const rangeColumns = {} as Record<RangeField, RangeColumn>;
    for (const field of RANGE_FIELDS) {
      rangeColumns[field] = new RangeColumn(columns.ranges[field], size);
      yield;
    }
    // Every bitmap in one arena: the columns', then the search's own (mask, scratch,
    // matches, every row, no row, and a union per few-valued filter).
    const slots =
      CODE_FIELDS.reduce((sum, field) => sum + columns.codes[field].bitmapCount, 0) +
      RANGE_FIELDS.reduce((sum, field) => sum + rangeColumns[field].bitmapCount, 0) +
      SEARCH_BITMAPS +
      SPARE_BITMAPS;
    const arena = new BitmapArena(words, slots, '仓单检索索引');
    for (const field of CODE_FIELDS) {
      columns.codes[field].finish(arena, size);
      yield;
    }
    for (const field of RANGE_FIELDS) {
      rangeColumns[field].fill(arena);
      yield;
    }

    const byReceipt = new Uint32Array(size);
    for (let row = 0; row < size; row++) byReceipt[columns.receiptRank[row]] = row;
    // Counting sort by length over the receipt order keeps the receipt number as tie-breaker.
    const counts = new Uint32Array(256);
    for (let row = 0; row < size; row++) counts[columns.lengths[row]]++;
    const starts = new Uint32Array(256);
    let next = 0;
    for (let length = 1; length < 256; length++) {
      starts[length] = next;
      next += counts[length];
    }
    const lengthNullStart = next;
    starts[0] = next;
    const byLength = new Uint32Array(size);
    for (const row of byReceipt) byLength[starts[columns.lengths[row]]++] = row;
    const byBatch = Uint32Array.from({ length: size }, (_, row) => row);
    return new ReceiptSearchIndex(columns, {
      words,
      rangeColumns,
      arena,
      byBatch: new RowOrder(byBatch, capacity),
      byReceipt: new RowOrder(byReceipt, capacity),
      byLength: new RowOrder(byLength, capacity),
      withLength: lengthNullStart,
    });
  }
}

/** Bitmaps a search uses for itself: mask, scratch, matches, no row, every row, and a union per few-valued filter. */
const SEARCH_BITMAPS = 5 + CODE_FIELDS.length;

/** What `ReceiptIndexBuilder` computes from the columns for the index. */
interface IndexParts {
  words: number;
  rangeColumns: Record<RangeField, RangeColumn>;
  arena: BitmapArena;
  byBatch: RowOrder;
  byReceipt: RowOrder;
  byLength: RowOrder;
  /** Rows with a length grade (the first rows of `byLength`). */
  withLength: number;
}

/** A receipt as the database now holds it, or `receipt: null` when it was deleted. */
export interface ReceiptChange {
  receiptNumber: string;
  receipt: Omit<IndexedReceipt, 'receiptRank'> | null;
}

/** What `apply` did (rows of each kind). */
export interface AppliedChanges {
  inserted: number;
  updated: number;
  deleted: number;
}

/** A builder holding `receipts` given in any order, their ranks computed here (tests, small sets). */
export function receiptIndexBuilder(receipts: ReadonlyArray<Omit<IndexedReceipt, 'receiptRank'>>): ReceiptIndexBuilder {
  const byReceipt = [...receipts].sort((a, b) => compareText(a.receiptNumber, b.receiptNumber));
  const ranks = new Map(byReceipt.map((receipt, rank) => [receipt.receiptNumber, rank]));
  const rows = [...receipts]
    .sort((a, b) => compareText(a.batchNumber, b.batchNumber) || compareText(a.receiptNumber, b.receiptNumber))
    .map((receipt) => ({ ...receipt, receiptRank: ranks.get(receipt.receiptNumber)! }));
  const builder = new ReceiptIndexBuilder(rows.length);
  builder.add(rows);
  return builder;
}

/** An index of `receipts` given in any order (tests, small sets). */
export function buildReceiptIndex(receipts: ReadonlyArray<Omit<IndexedReceipt, 'receiptRank'>>): ReceiptSearchIndex {
  return receiptIndexBuilder(receipts).finish();
}

export class ReceiptSearchIndex {
  /** Rows each bitmap has room for (the built rows and the spare slots). */
  private readonly capacity: number;
  private readonly words: number;
  private readonly receiptNumbers: string[];
  private readonly batchNumbers: string[];
  private readonly columns: IndexColumns['codes'];
  private readonly rangeColumns: Record<RangeField, RangeColumn>;
  private readonly numbers: Record<NumberField, Int32Array>;
  private readonly lengths: Uint8Array;
  /** The live rows by batch number (then receipt number), by receipt number, and by length (then receipt number, no length last). */
  private readonly byBatch: RowOrder;
  private readonly byReceipt: RowOrder;
  private readonly byLength: RowOrder;
  /** Rows with a length grade: the first `withLength` rows of `byLength`. */
  private withLength: number;
  /** Whether row numbers still follow batch order (true after a build, until a receipt is added out of order). */
  private batchInRowOrder = true;
  /** Live rows; slots used so far (rows below it exist or were deleted); the deleted rows' slots, free again. */
  private live: number;
  private used: number;
  private readonly freeSlots: number[] = [];
  private readonly mask: Uint32Array;
  /** Every live row (what a `conjunction` pass reads in its unused places), and no row. */
  private readonly allRows: Uint32Array;
  private readonly noRows: Uint32Array;
  /** The unions of the values of multi-value filters, one per filter of a search. */
  private readonly unions: Uint32Array[];
  private readonly arena: BitmapArena;
  private readonly scratch: Uint32Array;
  private readonly matches: Uint32Array;

  constructor(columns: IndexColumns, parts: IndexParts) {
    const { size } = columns;
    this.capacity = columns.capacity;
    this.live = size;
    this.used = size;
    this.words = parts.words;
    this.receiptNumbers = columns.receiptNumbers;
    this.batchNumbers = columns.batchNumbers;
    this.columns = columns.codes;
    this.numbers = columns.numbers;
    this.lengths = columns.lengths;
    this.rangeColumns = parts.rangeColumns;
    this.arena = parts.arena;
    this.byBatch = parts.byBatch;
    this.byReceipt = parts.byReceipt;
    this.byLength = parts.byLength;
    this.withLength = parts.withLength;
    this.mask = this.arena.take();
    this.scratch = this.arena.take();
    this.matches = this.arena.take();
    this.noRows = this.arena.take();
    this.allRows = this.arena.take();
    this.allRows.fill(0xffffffff, 0, size >>> 5);
    if (size % 32 !== 0) this.allRows[size >>> 5] = 2 ** (size % 32) - 1;
    this.unions = CODE_FIELDS.map(() => this.arena.take());
  }

  /** Receipts in the index. */
  get size(): number {
    return this.live;
  }

  /** The row as a result shows it. */
  row(row: number): ReceiptRow {
    const code = (field: CodeField | DisplayField) => {
      const column = this.columns[field];
      return column.values[column.codes[row]];
    };
    const tenths = (field: RangeField) => this.rangeColumns[field].values[row] / 10;
    const length = this.lengths[row];
    return {
      batchNumber: this.batchNumbers[row],
      receiptNumber: this.receiptNumbers[row],
      colorGrade: code('colorGrade'),
      lengthGrade: length === 0 ? null : length,
      micronaireGrade: code('micronaireGrade'),
      avgMicronaire: this.numbers.micronaire[row] / 100,
      avgStrength: tenths('strength'),
      avgUniformity: tenths('uniformity'),
      avgMoisture: tenths('moisture'),
      avgTrash: tenths('trash'),
      processingMethod: code('processingMethod')!,
      pickMode: code('pickMode')!,
      stockName: code('stockName')!,
      grossKg: this.numbers.grossKg[row],
      netKg: this.numbers.netKg[row],
      conditionedKg: this.numbers.conditionedKg[row],
      quantity: this.numbers.quantity[row],
      productYear: code('productYear')!,
      factoryName: code('factoryName')!,
      whsName: code('whsName')!,
      placeName: code('placeName')!,
      status: code('status')!,
      machineDate: code('machineDate')!,
      inspectDate: code('inspectDate')!,
      inspectCompany: code('inspectCompany')!,
      storageWs: code('storageWs')!,
    };
  }

  /** The distinct non-empty values of a name column that receipts hold. */
  valuesOf(field: 'whsName' | 'factoryName'): string[] {
    const column = this.columns[field];
    return column.values.filter((value, code): value is string => Boolean(value) && column.held(code));
  }

  /**
   * Brings the index up to `changes` (the receipts as the database now holds them; a receipt
   * may appear more than once, the last counts): each changed row's bits and row-list entries
   * move, its places in the sort orders move when its sort keys changed, a new receipt takes
   * a free slot, a deleted one gives its slot back. Synchronous, so a search sees all of a
   * batch or none of it. Returns null, having changed nothing, when the index cannot take the
   * batch (no free slot left, a new value of a few-valued column past its bitmaps): build anew.
   */
  apply(changes: readonly ReceiptChange[]): AppliedChanges | null {
    const latest = new Map<string, ReceiptChange['receipt']>();
    for (const change of changes) latest.set(change.receiptNumber, change.receipt);
    const deletes: number[] = [];
    const updates: Array<[number, Omit<IndexedReceipt, 'receiptRank'>]> = [];
    const inserts: Array<Omit<IndexedReceipt, 'receiptRank'>> = [];
    for (const [receiptNumber, receipt] of latest) {
      const row = this.rowOf(receiptNumber);
      if (receipt === null) {
        if (row >= 0) deletes.push(row);
      } else if (row < 0) inserts.push(receipt);
      else if (receipt.batchNumber !== this.batchNumbers[row]) {
        // Another batch: another place in row order, so another row.
        deletes.push(row);
        inserts.push(receipt);
      } else updates.push([row, receipt]);
    }
    if (!this.canTake(inserts.length, [...updates.map(([, receipt]) => receipt), ...inserts])) return null;

    // Out of the sort orders first, while the rows still hold the keys they are sorted by.
    const lengthChanged = updates
      .filter(([row, receipt]) => (receipt.lengthGrade ?? 0) !== this.lengths[row])
      .map(([row]) => row);
    this.byBatch.remove(deletes, this.compareBatch);
    this.byReceipt.remove(deletes, this.compareReceipt);
    this.byLength.remove([...deletes, ...lengthChanged], this.compareLength);

    for (const row of deletes) {
      this.clearRow(row);
      this.allRows[row >>> 5] &= ~(1 << (row & 31));
      if (this.lengths[row] !== 0) this.withLength--;
      this.live--;
    }
    for (const [row, receipt] of updates) {
      const length = receipt.lengthGrade ?? 0;
      this.withLength += (length !== 0 ? 1 : 0) - (this.lengths[row] !== 0 ? 1 : 0);
      this.writeRow(row, receipt, true);
    }
    const inserted = inserts.map(() => this.freeSlots.pop() ?? this.used++);
    inserts.forEach((receipt, k) => {
      const row = inserted[k];
      this.writeRow(row, receipt);
      this.allRows[row >>> 5] |= 1 << (row & 31);
      if (this.lengths[row] !== 0) this.withLength++;
      this.live++;
    });
    this.freeSlots.push(...deletes);

    this.byBatch.insert(inserted, this.compareBatch);
    this.byReceipt.insert(inserted, this.compareReceipt);
    this.byLength.insert([...inserted, ...lengthChanged], this.compareLength);
    if (this.batchInRowOrder && inserted.length > 0) {
      this.batchInRowOrder =
        inserted.length <= 32
          ? inserted.every((row) => this.byBatch.inRowOrderAround(row, this.compareBatch))
          : this.byBatch.isRowOrder();
    }
    return { inserted: inserts.length, updated: updates.length, deleted: deletes.length };
  }

  /** Whether `apply` can put in `inserts` new rows and give rows the values of `receipts`. */
  private canTake(inserts: number, receipts: ReadonlyArray<Omit<IndexedReceipt, 'receiptRank'>>): boolean {
    if (inserts > this.freeSlots.length + (this.capacity - this.used)) return false;
    if (receipts.length === 0) return true;
    let bitmaps = 0;
    for (const field of CODE_FIELDS) {
      const needed = this.columns[field].bitmapsNeededFor(
        receipts.map((receipt) => (receipt[field] === null ? null : String(receipt[field]))),
      );
      if (needed === null) return false;
      bitmaps += needed;
    }
    if (bitmaps > this.arena.free) return false;
    return RANGE_FIELDS.every((field) => this.rangeColumns[field].changeable);
  }

  /** Takes a row out of every bitmap and row list. */
  private clearRow(row: number): void {
    for (const field of CODE_FIELDS) this.columns[field].remove(row);
    for (const field of RANGE_FIELDS) this.rangeColumns[field].remove(row);
  }

  /**
   * Writes a receipt into a row: its columns, its bits and row-list entries. `changed`: the
   * row holds a receipt already, whose bits move only where a value differs (a new status
   * touches the status bitmaps alone); else the row is in no bitmap yet.
   */
  private writeRow(row: number, receipt: Omit<IndexedReceipt, 'receiptRank'>, changed = false): void {
    this.receiptNumbers[row] = receipt.receiptNumber;
    this.batchNumbers[row] = receipt.batchNumber;
    this.lengths[row] = receipt.lengthGrade ?? 0;
    for (const field of CODE_FIELDS) {
      const raw = receipt[field];
      const value = raw === null ? null : String(raw);
      if (changed) this.columns[field].change(row, value);
      else this.columns[field].put(row, value);
    }
    for (const field of DISPLAY_FIELDS) this.columns[field].set(row, receipt[field]);
    for (const field of RANGE_FIELDS) {
      if (changed) this.rangeColumns[field].change(row, receipt[field]);
      else this.rangeColumns[field].put(row, receipt[field]);
    }
    for (const field of NUMBER_FIELDS) this.numbers[field][row] = receipt[field];
  }

  /** The live row of a receipt number, or -1. */
  private rowOf(receiptNumber: string): number {
    const at = this.byReceipt.lowerBound((row) => this.receiptNumbers[row] < receiptNumber);
    if (at >= this.byReceipt.length) return -1;
    const row = this.byReceipt.at(at);
    return this.receiptNumbers[row] === receiptNumber ? row : -1;
  }

  private readonly compareBatch = (a: number, b: number): number =>
    compareText(this.batchNumbers[a], this.batchNumbers[b]) ||
    compareText(this.receiptNumbers[a], this.receiptNumbers[b]);

  private readonly compareReceipt = (a: number, b: number): number =>
    compareText(this.receiptNumbers[a], this.receiptNumbers[b]);

  /** By length, no length last, then receipt number. */
  private readonly compareLength = (a: number, b: number): number =>
    (this.lengths[a] || 256) - (this.lengths[b] || 256) || compareText(this.receiptNumbers[a], this.receiptNumbers[b]);

  /** Counts the matches of `query` and returns the rows of its page. */
  search(query: ReceiptQuery): IndexAnswer {
    const matched = this.match(query);
    if (matched === 0) return { total: 0, rows: [] };
    const all = matched === 'all';
    const total = all ? this.live : matched;
    const rows = this.page(all, query, Math.min(query.limit, Math.max(0, total - query.offset)));
    return { total, rows: rows.map((row) => this.row(row)) };
  }

  /**
   * Fills `this.matches` with the rows matching the filters and returns how many there
   * are, or `'all'` when there are no filters. With a row list (a name, a text search, a
   * many-valued column) its smallest one drives and each of its rows is tested. Otherwise
   * the filters (bitmaps of the few-valued columns, the slider ranges' bitmaps) are
   * combined by `conjunction`, counting what survives. Every bitmap and row list holds live
   * rows only, and the unused places of a pass read the live rows, so a deleted row or an
   * unused slot never matches.
   */
  private match(query: ReceiptQuery): number | 'all' {
    const lists: Uint32Array[] = [];
    /** Per few-valued filter: the bitmaps of its values (a row must be in one). */
    const groups: Uint32Array[][] = [];
    for (const field of CODE_FIELDS) {
      const values = query.codes[field];
      if (!values) continue;
      const column = this.columns[field];
      const codes = values
        .map((value) => column.codeOf(value))
        .filter((code): code is number => code !== undefined && column.held(code));
      if (codes.length === 0) return 0;
      if (column.bitmaps) groups.push(codes.map((code) => column.bitmaps![code]));
      else lists.push(unionSorted(codes.map((code) => column.postings[code])));
    }
    if (query.text) {
      const rows = this.textRows(query.text);
      if (rows.length === 0) return 0;
      lists.push(rows);
    }

    const and: Uint32Array[] = [];
    const not: Uint32Array[] = [];
    const cuts: RangeCut[] = [];
    for (const field of RANGE_FIELDS) {
      const range = query.ranges[field];
      if (!range) continue;
      const bitmaps = range.min <= range.max ? this.rangeColumns[field].range(range.min, range.max) : null;
      if (!bitmaps) return 0;
      if (bitmaps.below) and.push(bitmaps.below);
      if (bitmaps.notBelow) not.push(bitmaps.notBelow);
      if (bitmaps.cut) cuts.push(bitmaps.cut);
    }

    lists.sort((a, b) => a.length - b.length);
    const driver = lists.shift() ?? null;
    const { mask, scratch, matches, words } = this;
    if (lists.length > 0) {
      // The other row lists (rare: a name and a text search together) ANDed into one bitmap.
      lists.forEach((list, k) => {
        const target = k === 0 ? mask : scratch;
        target.fill(0);
        for (const row of list) target[row >>> 5] |= 1 << (row & 31);
        if (k > 0) for (let w = 0; w < words; w++) mask[w] &= scratch[w];
      });
      and.push(mask);
    }

    if (driver) {
      // Few rows: each is tested by its bits and, where a range cuts a bucket, its value.
      const has = (row: number) => {
        const word = row >>> 5;
        const bit = 1 << (row & 31);
        return (
          groups.every((any) => any.some((bitmap) => (bitmap[word] & bit) !== 0)) &&
          and.every((bitmap) => (bitmap[word] & bit) !== 0) &&
          not.every((bitmap) => (bitmap[word] & bit) === 0) &&
          cuts.every((cut) => cut.holds(row))
        );
      };
      let total = 0;
      matches.fill(0);
      for (const row of driver) {
        if (!has(row)) continue;
        matches[row >>> 5] |= 1 << (row & 31);
        total++;
      }
      return total;
    }
    if (groups.length === 0 && and.length === 0 && not.length === 0 && cuts.length === 0) return 'all';

    // A filter of several values: the union of their bitmaps first.
    groups.forEach((bitmaps, k) => {
      if (bitmaps.length === 1) {
        and.push(bitmaps[0]);
        return;
      }
      const union = this.unions[k];
      union.set(bitmaps[0]);
      for (let b = 1; b < bitmaps.length; b++) {
        const bitmap = bitmaps[b];
        for (let w = 0; w < words; w++) union[w] |= bitmap[w];
      }
      and.push(union);
    });
    let total = conjunctionOfAll(this.arena.heap, matches, and, not, this.allRows, this.noRows);
    for (const cut of cuts) total = cut.narrow(matches);
    return total;
  }

  /** The rows (ascending) whose batch number is `exactBatch`, or whose batch or receipt number starts with `prefix`. */
  private textRows(text: NonNullable<ReceiptQuery['text']>): Uint32Array {
    const { batchNumbers, receiptNumbers, byBatch, byReceipt } = this;
    const slice = (order: RowOrder, from: number, to: number) =>
      Uint32Array.from({ length: to - from }, (_, i) => order.at(from + i)).sort();
    if ('exactBatch' in text) {
      const from = byBatch.lowerBound((row) => batchNumbers[row] < text.exactBatch);
      let to = from;
      while (to < byBatch.length && batchNumbers[byBatch.at(to)] === text.exactBatch) to++;
      return slice(byBatch, from, to);
    }
    // '\uffff' sorts after every character the numbers can hold.
    const { prefix } = text;
    const end = `${prefix}\uffff`;
    const batchFrom = byBatch.lowerBound((row) => batchNumbers[row] < prefix);
    const batchTo = byBatch.lowerBound((row) => batchNumbers[row] < end);
    const receiptFrom = byReceipt.lowerBound((row) => receiptNumbers[row] < prefix);
    const receiptTo = byReceipt.lowerBound((row) => receiptNumbers[row] < end);
    return unionSorted([slice(byBatch, batchFrom, batchTo), slice(byReceipt, receiptFrom, receiptTo)]);
  }

  /** `count` matching rows from `query.offset`, in the query's order. */
  private page(all: boolean, query: ReceiptQuery, count: number): number[] {
    const rows: number[] = [];
    if (count <= 0) return rows;
    const { offset } = query;
    const [first, ...rest] = query.sort.length > 0 ? query.sort : [{ field: 'batchNumber' as const, desc: false }];
    const bits = all ? this.allRows : this.matches;
    const has = (row: number) => (bits[row >>> 5] & (1 << (row & 31))) !== 0;

    if (rest.length > 0) {
      // Several sort fields (not offered by the page, allowed by the API): sort the matches.
      const candidates: number[] = [];
      for (let row = 0; row < this.used; row++) if (has(row)) candidates.push(row);
      candidates.sort(this.comparator(query.sort));
      return candidates.slice(offset, offset + count);
    }

    if (first.field === 'batchNumber' && !all && this.batchInRowOrder) {
      // Row numbers follow batch order: walk the match bitmap, skipping whole words.
      return first.desc ? bitsDescending(bits, offset, count) : bitsAscending(bits, offset, count);
    }

    // A walk over an order of the live rows: with no filter straight to `offset`, else skip `offset` matches.
    const at = this.orderAt(first.field, first.desc);
    const length = this.byBatch.length;
    if (all) {
      for (let i = offset; i < offset + count && i < length; i++) rows.push(at(i));
      return rows;
    }
    let skipped = 0;
    for (let i = 0; i < length; i++) {
      const row = at(i);
      if (!has(row)) continue;
      if (skipped < offset) skipped++;
      else {
        rows.push(row);
        if (rows.length === count) break;
      }
    }
    return rows;
  }

  /** The row at a place of a sort order: by batch or receipt number either way; by length with no length last either way. */
  private orderAt(field: SortField, desc: boolean): (i: number) => number {
    const order =
      field === 'batchNumber' ? this.byBatch : field === 'warehouseReceiptNumber' ? this.byReceipt : this.byLength;
    const last = order.length - 1;
    if (!desc) return (i) => order.at(i);
    if (field !== 'length') return (i) => order.at(last - i);
    const withLength = this.withLength;
    return (i) => (i < withLength ? order.at(withLength - 1 - i) : order.at(last - (i - withLength)));
  }

  /** Compares rows by the sort fields, then by receipt number in the first field's direction. */
  private comparator(sort: ReceiptQuery['sort']): (a: number, b: number) => number {
    const tieDesc = sort[0]?.desc ?? false;
    const keys = sort.some((item) => item.field === 'warehouseReceiptNumber')
      ? sort
      : [...sort, { field: 'warehouseReceiptNumber' as const, desc: tieDesc }];
    return (a, b) => {
      for (const { field, desc } of keys) {
        let difference = 0;
        if (field === 'warehouseReceiptNumber')
          difference = compareText(this.receiptNumbers[a], this.receiptNumbers[b]);
        else if (field === 'batchNumber') difference = compareText(this.batchNumbers[a], this.batchNumbers[b]);
        else {
          const la = this.lengths[a];
          const lb = this.lengths[b];
          if (la !== lb) {
            if (la === 0) return 1; // no length: last in both directions
            if (lb === 0) return -1;
            difference = la - lb;
          }
        }
        if (difference !== 0) return desc ? -difference : difference;
      }
      return 0;
    };
  }
}
