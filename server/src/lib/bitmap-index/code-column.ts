import type { BitmapArena } from './arena';

/** Columns with at most this many values get a bitmap per value; the others only row lists. */
export const BITMAP_MAX_VALUES = 64;

/** A column of codes: each row's code into `values`, and the rows holding each value. */
export class CodeColumn {
  readonly values: Array<string | null> = [];
  readonly codes: Uint32Array;
  postings: Uint32Array[] = [];
  bitmaps: Uint32Array[] | null = null;
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

  /** Whether the column keeps a bitmap per value (few values), and so how many bitmaps it needs. */
  get bitmapCount(): number {
    return this.values.length <= BITMAP_MAX_VALUES ? this.values.length : 0;
  }

  /** A bitmap per value when the values are few, else the row list (ascending) of every value. */
  finish(arena: BitmapArena): void {
    if (this.bitmapCount > 0) {
      const bitmaps = this.values.map(() => arena.take());
      for (let row = 0; row < this.codes.length; row++) bitmaps[this.codes[row]][row >>> 5] |= 1 << (row & 31);
      this.bitmaps = bitmaps;
      return;
    }
    const counts = new Uint32Array(this.values.length);
    for (const code of this.codes) counts[code]++;
    this.postings = Array.from(counts, (count) => new Uint32Array(count));
    const filled = new Uint32Array(this.values.length);
    for (let row = 0; row < this.codes.length; row++) {
      const code = this.codes[row];
      this.postings[code][filled[code]++] = row;
    }
  }
}
