/**
 * An index's bitmaps, each `words` long, side by side in one array: `conjunction` reads
 * several bitmaps of one typed array by offset, which V8 compiles to code several times
 * faster than the same reads from one typed array per bitmap. Sized once (the index knows
 * how many bitmaps it needs before it makes them, plus a few spare for values that rows get
 * later), never grown.
 */
export class BitmapArena {
  readonly heap: Uint32Array;
  private used = 0;

  constructor(
    readonly words: number,
    private readonly slots: number,
    /** The index's name, for the error when the arena is full (`<name>：位图空间不足（n 个）`). */
    private readonly name: string,
  ) {
    this.heap = new Uint32Array(words * slots);
  }

  /** How many bitmaps can still be taken. */
  get free(): number {
    return this.slots - this.used;
  }

  /** A new empty bitmap (a view into the arena). */
  take(): Uint32Array {
    if (this.used >= this.slots) throw new Error(`${this.name}：位图空间不足（${this.slots} 个）`);
    const start = this.used++ * this.words;
    return this.heap.subarray(start, start + this.words);
  }
}
