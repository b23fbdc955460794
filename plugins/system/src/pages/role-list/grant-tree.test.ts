import type { GrantNode } from '@cotton/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  allGrantable,
  expandableKeys,
  grantTreeState,
  grantViewState,
  groupByApp,
  plainView,
  toggleGrant,
  toggleViewGrant,
} from './grant-tree';
import type { GrantViewNode } from './grant-tree';

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

// The shape of a view: [key, children] (leaves: the key alone).
type Shape = string | [string, Shape[]];
const shape = (nodes: GrantViewNode[]): Shape[] =>
  nodes.map((node) => (node.children.length > 0 ? [node.key, shape(node.children)] : node.key));

// 系统管理 (open) › 用户管理 (6, with 7 and 8), 短信日志 (9, with its button 10), 角色管理 (11).
const SYSTEM: GrantNode[] = [
  node('1', null),
  node('5', null, [
    node('6', 'system:user:list', [button('7', 'system:user:add'), button('8', 'system:user:delete')]),
    node('9', 'system:sms:list', [button('10', 'system:sms:delete')]),
    node('11', 'system:role:list'),
  ]),
];
const app = (appCode: string, menus: string[]) => ({ appCode, appName: appCode, menus });

describe('grant tree grouped by app', () => {
  it('is the plain tree while no app groups a menu', () => {
    expect(groupByApp(SYSTEM, [app('WMS', []), app('TRADE', ['no:such'])], '未归属应用')).toEqual(plainView(SYSTEM));
    expect(grantViewState(plainView(TREE), new Set(['7']))).toEqual(grantTreeState(TREE, new Set(['7'])));
  });

  it('puts each app over its menus (with what is under them), the rest under 未归属应用', () => {
    const view = groupByApp(
      SYSTEM,
      [app('USERS', ['system:user:list', 'system:role:list']), app('SMS', ['system:sms:list', 'system:user:list'])],
      '未归属应用',
    );
    expect(shape(view)).toEqual([
      ['app:USERS', [['app:USERS/6', ['app:USERS/7', 'app:USERS/8']], 'app:USERS/11']],
      [
        'app:SMS',
        [
          ['app:SMS/6', ['app:SMS/7', 'app:SMS/8']],
          ['app:SMS/9', ['app:SMS/10']],
        ],
      ],
      // 系统管理 went to the apps whole: only the open 1 is left.
      ['unassigned', ['unassigned/1']],
    ]);
    expect(view.map((group) => [group.kind, group.id, group.code])).toEqual([
      ['app', null, null],
      ['app', null, null],
      ['app', null, null],
    ]);
    expect(view[2].name).toBe('未归属应用');
    expect(expandableKeys(view)).toEqual([
      'app:USERS',
      'app:USERS/6',
      'app:SMS',
      'app:SMS/6',
      'app:SMS/9',
      'unassigned',
    ]);
  });

  it('keeps an open group under 未归属应用 with what no app took; a menu listed under another shows once', () => {
    const view = groupByApp(SYSTEM, [app('A', ['system:user:list', 'system:user:add'])], '未归属应用');
    expect(shape(view)).toEqual([
      ['app:A', [['app:A/6', ['app:A/7', 'app:A/8']]]],
      ['unassigned', ['unassigned/1', ['unassigned/5', [['unassigned/9', ['unassigned/10']], 'unassigned/11']]]],
    ]);
  });

  it('checks a menu in every app at once; each app shows the state of what it groups', () => {
    const view = groupByApp(
      SYSTEM,
      [app('A', ['system:user:list']), app('B', ['system:user:list', 'system:role:list'])],
      '其他',
    );
    const granted = toggleViewGrant(SYSTEM, view, new Set(), 'app:A/7', true);
    expect([...granted].sort()).toEqual(['6', '7']);
    const state = grantViewState(view, granted);
    expect(state.checkedKeys).toEqual(['app:A/6', 'app:A/7', 'app:B/6', 'app:B/7']);
    expect(state.halfCheckedKeys).toEqual(['app:A', 'app:B']);
    expect(state.disabledKeys).toEqual(['unassigned/1']);
  });

  it('checking an app grants what it groups, and unchecking it takes that away, in every app', () => {
    const view = groupByApp(
      SYSTEM,
      [app('A', ['system:user:list']), app('B', ['system:user:list', 'system:role:list'])],
      '其他',
    );
    const all = toggleViewGrant(SYSTEM, view, new Set(['9']), 'app:B', true);
    expect([...all].sort()).toEqual(['11', '6', '7', '8', '9']);
    const state = grantViewState(view, all);
    expect(state.checkedKeys).toEqual(expect.arrayContaining(['app:A', 'app:B', 'app:A/6', 'app:B/11']));
    expect(state.halfCheckedKeys).toEqual(['unassigned', 'unassigned/5']);
    const none = toggleViewGrant(SYSTEM, view, all, 'app:A', false);
    expect([...none].sort()).toEqual(['11', '9']);
    expect(grantViewState(view, none).halfCheckedKeys).toEqual(['app:B', 'unassigned', 'unassigned/5']);
  });

  it('checking the open group under 未归属应用 grants only what is shown there', () => {
    const view = groupByApp(SYSTEM, [app('A', ['system:user:list'])], '其他');
    const granted = toggleViewGrant(SYSTEM, view, new Set(), 'unassigned/5', true);
    expect([...granted].sort()).toEqual(['10', '11', '9']);
  });
});
