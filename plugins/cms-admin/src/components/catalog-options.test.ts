import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { catalogTree } from './catalog-options';

const row = (id: string, parentId: string | null, catalogType = 'COLUMN'): AdminCatalogRow => ({
  id,
  parentId,
  code: `c${id}`,
  title: `栏目${id}`,
  catalogType,
  sort: 0,
  visible: true,
  description: null,
  contentCount: 0,
});
const ROWS = [row('1', null), row('2', '1'), row('3', '2'), row('4', null, 'BANNER')];

describe('catalogTree', () => {
  it('nests the rows and disables what cannot be chosen', () => {
    const tree = catalogTree(ROWS, (item) => item.catalogType === 'BANNER');
    expect(tree.map((node) => node.id)).toEqual(['1', '4']);
    expect(tree[0].children![0].children![0].id).toBe('3');
    expect(tree[0].disabled).toBe(true);
    expect(tree[1].disabled).toBe(false);
  });
});
