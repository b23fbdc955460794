import type { CodeField, RangeField, ReceiptQuery } from './search-query';
import { CODE_FIELDS, RANGE_FIELDS } from './search-query';

/**
 * The receipt search index: the filterable columns of every receipt held in memory as
 * typed arrays, with a bitmap per value of the few-valued columns and the row list of
 * every value, so that any combination of the stock filter panel is counted exactly and
 * paged in any of the three sorts in well under a millisecond for a million receipts —
 * the job the trading centre's Elasticsearch did (the calls are still called `esQuery`).
 *
 * Rows are numbered in batch-number order (then receipt number), code-unit order of the
 * strings (PostgreSQL's "C" collation). The index holds every column a result shows, so a
 * search does not touch the database; `ReceiptSearch` (search-engine.ts) builds it from
 * the database and rebuilds it when the receipts change (like a search engine's refresh).
 *
 * Everything here is synchronous, so the scratch bitmaps can be shared by all searches.
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
export interface IndexedReceipt extends Omit<ReceiptRow, 'avgMicronaire' | 'avgStrength' | 'avgUniformity' | 'avgMoisture' | 'avgTrash'> {
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

/** Columns with at most this many values get a bitmap per value; the others only row lists. */
const BITMAP_MAX_VALUES = 64;

/** Set bits of a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A column of codes: each row's code into `values`, and the rows holding each value. */
class CodeColumn {
  readonly values: Array<string | null> = [];
  readonly codes: Uint32Array;
  postings: Uint32Array[] = [];
  bitmaps: Uint32Array[] | null = null;
  /** Rows per value (by code). */
  counts = new Uint32Array(0);
  private readonly lookup = new Map<string | null, number>();

  constructor(size: number) {
    this.codes = new Uint32Array(size);
  }

  set(row: number, value: string | null): void {
    let code = this.lookup.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.lookup.set(value, code);
    }
    this.codes[row] = code;
  }

  codeOf(value: string): number | undefined {
    return this.lookup.get(value);
  }

  /** Row lists (ascending) of every value, or bitmaps instead when the values are few. */
  finish(words: number): void {
    const counts = new Uint32Array(this.values.length);
    for (const code of this.codes) counts[code]++;
    this.counts = counts;
    this.postings = Array.from(counts, (count) => new Uint32Array(count));
    const filled = new Uint32Array(this.values.length);
    for (let row = 0; row < this.codes.length; row++) {
      const code = this.codes[row];
      this.postings[code][filled[code]++] = row;
    }
    if (this.values.length <= BITMAP_MAX_VALUES) {
      this.bitmaps = this.postings.map((rows) => {
        const bitmap = new Uint32Array(words);
        for (const row of rows) bitmap[row >>> 5] |= 1 << (row & 31);
        return bitmap;
      });
      // A search reads a few-valued column through its bitmaps only: its row lists would be ≈ 4 MB per column of dead weight.
      this.postings = [];
    }
  }
}

/** At most this many buckets per slider column (a column with more values gets equi-depth buckets). */
const MAX_RANGE_BUCKETS = 256;

/**
 * A slider column: each row's value (tenths), plus a range-encoded bitmap index of it:
 * the rows cut into buckets of consecutive values, kept as cumulative bitmaps ("rows
 * below bucket k"). A range is then decided a word (32 rows) at a time: rows in buckets
 * wholly inside it are in, rows in buckets wholly outside are out, and only the rows of
 * the (at most two) buckets that the range's ends cut are compared one by one.
 *
 * A column with at most `MAX_RANGE_BUCKETS` distinct values (every slider column of real
 * data: one decimal over a narrow span) gets a bucket per value, so a range's ends never
 * cut a bucket and a range costs two bitmap reads per word. Otherwise the buckets hold
 * similar numbers of rows (equi-depth, like a planner's histogram).
 */
class RangeColumn {
  /** `bounds[k]` = the smallest value of bucket k; `bounds[buckets]` = largest value + 1. */
  private readonly bounds: number[] = [];
  /** `below[k]` = the rows of buckets `0…k-1` (`below[0]` empty, `below[buckets]` every row). */
  private readonly below: Uint32Array[] = [];
  /** `rowsBelow[k]` = how many rows `below[k]` holds. */
  private rowsBelow = new Uint32Array(1);

