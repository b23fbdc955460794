import { describe, expect, it } from 'vitest';
import { buildOrgTree, orgAndBelow, parentIds } from './org-tree';

const ORGS = [
  { id: '1', parentId: null, name: '市场' },
  { id: '2', parentId: '1', name: '交易部' },
  { id: '3', parentId: '1', name: '仓储监管部' },
  { id: '4', parentId: '3', name: '新疆监管处' },
  { id: '5', parentId: '99', name: '孤儿' },
];

describe('org tree', () => {
  it('nests the flat list in its order; an unknown parent makes a root', () => {
    const tree = buildOrgTree(ORGS);
    expect(tree.map((node) => node.name)).toEqual(['市场', '孤儿']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['交易部', '仓储监管部']);
    expect(tree[0]!.children[1]!.children.map((node) => node.name)).toEqual(['新疆监管处']);
    expect(parentIds(tree)).toEqual(['1', '3']);
  });

  it('answers an organisation with everything below it', () => {
    expect(orgAndBelow(ORGS, '3').sort()).toEqual(['3', '4']);
    expect(orgAndBelow(ORGS, '1').sort()).toEqual(['1', '2', '3', '4']);
    expect(orgAndBelow(ORGS, '2')).toEqual(['2']);
  });
});
