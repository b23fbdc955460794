import { describe, expect, it } from 'vitest';
import { treePlaces } from './tree';

describe('treePlaces', () => {
  it('reads the tree parents first, siblings by sort then id, with levels and ancestors', () => {
    const nodes = [
      { id: 1, parentId: null, sort: 0, name: '根' },
      { id: 2, parentId: 1, sort: 5, name: '乙' },
      { id: 3, parentId: 1, sort: 1, name: '甲' },
      { id: 4, parentId: 2, sort: 0, name: '乙一' },
      { id: 5, parentId: 1, sort: 1, name: '丙' },
    ];
    const places = treePlaces(nodes);
    const order = [...places.entries()].sort((a, b) => a[1].order - b[1].order).map(([id]) => id);
    expect(order).toEqual([1, 3, 5, 2, 4]);
    expect(places.get(4)).toMatchObject({ level: 3 });
    expect(places.get(4)!.ancestors.map((node) => node.name)).toEqual(['根', '乙']);
  });

  it('takes a node whose parent is missing as a top node and leaves out a cycle', () => {
    const places = treePlaces([
      { id: 7, parentId: 99, sort: 0 },
      { id: 8, parentId: 9, sort: 0 },
      { id: 9, parentId: 8, sort: 0 },
    ]);
    expect(places.get(7)).toEqual({ order: 0, level: 1, ancestors: [] });
    expect(places.has(8)).toBe(false);
    expect(places.has(9)).toBe(false);
  });
});
