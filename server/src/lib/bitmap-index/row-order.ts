/**
 * Rows kept in a sort order (a permutation of the live rows) that a few changed rows can be
 * taken out of and put back into without sorting everything again: one row by a binary
 * search and a `copyWithin` of the tail (native memmove of up to 4 MB for a million rows),
 * many rows by one filtering pass and one merge.
 */

/** Up to this many rows taken out or put in, one at a time; more: a pass over the order. */
const ONE_BY_ONE = 32;

export class RowOrder {
  private buffer: Uint32Array;
  length: number;

  /** `rows` already in order; room for `capacity` rows. */
  constructor(rows: Uint32Array, capacity: number) {
    this.buffer = new Uint32Array(Math.max(capacity, rows.length));
    this.buffer.set(rows);
    this.length = rows.length;
  }

  /** The rows in order (a view: valid until the next change). */
  get rows(): Uint32Array {
    return this.buffer.subarray(0, this.length);
  }

  at(position: number): number {
    return this.buffer[position];
  }

  /** The first position whose row is not before `target` by `before` (`before(row)`: the row sorts before the target). */
  lowerBound(before: (row: number) => boolean): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.buffer[mid])) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Takes `removed` out: rows of the order still holding the keys they were put in under (found by binary search). */
  remove(removed: readonly number[], compare: (a: number, b: number) => number): void {
    if (removed.length === 0) return;
    if (removed.length <= ONE_BY_ONE) for (const row of removed) this.removeOne(row, compare);
    else this.removeMany(removed);
  }

  /** Puts `inserted` in where `compare` places them (the rows already in must be in `compare`'s order). */
  insert(inserted: readonly number[], compare: (a: number, b: number) => number): void {
    if (inserted.length === 0) return;
    if (inserted.length <= ONE_BY_ONE) for (const row of inserted) this.insertOne(row, compare);
    else this.insertMany(inserted, compare);
  }

  /** Whether `row` sits between rows numbered lower and higher than itself (the order agrees with the row numbers around it). */
  inRowOrderAround(row: number, compare: (a: number, b: number) => number): boolean {
    const at = this.lowerBound((other) => compare(other, row) < 0);
    return (at === 0 || this.buffer[at - 1] < row) && (at + 1 >= this.length || this.buffer[at + 1] > row);
  }

  /** Whether every row is numbered above the one before it. */
  isRowOrder(): boolean {
    const { buffer } = this;
    for (let i = 1; i < this.length; i++) if (buffer[i] <= buffer[i - 1]) return false;
    return true;
  }

  private removeOne(row: number, compare: (a: number, b: number) => number): void {
    let at = this.lowerBound((other) => compare(other, row) < 0);
    if (this.buffer[at] !== row || at >= this.length) at = this.rows.indexOf(row);
    if (at < 0) throw new Error(`行序：行 ${row} 不在其中`);
    this.buffer.copyWithin(at, at + 1, this.length);
    this.length--;
  }

  private removeMany(removed: readonly number[]): void {
    const gone = new Set(removed);
    const { buffer } = this;
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const row = buffer[i];
      if (!gone.has(row)) buffer[kept++] = row;
    }
    if (this.length - kept !== gone.size) throw new Error('行序：要移除的行不全在其中');
    this.length = kept;
  }

  private grow(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const bigger = new Uint32Array(Math.ceil((this.length + extra) * 1.25));
    bigger.set(this.rows);
    this.buffer = bigger;
  }

  private insertOne(row: number, compare: (a: number, b: number) => number): void {
    this.grow(1);
    const at = this.lowerBound((other) => compare(other, row) < 0);
    this.buffer.copyWithin(at + 1, at, this.length);
    this.buffer[at] = row;
    this.length++;
  }

  private insertMany(inserted: readonly number[], compare: (a: number, b: number) => number): void {
    const incoming = [...inserted].sort(compare);
    this.grow(incoming.length);
    // Merge from the back, in place.
    const { buffer } = this;
    let i = this.length - 1;
    let j = incoming.length - 1;
    let to = this.length + incoming.length - 1;
    while (j >= 0) {
      if (i >= 0 && compare(buffer[i], incoming[j]) > 0) buffer[to--] = buffer[i--];
      else buffer[to--] = incoming[j--];
    }
    this.length += incoming.length;
  }
}
