import type { BitmapArena } from './arena';
import { popcount } from './bits';

/** At most this many buckets per range column (a column with more values gets equi-depth buckets). */
export const MAX_RANGE_BUCKETS = 256;

/**
 * An integer column: each row's value, plus a range-encoded bitmap index of it: the rows
 * cut into buckets of consecutive values, kept as cumulative bitmaps ("rows below bucket
 * k"). A range is then decided a word (32 rows) at a time: rows in buckets wholly inside it
 * are in, rows in buckets wholly outside are out, and only the rows of the (at most two)
 * buckets that the range's ends cut are compared one by one.
 *
 * A column with at most `MAX_RANGE_BUCKETS` distinct values (such as one decimal over a
 * narrow span) gets a bucket per value, so a range's ends never cut a bucket and a range
 * costs two bitmap reads per word. Otherwise the buckets hold similar numbers of rows
 * (equi-depth, like a planner's histogram).
 */
export class RangeColumn {
  /** `bounds[k]` = the smallest value of bucket k; `bounds[buckets]` = largest value + 1. */
  private readonly bounds: number[] = [];
  /** `below[k]` = the rows of buckets `0…k-1` (`below[0]` empty, `below[buckets]` every row). */
  private readonly below: Uint32Array[] = [];

  /** Cuts the values of the first `size` rows into buckets; `fill` then makes the bitmaps. */
  constructor(
    readonly values: Int32Array,
    private readonly size = values.length,
  ) {
    const sorted = values.slice(0, size).sort();
    let distinct = 0;
    for (let i = 0; i < size; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
    const perBucket = distinct <= MAX_RANGE_BUCKETS ? 1 : Math.ceil(size / MAX_RANGE_BUCKETS);
    // Buckets start at distinct values, so a value is never split between two buckets.
    for (let i = 0; i < size;) {
      this.bounds.push(sorted[i]);
      let end = Math.min(size, i + perBucket);
      while (end < size && sorted[end] === sorted[end - 1]) end++;
      i = end;
    }
    this.bounds.push(size > 0 ? sorted[size - 1] + 1 : 0);
  }

  /** The bitmaps `fill` takes: one per bucket, and `below[0]`. */
  get bitmapCount(): number {
    return this.bounds.length;
  }

  fill(arena: BitmapArena): void {
    const { values, size } = this;
    const buckets = this.bounds.length - 1;
    // Rows by bucket (counting sort), then each cumulative bitmap = the previous one + a bucket's rows.
    const bucketOfValue = new Map<number, number>();
    const bucketOfRow = new Uint16Array(size);
    const starts = new Uint32Array(buckets + 1);
    for (let row = 0; row < size; row++) {
      const value = values[row];
      let bucket = bucketOfValue.get(value);
      if (bucket === undefined) {
        bucket = this.startsAtOrBelow(value) - 1;
        bucketOfValue.set(value, bucket);
      }
      bucketOfRow[row] = bucket;
      starts[bucket + 1]++;
    }
    for (let k = 0; k < buckets; k++) starts[k + 1] += starts[k];
    const byBucket = new Uint32Array(size);
    const filled = starts.slice(0, buckets);
    for (let row = 0; row < size; row++) byBucket[filled[bucketOfRow[row]]++] = row;
    this.below.push(arena.take());
    for (let k = 0; k < buckets; k++) {
      const next = arena.take();
      next.set(this.below[k]);
      for (let i = starts[k]; i < starts[k + 1]; i++) next[byBucket[i] >>> 5] |= 1 << (byBucket[i] & 31);
      this.below.push(next);
    }
  }

  /** Whether a row can be given a value (there is a bucket; a column built with no rows has none). */
  get changeable(): boolean {
    return this.bounds.length > 1;
  }

  /** Takes `row` out of the bitmaps (it is deleted, or about to get another value). */
  remove(row: number): void {
    this.mark(row, this.bucketOf(this.values[row]), false);
  }

  /**
   * Gives `row` the value `value`: the row goes into `below[k]` for every bucket k above the
   * value's. A value outside every bucket widens the first or the last one; a value between
   * two values of a one-value bucket joins that bucket, whose rows `range` then compares.
   */
  put(row: number, value: number): void {
    const last = this.bounds.length - 1;
    if (value < this.bounds[0]) this.bounds[0] = value;
    if (value >= this.bounds[last]) this.bounds[last] = value + 1;
    this.values[row] = value;
    this.mark(row, this.bucketOf(value), true);
  }

  /** Gives `row` (which has a value) the value `value`: nothing to do when it is the same. */
  change(row: number, value: number): void {
    if (this.values[row] === value) return;
    this.remove(row);
    this.put(row, value);
  }

  private bucketOf(value: number): number {
    return this.startsAtOrBelow(value) - 1;
  }

  private mark(row: number, bucket: number, on: boolean): void {
    const word = row >>> 5;
    const bit = 1 << (row & 31);
    for (let k = bucket + 1; k < this.below.length; k++) {
      if (on) this.below[k][word] |= bit;
      else this.below[k][word] &= ~bit;
    }
  }

  /** The number of bucket starts `≤ value` (0…buckets + 1); for a value of the column, its bucket + 1. */
  private startsAtOrBelow(value: number): number {
    let low = 0;
    let high = this.bounds.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.bounds[mid] <= value) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * The range `low…high` as bitmaps: a row may be in it when it is in `below` and not in
   * `notBelow` (either null: no condition); `cut` compares the values of the rows of a
   * bucket the range's ends cut. Null when no row can be in the range.
   */
  range(low: number, high: number): RangeBitmaps | null {
    const buckets = this.bounds.length - 1;
    const clamp = (k: number) => Math.max(0, Math.min(buckets, k));
    // Whole buckets inside the range: from the first starting at or above `low` to the last ending at or below `high`.
    const insideFrom = clamp(this.startsAtOrBelow(low - 1));
    const insideTo = clamp(this.startsAtOrBelow(high + 1) - 1);
    // Buckets that may hold matches: one more on a side where the range's end cuts a bucket.
    const maybeFrom = insideFrom > 0 && this.bounds[insideFrom] > low ? insideFrom - 1 : insideFrom;
    const maybeTo = insideTo < buckets && this.bounds[insideTo] <= high ? insideTo + 1 : insideTo;
    if (maybeFrom >= maybeTo) return null;
    const cut =
      maybeFrom === insideFrom && maybeTo === insideTo
        ? null
        : new RangeCut(
            this.values,
            low,
            high,
            this.below[insideFrom < insideTo ? insideTo : 0],
            this.below[insideFrom < insideTo ? insideFrom : 0],
          );
    return {
      below: maybeTo === buckets ? null : this.below[maybeTo],
      notBelow: maybeFrom === 0 ? null : this.below[maybeFrom],
      cut,
    };
  }
}

export interface RangeBitmaps {
  below: Uint32Array | null;
  notBelow: Uint32Array | null;
  cut: RangeCut | null;
}

/** The rows of the buckets a range's ends cut, compared by value (columns with more values than buckets). */
export class RangeCut {
  constructor(
    private readonly values: Int32Array,
    private readonly low: number,
    private readonly high: number,
    /** The rows surely in the range: `insideHigh & ~insideLow`. */
    private readonly insideHigh: Uint32Array,
    private readonly insideLow: Uint32Array,
  ) {}

  holds(row: number): boolean {
    const value = this.values[row];
    return value >= this.low && value <= this.high;
  }

  /** Clears the bits of `matches` (already within the cut buckets or inside) whose value is outside; returns how many are left. */
  narrow(matches: Uint32Array): number {
    const { values, low, high, insideHigh, insideLow } = this;
    let total = 0;
    for (let w = 0; w < matches.length; w++) {
      const bits = matches[w];
      if (bits === 0) continue;
      const sure = bits & insideHigh[w] & ~insideLow[w];
      let check = bits ^ sure;
      let kept = sure;
      const base = w << 5;
      while (check !== 0) {
        const lowest = check & -check;
        const value = values[base + 31 - Math.clz32(lowest)];
        if (value >= low && value <= high) kept |= lowest;
        check ^= lowest;
      }
      matches[w] = kept;
      if (kept !== 0) total += popcount(kept);
    }
    return total;
  }
}
