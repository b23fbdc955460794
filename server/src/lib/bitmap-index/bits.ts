/**
 * Bitmaps of rows: a `Uint32Array` whose bit `row & 31` of word `row >>> 5` says whether
 * `row` is in. Counting set bits and walking them in either direction.
 */

/** Set bits of a 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** `count` rows of `bitmap` in ascending order, skipping the first `offset` (whole words at a time by popcount). */
export function bitsAscending(bitmap: Uint32Array, offset: number, count: number): number[] {
  const rows: number[] = [];
  let skip = offset;
  for (let w = 0; w < bitmap.length && rows.length < count; w++) {
    let bits = bitmap[w];
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

/** `count` rows of `bitmap` in descending order, skipping the first `offset` (whole words at a time by popcount). */
export function bitsDescending(bitmap: Uint32Array, offset: number, count: number): number[] {
  const rows: number[] = [];
  let skip = offset;
  for (let w = bitmap.length - 1; w >= 0 && rows.length < count; w--) {
    let bits = bitmap[w];
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
