import type { BitmapArena } from './arena';

/** Columns with at most this many values get a bitmap per value; the others only row lists. */
export const BITMAP_MAX_VALUES = 64;

/**
 * A column of codes: each row's code into `values`, and the rows holding each value. After
 * `finish` a row's value can be changed (`remove`, then `put`): its bit or its place in a row
 * list moves, nothing else is recomputed.
 */
export class CodeColumn {
  readonly values: Array<string | null> = [];
  readonly codes: Uint32Array;
  postings: Uint32Array[] = [];
  bitmaps: Uint32Array[] | null = null;
  /** Live rows per code (a value no row holds any more stays in `values` until the next build). */
  private readonly counts: number[] = [];
  private readonly lookup = new Map<string | null, number>();
  private arena: BitmapArena | null = null;

  /** Room for `capacity` rows (the rows added after the build included). */
  constructor(capacity: number) {
    this.codes = new Uint32Array(capacity);
  }

  /** Sets a row's value before `finish` (or in a column without bitmaps and row lists). */
  set(row: number, value: string | null): void {
    const code = this.codeFor(value);
    this.codes[row] = code;
    this.counts[code]++;
  }

  codeOf(value: string): number | undefined {
    return this.lookup.get(value);
  }

  /** Whether the column keeps a bitmap per value (few values), and so how many bitmaps it needs. */
  get bitmapCount(): number {
    return this.values.length <= BITMAP_MAX_VALUES ? this.values.length : 0;
  }

  /** How many new bitmaps putting `values` would need, or null when the column cannot take them (too many values for bitmaps). */
  bitmapsNeededFor(values: Iterable<string | null>): number | null {
    if (!this.bitmaps) return 0;
    const fresh = new Set<string | null>();
    for (const value of values) if (!this.lookup.has(value)) fresh.add(value);
    return this.values.length + fresh.size <= BITMAP_MAX_VALUES ? fresh.size : null;
  }

  /** A bitmap per value when the values are few, else the row list (ascending) of every value; for the first `size` rows. */
  finish(arena: BitmapArena, size: number): void {
    this.arena = arena;
    if (this.bitmapCount > 0) {
      const bitmaps = this.values.map(() => arena.take());
      for (let row = 0; row < size; row++) bitmaps[this.codes[row]][row >>> 5] |= 1 << (row & 31);
      this.bitmaps = bitmaps;
      return;
    }
    const counts = new Uint32Array(this.values.length);
    for (let row = 0; row < size; row++) counts[this.codes[row]]++;
    this.postings = Array.from(counts, (count) => new Uint32Array(count));
    const filled = new Uint32Array(this.values.length);
    for (let row = 0; row < size; row++) {
      const code = this.codes[row];
      this.postings[code][filled[code]++] = row;
    }
  }

  /** Whether any live row holds `code`. */
  held(code: number): boolean {
    return this.counts[code] > 0;
  }

  /** Takes `row` out of its value's bitmap or row list (the row is deleted, or about to get another value). */
  remove(row: number): void {
    const code = this.codes[row];
    this.counts[code]--;
    if (this.bitmaps) this.bitmaps[code][row >>> 5] &= ~(1 << (row & 31));
    else if (this.arena) {
      const list = this.postings[code];
      const at = lowerRow(list, row);
      if (list[at] !== row) throw new Error(`行表：行 ${row} 不在其中`);
      const shorter = new Uint32Array(list.length - 1);
      shorter.set(list.subarray(0, at));
      shorter.set(list.subarray(at + 1), at);
      this.postings[code] = shorter;
    }
  }

  /** Gives `row` the value `value`, into its bitmap (a new one for a new value, `bitmapsNeededFor` said there is room) or row list. */
  put(row: number, value: string | null): void {
    const code = this.codeFor(value);
    this.codes[row] = code;
    this.counts[code]++;
    if (this.bitmaps) {
      this.bitmaps[code] ??= this.arena!.take();
      this.bitmaps[code][row >>> 5] |= 1 << (row & 31);
    } else if (this.arena) {
      const list = this.postings[code] ?? new Uint32Array(0);
      const at = lowerRow(list, row);
      const longer = new Uint32Array(list.length + 1);
      longer.set(list.subarray(0, at));
      longer[at] = row;
      longer.set(list.subarray(at), at + 1);
      this.postings[code] = longer;
    }
  }

  /** Gives `row` (which has a value) the value `value`: nothing to do when it is the same. */
  change(row: number, value: string | null): void {
    if (this.values[this.codes[row]] === value) return;
    this.remove(row);
    this.put(row, value);
  }

  private codeFor(value: string | null): number {
    let code = this.lookup.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.counts.push(0);
      this.lookup.set(value, code);
    }
    return code;
  }
}

/** The first place in an ascending row list whose row is ≥ `row`. */
function lowerRow(list: Uint32Array, row: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid] < row) low = mid + 1;
    else high = mid;
  }
  return low;
}
