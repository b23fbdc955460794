import { popcount } from './bits';

/** Bitmaps one pass of `conjunction` reads at most: ANDed, and ORed then cleared. */
export const PASS_AND = 8;
export const PASS_NOT = 4;

/**
 * `matches` := the AND of `and` (up to 8 bitmaps) without the rows of `not` (up to 4), in
 * one pass over the words; returns the number of rows left. Every bitmap is a view into
 * `heap` (the arena) and is read by its offset there; unused places read `all` (every row)
 * and `none`. Straight-line reads of one typed array: ≈ 0.12 ms for 8 bitmaps of a
 * million rows, where a loop over an array of bitmaps took 0.4–0.6 ms.
 */
export function conjunction(
  heap: Uint32Array,
  matches: Uint32Array,
  and: Uint32Array[],
  not: Uint32Array[],
  all: Uint32Array,
  none: Uint32Array,
): number {
  const at = (bitmap: Uint32Array) => (bitmap.byteOffset / 4) | 0;
  const a = (k: number) => at(and[k] ?? all);
  const n = (k: number) => at(not[k] ?? none);
  return conjunctionPass(
    heap,
    at(matches),
    matches.length,
    a(0),
    a(1),
    a(2),
    a(3),
    a(4),
    a(5),
    a(6),
    a(7),
    n(0),
    n(1),
    n(2),
    n(3),
  );
}

/**
 * `conjunction` of any number of bitmaps: more than one pass reads (many filters at once)
 * take further passes, the matches so far being the first bitmap of the next pass.
 */
export function conjunctionOfAll(
  heap: Uint32Array,
  matches: Uint32Array,
  and: Uint32Array[],
  not: Uint32Array[],
  all: Uint32Array,
  none: Uint32Array,
): number {
  let total = conjunction(heap, matches, and.slice(0, PASS_AND), not.slice(0, PASS_NOT), all, none);
  for (let a = PASS_AND, n = PASS_NOT; a < and.length || n < not.length; a += PASS_AND - 1, n += PASS_NOT) {
    total = conjunction(
      heap,
      matches,
      [matches, ...and.slice(a, a + PASS_AND - 1)],
      not.slice(n, n + PASS_NOT),
      all,
      none,
    );
  }
  return total;
}

/** The loop of `conjunction`, over offsets into `heap`. */
function conjunctionPass(
  heap: Uint32Array,
  m: number,
  words: number,
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  a4: number,
  a5: number,
  a6: number,
  a7: number,
  n0: number,
  n1: number,
  n2: number,
  n3: number,
): number {
  let total = 0;
  for (let w = 0; w < words; w++) {
    const bits =
      heap[a0 + w] &
      heap[a1 + w] &
      heap[a2 + w] &
      heap[a3 + w] &
      heap[a4 + w] &
      heap[a5 + w] &
      heap[a6 + w] &
      heap[a7 + w] &
      ~(heap[n0 + w] | heap[n1 + w] | heap[n2 + w] | heap[n3 + w]);
    heap[m + w] = bits;
    if (bits !== 0) total += popcount(bits);
  }
  return total;
}