  constructor(
    readonly values: Int32Array,
    words: number,
  ) {
    const size = values.length;
    const sorted = Int32Array.from(values).sort();
    let distinct = 0;
    for (let i = 0; i < size; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
    const perBucket = distinct <= MAX_RANGE_BUCKETS ? 1 : Math.ceil(size / MAX_RANGE_BUCKETS);
    // Buckets start at distinct values, so a value is never split between two buckets.
    for (let i = 0; i < size; ) {
      this.bounds.push(sorted[i]);
      let end = Math.min(size, i + perBucket);
      while (end < size && sorted[end] === sorted[end - 1]) end++;
      i = end;
    }
    this.bounds.push(size > 0 ? sorted[size - 1] + 1 : 0);
    const buckets = this.bounds.length - 1;

    // Rows by bucket (counting sort), then each cumulative bitmap = the previous one + a bucket's rows.
    const bucketOfValue = new Map<number, number>();
    const bucketOfRow = new Uint16Array(size);
    const starts = new Uint32Array(buckets + 1);
    for (let row = 0; row < size; row++) {
      const value = values[row];
      let bucket = bucketOfValue.get(value);
      if (bucket === undefined) {
        bucket = this.bucketOf(value);
        bucketOfValue.set(value, bucket);
      }
      bucketOfRow[row] = bucket;
      starts[bucket + 1]++;
    }
    for (let k = 0; k < buckets; k++) starts[k + 1] += starts[k];
    this.rowsBelow = starts;
    const byBucket = new Uint32Array(size);
    const filled = starts.slice(0, buckets);
    for (let row = 0; row < size; row++) byBucket[filled[bucketOfRow[row]]++] = row;
    this.below.push(new Uint32Array(words));
    for (let k = 0; k < buckets; k++) {
      const next = Uint32Array.from(this.below[k]);
      for (let i = starts[k]; i < starts[k + 1]; i++) next[byBucket[i] >>> 5] |= 1 << (byBucket[i] & 31);
      this.below.push(next);
    }
  }

  /** The bucket holding `value` (a value the column has). */
  private bucketOf(value: number): number {
    let low = 0;
    let high = this.bounds.length - 2;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (this.bounds[mid] <= value) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The number of bucket starts `≤ value` (0…buckets + 1). */
  private startsAtOrBelow(value: number): number {
    let count = 0;
    while (count < this.bounds.length && this.bounds[count] <= value) count++;
    return count;
  }

  /** The filter keeping the rows whose value is within `low…high`; null when no row is. */
  filter(low: number, high: number): WordFilter | null {
    const buckets = this.bounds.length - 1;
    const clamp = (k: number) => Math.max(0, Math.min(buckets, k));
    // Whole buckets inside the range: from the first starting at or above `low` to the last ending at or below `high`.
    const insideFrom = clamp(this.startsAtOrBelow(low - 1));
    const insideTo = clamp(this.startsAtOrBelow(high + 1) - 1);
    // Buckets that may hold matches: one more on a side where the range's end cuts a bucket.
    const maybeFrom = insideFrom > 0 && this.bounds[insideFrom] > low ? insideFrom - 1 : insideFrom;
    const maybeTo = insideTo < buckets && this.bounds[insideTo] <= high ? insideTo + 1 : insideTo;
    if (maybeFrom >= maybeTo) return null;
    const rows = this.rowsBelow[maybeTo] - this.rowsBelow[maybeFrom];
    const maybeHigh = this.below[maybeTo];
    const maybeLow = this.below[maybeFrom];
    if (maybeFrom === insideFrom && maybeTo === insideTo) {
      // The ends fall on bucket starts (the usual case: a bucket per value): no row to compare.
      if (maybeFrom === 0) return bitmapFilter(maybeHigh, rows); // open below: one bitmap
      return {
        rows,
        apply(matches, from, to) {
          let any = 0;
          for (let w = from; w < to; w++) any |= matches[w] &= maybeHigh[w] & ~maybeLow[w];
          return any;
        },
      };
    }
    const { values } = this;
    const inside = insideFrom < insideTo;
    const insideHigh = this.below[inside ? insideTo : 0];
    const insideLow = this.below[inside ? insideFrom : 0];
    return {
      rows,
      apply(matches, from, to) {
        let any = 0;
        for (let w = from; w < to; w++) {
          const bits = matches[w];
          if (bits === 0) continue;
          const candidates = bits & maybeHigh[w] & ~maybeLow[w];
          const sure = candidates & insideHigh[w] & ~insideLow[w];
          let check = candidates ^ sure;
          let kept = sure;
          const base = w << 5;
          while (check !== 0) {
            const lowest = check & -check;
            const value = values[base + 31 - Math.clz32(lowest)];
            if (value >= low && value <= high) kept |= lowest;
            check ^= lowest;
          }
          any |= matches[w] = kept;
        }
        return any;
      },
    };
  }
}

/**
 * One filter of a search over the words (32 rows each) `from…to-1` of the matches: clears
 * the bits of the rows it rejects and returns the OR of the words (0: none left there).
 */
interface WordFilter {
  /** How many rows it can keep at most (the most selective filters run first). */
  rows: number;
  apply(matches: Uint32Array, from: number, to: number): number;
}

/** Keeps the rows set in `bitmap`. */
function bitmapFilter(bitmap: Uint32Array, rows: number): WordFilter {
  return {
    rows,
    apply(matches, from, to) {
      let any = 0;
      for (let w = from; w < to; w++) any |= matches[w] &= bitmap[w];
      return any;
    },
  };
}

/** Keeps the rows set in any of `bitmaps`. */
function anyBitmapFilter(bitmaps: Uint32Array[], rows: number): WordFilter {
  if (bitmaps.length === 1) return bitmapFilter(bitmaps[0], rows);
  return {
    rows,
    apply(matches, from, to) {
      let any = 0;
      for (let w = from; w < to; w++) {
        let union = 0;
        for (let k = 0; k < bitmaps.length; k++) union |= bitmaps[k][w];
        any |= matches[w] &= union;
      }
      return any;
    },
  };
}

/** Words per block: a block of the matches (4 KB) stays in the CPU's first-level cache while every filter runs over it. */
const BLOCK_WORDS = 1024;

/** The first index in `0…size` whose key is ≥ `target` (keys ascending). */
function lowerBound(size: number, key: (index: number) => string, target: string): number {
  let low = 0;
  let high = size;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (key(mid) < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The union of ascending row lists, ascending and without repeats. */
function unionSorted(lists: Uint32Array[]): Uint32Array {
  if (lists.length === 1) return lists[0];
  const all = new Uint32Array(lists.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let unique = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[unique++] = all[i];
  return all.subarray(0, unique);
}

export interface IndexAnswer {
  total: number;
  /** The rows of the requested page, in order. */
  rows: ReceiptRow[];
}

interface IndexColumns {
  size: number;
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

/**
 * Fills the columns with `size` receipts given in row order (batch number, then receipt
 * number), a chunk at a time so that a rebuild never holds the event loop for long.
 */
export class ReceiptIndexBuilder {
  private row = 0;
  private readonly columns: IndexColumns;

  constructor(private readonly size: number) {
    const fields = [...CODE_FIELDS, ...DISPLAY_FIELDS];
    this.columns = {
      size,
      receiptNumbers: new Array<string>(size),
      batchNumbers: new Array<string>(size),
      codes: Object.fromEntries(fields.map((field) => [field, new CodeColumn(size)])) as IndexColumns['codes'],
      ranges: Object.fromEntries(RANGE_FIELDS.map((field) => [field, new Int32Array(size)])) as IndexColumns['ranges'],
      numbers: Object.fromEntries(NUMBER_FIELDS.map((field) => [field, new Int32Array(size)])) as IndexColumns['numbers'],
      lengths: new Uint8Array(size),
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
    if (this.row !== this.size) throw new Error(`仓单检索索引：应有 ${this.size} 条仓单，读到 ${this.row} 条`);
    return new ReceiptSearchIndex(this.columns);
  }
}

/** An index of `receipts` given in any order, their ranks computed here (tests, small sets). */
export function buildReceiptIndex(receipts: ReadonlyArray<Omit<IndexedReceipt, 'receiptRank'>>): ReceiptSearchIndex {
  const byReceipt = [...receipts].sort((a, b) => compareText(a.receiptNumber, b.receiptNumber));
  const ranks = new Map(byReceipt.map((receipt, rank) => [receipt.receiptNumber, rank]));
  const rows = [...receipts]
    .sort((a, b) => compareText(a.batchNumber, b.batchNumber) || compareText(a.receiptNumber, b.receiptNumber))
    .map((receipt) => ({ ...receipt, receiptRank: ranks.get(receipt.receiptNumber)! }));
  const builder = new ReceiptIndexBuilder(rows.length);
  builder.add(rows);
  return builder.finish();
}

export class ReceiptSearchIndex {
  readonly size: number;
  private readonly words: number;
  private readonly receiptNumbers: string[];
  private readonly batchNumbers: string[];
  private readonly columns: IndexColumns['codes'];
  private readonly ranges: Record<RangeField, Int32Array>;
  private readonly rangeColumns: Record<RangeField, RangeColumn>;
  private readonly numbers: Record<NumberField, Int32Array>;
  private readonly lengths: Uint8Array;
  /** Rows in receipt-number order, and each row's place in it. */
  private readonly byReceipt: Uint32Array;
  private readonly receiptRank: Uint32Array;
  /** Rows with a length grade by (length, receipt number), then the rows without one by receipt number. */
  private readonly byLength: Uint32Array;
  private readonly lengthNullStart: number;
  private readonly mask: Uint32Array;
  private readonly scratch: Uint32Array;
  private readonly matches: Uint32Array;

  constructor(columns: IndexColumns) {
    const size = columns.size;
    this.size = size;
    this.words = Math.ceil(size / 32) || 1;
    this.receiptNumbers = columns.receiptNumbers;
    this.batchNumbers = columns.batchNumbers;
    this.columns = columns.codes;
    this.ranges = columns.ranges;
    this.numbers = columns.numbers;
    this.lengths = columns.lengths;
    this.receiptRank = columns.receiptRank;
    for (const field of CODE_FIELDS) this.columns[field].finish(this.words);
    this.rangeColumns = Object.fromEntries(RANGE_FIELDS.map((field) => [field, new RangeColumn(this.ranges[field], this.words)])) as Record<RangeField, RangeColumn>;

    this.byReceipt = new Uint32Array(size);
    for (let row = 0; row < size; row++) this.byReceipt[this.receiptRank[row]] = row;

    // Counting sort by length over the receipt order keeps the receipt number as tie-breaker.
    const counts = new Uint32Array(256);
    for (const length of this.lengths) counts[length]++;
    const starts = new Uint32Array(256);
    let next = 0;
    for (let length = 1; length < 256; length++) {
      starts[length] = next;
      next += counts[length];
    }
    this.lengthNullStart = next;
    starts[0] = next;
    this.byLength = new Uint32Array(size);
    for (const row of this.byReceipt) this.byLength[starts[this.lengths[row]]++] = row;

    this.mask = new Uint32Array(this.words);
    this.scratch = new Uint32Array(this.words);
    this.matches = new Uint32Array(this.words);
  }

  /** The row as a result shows it. */
  row(row: number): ReceiptRow {
    const code = (field: CodeField | DisplayField) => {
      const column = this.columns[field];
      return column.values[column.codes[row]];
    };
    const tenths = (field: RangeField) => this.ranges[field][row] / 10;
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

  /** The distinct non-empty values of a name column (the names that have receipts). */
  valuesOf(field: 'whsName' | 'factoryName'): string[] {
    return this.columns[field].values.filter((value): value is string => Boolean(value));
  }

  /** Counts the matches of `query` and returns the rows of its page. */
  search(query: ReceiptQuery): IndexAnswer {
    const matched = this.match(query);
    if (matched === 0) return { total: 0, rows: [] };
    const all = matched === 'all';
    const total = all ? this.size : matched;
    const rows = this.page(all, query, Math.min(query.limit, Math.max(0, total - query.offset)));
    return { total, rows: rows.map((row) => this.row(row)) };
  }

  /**
   * Fills `this.matches` with the rows matching the filters and returns how many there
   * are, or `'all'` when there are no filters. With a row list (a name, a text search, a
   * many-valued column) its smallest one drives and each of its rows is tested. Otherwise
   * the filters (bitmaps of the few-valued columns, the slider ranges) run a block of
   * words at a time, most selective first, counting what survives.
   */
  private match(query: ReceiptQuery): number | 'all' {
    const lists: Uint32Array[] = [];
    /** Per few-valued filter: the bitmaps of its values (a row must be in one), and their rows. */
    const groups: Uint32Array[][] = [];
    const groupRows: number[] = [];
    for (const field of CODE_FIELDS) {
      const values = query.codes[field];
      if (!values) continue;
      const column = this.columns[field];
      const codes = values.map((value) => column.codeOf(value)).filter((code): code is number => code !== undefined);
      if (codes.length === 0) return 0;
      if (column.bitmaps) {
        groups.push(codes.map((code) => column.bitmaps![code]));
        groupRows.push(codes.reduce((sum, code) => sum + column.counts[code], 0));
      }
      else lists.push(unionSorted(codes.map((code) => column.postings[code])));
    }
    if (query.text) {
      const rows = this.textRows(query.text);
      if (rows.length === 0) return 0;
      lists.push(rows);
    }

    const filters: WordFilter[] = groups.map((bitmaps, k) => anyBitmapFilter(bitmaps, groupRows[k]));
    const ranges: Array<{ values: Int32Array; low: number; high: number }> = [];
    for (const field of RANGE_FIELDS) {
      const range = query.ranges[field];
      if (!range) continue;
      const filter = range.min <= range.max ? this.rangeColumns[field].filter(range.min, range.max) : null;
      if (!filter) return 0;
      filters.push(filter);
      ranges.push({ values: this.rangeColumns[field].values, low: range.min, high: range.max });
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
      filters.push(bitmapFilter(mask, lists[0].length));
    }

    if (driver) {
      // Few rows: each is tested, the bitmaps by its bit and the ranges by its values.
      const bitmaps = lists.length > 0 ? [...groups, [mask]] : groups;
      const has = (row: number) => {
        const word = row >>> 5;
        const bit = 1 << (row & 31);
        return bitmaps.every((any) => any.some((bitmap) => (bitmap[word] & bit) !== 0)) && ranges.every(({ values, low, high }) => values[row] >= low && values[row] <= high);
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
    if (filters.length === 0) return 'all';

    // A block of words at a time through every filter, the most selective first; a block
    // that has become empty skips the remaining filters.
    filters.sort((a, b) => a.rows - b.rows);
    let total = 0;
    for (let from = 0; from < words; from += BLOCK_WORDS) {
      const to = Math.min(words, from + BLOCK_WORDS);
      matches.fill(0xffffffff, from, to);
      let any = -1;
      for (let f = 0; f < filters.length && any !== 0; f++) any = filters[f].apply(matches, from, to);
      if (any === 0) continue;
      for (let w = from; w < to; w++) if (matches[w] !== 0) total += popcount(matches[w]);
    }
    return total;
  }

  /** The rows whose batch number is `exactBatch`, or whose batch or receipt number starts with `prefix`. */
  private textRows(text: NonNullable<ReceiptQuery['text']>): Uint32Array {
    const batchKey = (row: number) => this.batchNumbers[row];
    const receiptKey = (rank: number) => this.receiptNumbers[this.byReceipt[rank]];
    if ('exactBatch' in text) {
      const from = lowerBound(this.size, batchKey, text.exactBatch);
      let to = from;
      while (to < this.size && this.batchNumbers[to] === text.exactBatch) to++;
      return Uint32Array.from({ length: to - from }, (_, i) => from + i);
    }
    // '\uffff' sorts after every character the numbers can hold.
    const end = `${text.prefix}\uffff`;
    const batchFrom = lowerBound(this.size, batchKey, text.prefix);
    const batchTo = lowerBound(this.size, batchKey, end);
    const receiptFrom = lowerBound(this.size, receiptKey, text.prefix);
    const receiptTo = lowerBound(this.size, receiptKey, end);
    const byBatch = Uint32Array.from({ length: batchTo - batchFrom }, (_, i) => batchFrom + i);
    const byReceipt = this.byReceipt.slice(receiptFrom, receiptTo).sort();
    return unionSorted([byBatch, byReceipt]);
  }

  /** `count` matching rows from `query.offset`, in the query's order. */
  private page(all: boolean, query: ReceiptQuery, count: number): number[] {
    const rows: number[] = [];
    if (count <= 0) return rows;
    const { offset } = query;
    const [first, ...rest] = query.sort.length > 0 ? query.sort : [{ field: 'batchNumber' as const, desc: false }];
    const matches = this.matches;
    const has = (row: number) => all || (matches[row >>> 5] & (1 << (row & 31))) !== 0;

    if (rest.length > 0) {
      // Several sort fields (not offered by the page, allowed by the API): sort the matches.
      const candidates: number[] = [];
      for (let row = 0; row < this.size; row++) if (has(row)) candidates.push(row);
      candidates.sort(this.comparator(query.sort));
      return candidates.slice(offset, offset + count);
    }

    if (first.field === 'batchNumber') {
      if (all) {
        for (let i = 0; i < count; i++) rows.push(first.desc ? this.size - 1 - offset - i : offset + i);
        return rows;
      }
      return first.desc ? this.bitsDescending(offset, count) : this.bitsAscending(offset, count);
    }

    // A walk over a precomputed order: skip `offset` matches, take `count`.
    const sequence = first.field === 'warehouseReceiptNumber' ? this.receiptOrder(first.desc) : this.lengthOrder(first.desc);
    let skipped = 0;
    for (const row of sequence) {
      if (!has(row)) continue;
      if (skipped < offset) skipped++;
      else {
        rows.push(row);
        if (rows.length === count) break;
      }
    }
    return rows;
  }

  private bitsAscending(offset: number, count: number): number[] {
    const rows: number[] = [];
    let skip = offset;
    for (let w = 0; w < this.words && rows.length < count; w++) {
      let bits = this.matches[w];
      if (bits === 0) continue;
      const inWord = popcount(bits);
      if (skip >= inWord) {
        skip -= inWord;
        continue;
      }
      while (bits !== 0 && rows.length < count) {
        const low = bits & -bits;
        bits ^= low;
        if (skip > 0) skip--;
        else rows.push((w << 5) + 31 - Math.clz32(low));
      }
    }
    return rows;
  }

  private bitsDescending(offset: number, count: number): number[] {
    const rows: number[] = [];
    let skip = offset;
    for (let w = this.words - 1; w >= 0 && rows.length < count; w--) {
      let bits = this.matches[w];
      if (bits === 0) continue;
      const inWord = popcount(bits);
      if (skip >= inWord) {
        skip -= inWord;
        continue;
      }
      while (bits !== 0 && rows.length < count) {
        const bit = 31 - Math.clz32(bits);
        bits ^= 1 << bit;
        if (skip > 0) skip--;
        else rows.push((w << 5) + bit);
      }
    }
    return rows;
  }

  private *receiptOrder(desc: boolean): Generator<number> {
    const order = this.byReceipt;
    if (desc) for (let i = order.length - 1; i >= 0; i--) yield order[i];
    else yield* order;
  }

  /** By length (nulls last either way), ties by receipt number in the same direction. */
  private *lengthOrder(desc: boolean): Generator<number> {
    const order = this.byLength;
    if (!desc) {
      yield* order;
      return;
    }
    for (let i = this.lengthNullStart - 1; i >= 0; i--) yield order[i];
    for (let i = order.length - 1; i >= this.lengthNullStart; i--) yield order[i];
  }

  /** Compares rows by the sort fields, then by receipt number in the first field's direction. */
  private comparator(sort: ReceiptQuery['sort']): (a: number, b: number) => number {
    const tieDesc = sort[0]?.desc ?? false;
    const keys = sort.some((item) => item.field === 'warehouseReceiptNumber') ? sort : [...sort, { field: 'warehouseReceiptNumber' as const, desc: tieDesc }];
    return (a, b) => {
      for (const { field, desc } of keys) {
        let difference = 0;
        if (field === 'warehouseReceiptNumber') difference = this.receiptRank[a] - this.receiptRank[b];
        else if (field === 'batchNumber') difference = this.batchNumbers[a] === this.batchNumbers[b] ? 0 : a - b;
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
