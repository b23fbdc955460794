import type { GrantNode } from '@cotton/sdk';
import { describe, expect, it } from 'vitest';
import { allGrantable, grantTreeState, toggleGrant } from './grant-tree';

const node = (id: string, code: string | null, children: GrantNode[] = [], type: GrantNode['type'] = 'menu') => ({
  id,
  type,
  name: id,
  code,
  children,
});
const button = (id: string, code: string) => node(id, code, [], 'button');

// 工作台 (open, with two coded buttons), 个人中心 (open, nothing under it), 系统管理 (open) ›
// 用户管理 (coded) › 新增 / 删除.
const TREE: GrantNode[] = [
  node('1', null, [button('2', 'register:apply:list'), button('3', 'cms:content:list')]),
  node('4', null),
  node('5', null, [node('6', 'system:user:list', [button('7', 'system:user:add'), button('8', 'system:user:delete')])]),
];

describe('grant tree', () => {
  it('checking a button checks its coded menu; the open group above shows half', () => {
    const granted = toggleGrant(TREE, new Set(), '7', true);
    expect([...granted].sort()).toEqual(['6', '7']);
    expect(grantTreeState(TREE, granted)).toEqual({
      checkedKeys: ['6', '7'],
      halfCheckedKeys: ['5'],
      disabledKeys: ['4'],
    });
  });

  it('checking an open group checks everything coded under it; unchecking a menu drops its buttons', () => {
    const all = toggleGrant(TREE, new Set(), '5', true);
    expect([...all].sort()).toEqual(['6', '7', '8']);
    expect(grantTreeState(TREE, all).checkedKeys).toEqual(['5', '6', '7', '8']);
    const none = toggleGrant(TREE, all, '6', false);
    expect([...none]).toEqual([]);
    expect(grantTreeState(TREE, none).halfCheckedKeys).toEqual([]);
  });

  it('a menu may be granted without its buttons', () => {
    const withButtons = toggleGrant(TREE, new Set(), '6', true);
    const menuOnly = toggleGrant(TREE, toggleGrant(TREE, withButtons, '7', false), '8', false);
    expect([...menuOnly]).toEqual(['6']);
    expect(grantTreeState(TREE, menuOnly).checkedKeys).toEqual(['6']);
  });

  it('全选 is every coded node', () => {
    expect(allGrantable(TREE).sort()).toEqual(['2', '3', '6', '7', '8']);
  });
});
