import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, filterMenu, forbiddenPaths, menuHasPath, parseComponentPath, sideMenu } from './menu';
import type { MenuNode } from '@cotton/sdk/contracts';

function node(
  id: string,
  path: string,
  componentPath: string | null,
  permissions: string[] = [],
  children: MenuNode[] = [],
  hidden = false,
): MenuNode {
  return {
    id,
    name: id,
    path,
    icon: null,
    componentPath,
    permissions,
    hidden,
    keepAlive: true,
    openMode: 'page',
    url: null,
    children,
  };
}

const display = node('工作台', '/project/display', 'dashboard/ProjectDisplay', ['dashboard:view']);
const center = node('个人中心', '/account/center', 'account/AccountCenter', [], [], true);
const sms = node('短信日志', '/system/sms', 'system/SmsLog', ['system:sms:list']);
const system = node('系统管理', '/system', null, [], [sms]);
const menu = [display, center, system];

describe('filterMenu', () => {
  it('keeps everything for a user holding every code', () => {
    const kept = filterMenu(menu, ['dashboard:view', 'system:sms:list'], display);
    expect(kept.map((n) => n.id)).toEqual(['工作台', '个人中心', '系统管理']);
    expect(kept[2].children.map((n) => n.id)).toEqual(['短信日志']);
  });

  it('keeps nodes without a requirement, drops the others, hides groups left empty', () => {
    const kept = filterMenu(menu, ['dashboard:view'], display);
    expect(kept.map((n) => n.id)).toEqual(['工作台', '个人中心']);
  });

  it('needs only one of the required codes', () => {
    const either = node('x', '/x', 'p/X', ['a', 'b']);
    expect(filterMenu([either], ['b'])).toHaveLength(1);
    expect(filterMenu([either], ['c'])).toHaveLength(0);
  });

  it('filters children recursively and drops a group whose own requirement fails', () => {
    const deep = node(
      'g',
      '/g',
      null,
      [],
      [node('g2', '/g/2', null, [], [node('leaf', '/g/2/leaf', 'p/Leaf', ['leaf'])])],
    );
    expect(filterMenu([deep], [])).toEqual([]);
    expect(filterMenu([deep], ['leaf'])[0].children[0].children[0].id).toBe('leaf');
    const locked = node('locked', '/l', null, ['nope'], [node('open', '/l/open', 'p/Open')]);
    expect(filterMenu([locked], [])).toEqual([]);
  });

  it('falls back to the home menu when nothing is left or nothing came', () => {
    expect(filterMenu([sms], [], display)).toEqual([display]);
    // Only hidden pages left (the account centre): the sidebar would be empty.
    expect(filterMenu(menu, [], display).map((n) => n.id)).toEqual(['工作台', '个人中心']);
    expect(filterMenu([], ['dashboard:view'], display)).toEqual([display]);
    expect(filterMenu(null, [], display)).toEqual([display]);
  });
});

describe('buildMenuRoutes and forbiddenPaths', () => {
  it('routes every visible node with a component, groups excluded', () => {
    const routes = buildMenuRoutes(filterMenu(menu, ['dashboard:view', 'system:sms:list']));
    expect(routes).toEqual([
      {
        path: '/project/display',
        title: '工作台',
        componentPath: 'dashboard/ProjectDisplay',
        iframeUrl: null,
        keepAlive: true,
      },
      {
        path: '/account/center',
        title: '个人中心',
        componentPath: 'account/AccountCenter',
        iframeUrl: null,
        keepAlive: true,
      },
      { path: '/system/sms', title: '短信日志', componentPath: 'system/SmsLog', iframeUrl: null, keepAlive: true },
    ]);
  });

  it('routes iframe menus and carries 缓存; external links open no route and are no group', () => {
    const tree = [
      node(
        'g',
        '/g',
        null,
        [],
        [
          { ...node('报表', '/g/bi', null), openMode: 'iframe', url: 'https://bi.example.com/r' },
          { ...node('文档', '/g/docs', null), openMode: 'link', url: 'https://docs.example.org/' },
          { ...node('不缓存', '/g/sms', 'system/SmsLog'), keepAlive: false },
        ],
      ),
      node(
        '空组',
        '/links',
        null,
        [],
        [{ ...node('外链', '/links/x', null), openMode: 'link', url: 'https://x.example/' }],
      ),
    ];
    const visible = filterMenu(tree, []);
    expect(visible.map((n) => n.id)).toEqual(['g', '空组']);
    expect(sideMenu(visible)[1].children.map((n) => n.id)).toEqual(['外链']);
    expect(buildMenuRoutes(visible)).toEqual([
      { path: '/g/bi', title: '报表', componentPath: null, iframeUrl: 'https://bi.example.com/r', keepAlive: true },
      { path: '/g/sms', title: '不缓存', componentPath: 'system/SmsLog', iframeUrl: null, keepAlive: false },
    ]);
    expect(menuHasPath(visible, '/g/bi')).toBe(true);
    expect(menuHasPath(visible, '/g/docs')).toBe(false);
  });

  it('joins relative child paths, keeps the first claim and skips reserved paths', () => {
    const tree = [
      node('g', '/g', null, [], [node('a', 'a', 'p/A'), node('a2', '/g/a', 'p/A2')]),
      node('home', '/home', 'p/Home'),
    ];
    expect(buildMenuRoutes(tree, ['/home']).map((r) => [r.path, r.componentPath])).toEqual([['/g/a', 'p/A']]);
  });

  it('lists the paths the filter removed', () => {
    const visible = filterMenu(menu, ['dashboard:view'], display);
    expect(forbiddenPaths(menu, visible)).toEqual(['/system/sms']);
    expect(forbiddenPaths(menu, filterMenu(menu, ['dashboard:view', 'system:sms:list']))).toEqual([]);
  });

  it('knows whether a path is a page of the menu', () => {
    const visible = filterMenu(menu, ['dashboard:view'], display);
    expect(menuHasPath(visible, '/account/center?tab=1')).toBe(true);
    expect(menuHasPath(visible, '/system/sms')).toBe(false);
    expect(menuHasPath(visible, '/system')).toBe(false);
  });
});

describe('sideMenu and parseComponentPath', () => {
  it('leaves out hidden nodes and groups they empty', () => {
    const tree = [display, center, node('g', '/g', null, [], [node('h', '/g/h', 'p/H', [], [], true)])];
    expect(sideMenu(tree).map((n) => n.id)).toEqual(['工作台']);
  });

  it('splits plugin id and export', () => {
    expect(parseComponentPath('dashboard/ProjectDisplay')).toEqual({
      pluginId: 'dashboard',
      exportName: 'ProjectDisplay',
    });
    expect(parseComponentPath('broken')).toBeNull();
    expect(parseComponentPath('a/b/c')).toBeNull();
  });
});
