import { describe, expect, it } from 'vitest';
import { storage } from '@cotton/sdk';
import {
  CURRENT_APP_KEY,
  REMEMBERED_APP_USERS,
  appMenu,
  loadCurrentApp,
  saveCurrentApp,
  switchesMenu,
} from './current-app';
import { centerMenu, displayMenu, menuNode, smsMenu } from './fixtures';

const userMenu = menuNode('用户管理', '/system/user', 'system/UserList', ['system:user:list']);
const system = menuNode('系统管理', '/system', null, [], [smsMenu, userMenu]);
const everyone = menuNode('帮助', '/help', 'content/Help', []);
const menu = [displayMenu, centerMenu, system, everyone];
const app = (menus: string[], visitUrl = '/system/sms') => ({
  appCode: 'a',
  appName: 'A',
  visitUrl,
  icon: null,
  menus,
});
const names = (nodes: readonly { name: string; children: readonly unknown[] }[]): unknown[] =>
  nodes.map((node) => (node.children.length > 0 ? [node.name, names(node.children as never)] : node.name));

describe('appMenu', () => {
  it('keeps the app’s pages, the groups on their way, the home page and the pages everyone has', () => {
    expect(names(appMenu(menu, app(['system:sms:list'])))).toEqual([
      '工作台',
      '个人中心',
      ['系统管理', ['短信日志']],
      '帮助',
    ]);
  });

  it('leaves the menu whole for no app, an app of no menus, or one whose pages the user lacks', () => {
    expect(appMenu(menu, null)).toBe(menu);
    expect(appMenu(menu, app([]))).toBe(menu);
    expect(appMenu(menu, app(['trade:order:list']))).toBe(menu);
  });
});

describe('the chosen app', () => {
  it('is remembered per user and forgotten by 全部菜单', () => {
    saveCurrentApp('u1', 'sms');
    expect(loadCurrentApp('u1')).toBe('sms');
    expect(loadCurrentApp('u2')).toBeNull();
    saveCurrentApp('u1', null);
    expect(loadCurrentApp('u1')).toBeNull();
  });

  it('keeps each user’s choice when several sign in on one browser, the latest users first', () => {
    saveCurrentApp('u1', 'sms');
    saveCurrentApp('u2', 'trade');
    expect(loadCurrentApp('u1')).toBe('sms');
    expect(loadCurrentApp('u2')).toBe('trade');
    saveCurrentApp('u2', null);
    expect(loadCurrentApp('u1')).toBe('sms');
    for (let i = 0; i < REMEMBERED_APP_USERS; i++) saveCurrentApp(`other${i}`, 'x');
    expect(loadCurrentApp('u1')).toBeNull();
    expect(loadCurrentApp(`other${REMEMBERED_APP_USERS - 1}`)).toBe('x');
    expect(loadCurrentApp('other0')).toBe('x');
  });

  it('reads the one choice an older portal kept', () => {
    storage.set(CURRENT_APP_KEY, { owner: 'u1', appCode: 'sms' });
    expect(loadCurrentApp('u1')).toBe('sms');
    saveCurrentApp('u3', 'trade');
    expect(loadCurrentApp('u1')).toBe('sms');
  });

  it('switches the menu when it opens in the back office, not when it is another site', () => {
    expect(switchesMenu(app([], '/system/sms'))).toBe(true);
    expect(switchesMenu(app([], 'https://trade.example/'))).toBe(false);
    expect(switchesMenu(app([], '//trade.example/'))).toBe(false);
  });
});
