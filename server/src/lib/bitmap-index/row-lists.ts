/** Row lists: ascending arrays of row numbers, and searches over rows in key order. */

/** The first index in `0…size` whose key is ≥ `target` (keys ascending). */
export function lowerBound(size: number, key: (index: number) => string, target: string): number {
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
export function unionSorted(lists: Uint32Array[]): Uint32Array {
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
