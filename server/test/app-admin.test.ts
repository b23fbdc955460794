import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysApps, sysAuditLog, sysRoles } from '../src/db/schema/index';
import { APP_ADMIN_MESSAGES } from '../src/modules/app-admin/service';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

let server: TestServer;
let admin: string;

interface AppRow {
  appCode: string;
  appName: string;
  visitUrl: string;
  icon: string | null;
  menus: Array<{ code: string; name: string | null }>;
  sort: number;
}
interface SwitcherApp {
  appCode: string;
  appName: string;
  visitUrl: string;
  icon: string | null;
  menus: string[];
}

const post = <T>(path: string, body: unknown, token: string | null = admin) =>
  server.post<T>(path, body, token ? { authorization: token } : {});

async function appsAtInit(token: string): Promise<SwitcherApp[]> {
  const init = await post<{ apps: SwitcherApp[] }>('/rest/auth/init', {}, token);
  expect(init.envelope.rtnCode).toBe('0000');
  return init.envelope.dataSet.apps;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

describe('getAppPage / getAppOptions', () => {
  it('lists the apps in switcher order with the names of their menus', async () => {
    await server.db
      .update(sysApps)
      .set({ menus: ['system:user:list', 'gone:menu'] })
      .where(eq(sysApps.appCode, 'TRADE'));
    const answer = await post<{ pagination: { result: AppRow[]; totalCount: number } }>('/rest/app/getAppPage', {});
    expect(answer.envelope.rtnCode).toBe('0000');
    const { result, totalCount } = answer.envelope.dataSet.pagination;
    expect(totalCount).toBe(2);
    expect(result.map((row) => row.appCode)).toEqual(['WMS', 'TRADE']);
    expect(result[1]).toEqual({
      appCode: 'TRADE',
      appName: '交易系统',
      visitUrl: 'https://trade.example.cn',
      icon: 'trade',
      menus: [
        { code: 'system:user:list', name: '用户管理' },
        { code: 'gone:menu', name: null },
      ],
      sort: 2,
    });
    await server.db.update(sysApps).set({ menus: [] }).where(eq(sysApps.appCode, 'TRADE'));
  });

  it('filters and sorts only on its allow-list', async () => {
    const found = await post<{ pagination: { result: AppRow[] } }>('/rest/app/getAppPage', {
      filters: { appName: '交易' },
    });
    expect(found.envelope.dataSet.pagination.result.map((row) => row.appCode)).toEqual(['TRADE']);
    const byName = await post<{ pagination: { result: AppRow[] } }>('/rest/app/getAppPage', {
      sort: { field: 'appCode', order: 'desc' },
    });
    expect(byName.envelope.dataSet.pagination.result.map((row) => row.appCode)).toEqual(['WMS', 'TRADE']);
    const refused = await post('/rest/app/getAppPage', { sort: { field: 'menus', order: 'asc' } });
    expect(refused.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不支持按“包含菜单”排序' });
    const icon = await post('/rest/app/getAppPage', { filters: { icon: 'trade' } });
    expect(icon.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不支持按“图标”查询' });
  });

  it('offers the menus that have a permission code, in menu order, and the icons', async () => {
    const answer = await post<{ menus: Array<{ code: string; name: string; fullName: string }>; icons: string[] }>(
      '/rest/app/getAppOptions',
      {},
    );
    expect(answer.envelope.rtnCode).toBe('0000');
    const { menus, icons } = answer.envelope.dataSet;
    expect(menus).toContainEqual({ code: 'system:user:list', name: '用户管理', fullName: '系统管理 / 用户管理' });
    const codes = menus.map((menu) => menu.code);
    expect(codes.indexOf('system:user:list')).toBeLessThan(codes.indexOf('system:role:list'));
    // Buttons are no menus; groups without a code cannot be named.
    expect(codes).not.toContain('system:user:add');
    expect(menus.map((menu) => menu.name)).not.toContain('系统管理');
    expect(icons).toEqual(expect.arrayContaining(['dashboard', 'trade']));
  });
});

describe('addApp / updApp / delApp', () => {
  it('refuses what is not an app, each with its reason', async () => {
    const base = { appCode: 'QUALITY', appName: '质量检验', visitUrl: '/project/display', menus: [] as string[] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, appCode: 'wms' }, '该应用编码已被使用，请更换'],
      [{ ...base, appName: '   ' }, '请输入应用名称'],
      [
        { ...base, visitUrl: 'javascript:alert(1)' },
        '访问地址应为以 / 开头的本站路径，或以 http://、https:// 开头的网址',
      ],
      [{ ...base, visitUrl: '//evil.example/' }, '访问地址应为以 / 开头的本站路径，或以 http://、https:// 开头的网址'],
      [
        { ...base, visitUrl: 'https://user@evil.example/' },
        '访问地址应为以 / 开头的本站路径，或以 http://、https:// 开头的网址',
      ],
      [{ ...base, icon: 'no-such-icon' }, '图标 no-such-icon 不存在'],
      [
        { ...base, menus: ['system:user:list', 'no:such:menu'] },
        '所选菜单 no:such:menu 不存在或没有权限编码，请刷新后重新选择',
      ],
      [{ ...base, menus: ['system:user:add'] }, '所选菜单 system:user:add 不存在或没有权限编码，请刷新后重新选择'],
    ];
    for (const [body, message] of cases) {
      const answer = await post('/rest/app/addApp', body);
      expect(answer.envelope, JSON.stringify(body)).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    for (const appCode of ['1bad', 'a', 'has-dash', 'x'.repeat(33), "Q' or 1=1"]) {
      const answer = await post('/rest/app/addApp', { ...base, appCode });
      expect(answer.envelope.rtnCode, appCode).toBe('400');
      expect(answer.envelope.rtnMessage).toContain('应用编码');
    }
    const longName = await post('/rest/app/addApp', { ...base, appName: '名'.repeat(65) });
    expect(longName.envelope.rtnCode).toBe('400');
    expect(await server.db.select().from(sysApps).where(eq(sysApps.appCode, 'QUALITY'))).toEqual([]);
  });

  it('adds, edits and deletes an app; each holder sees it in the switcher at the next init', async () => {
    const reviewer = await loginToken(server, REVIEWER);
    const added = await post('/rest/app/addApp', {
      appCode: 'SYS_ADMIN',
      appName: '  系统管理 ',
      visitUrl: ' /system/user ',
      icon: 'setting',
      menus: ['system:user:list', 'system:role:list', 'system:user:list'],
      sort: 5,
    });
    expect(added.envelope).toMatchObject({ rtnCode: '0000', dataSet: { appCode: 'SYS_ADMIN' } });
    const [row] = await server.db.select().from(sysApps).where(eq(sysApps.appCode, 'SYS_ADMIN'));
    expect(row).toEqual({
      appCode: 'SYS_ADMIN',
      appName: '系统管理',
      visitUrl: '/system/user',
      icon: 'setting',
      menus: ['system:user:list', 'system:role:list'],
      sort: 5,
    });
    // The administrator holds 用户管理: the app is in their switcher, after WMS and TRADE's order (sort 1, 2).
    expect((await appsAtInit(admin)).map((app) => app.appCode)).toEqual(['WMS', 'TRADE', 'SYS_ADMIN']);
    // The reviewer holds none of its menus: not in theirs.
    expect((await appsAtInit(reviewer)).map((app) => app.appCode)).toEqual(['WMS', 'TRADE']);

    const edited = await post('/rest/app/updApp', {
      appCode: 'SYS_ADMIN',
      appName: '审核与系统',
      visitUrl: 'https://admin.example.cn/console',
      icon: '',
      menus: [],
      sort: 0,
    });
    expect(edited.envelope, edited.envelope.rtnMessage).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    // Grouping no menu, it is everyone's: the reviewer now sees it, first (sort 0), as edited.
    const atInit = await appsAtInit(reviewer);
    expect(atInit[0]).toEqual({
      appCode: 'SYS_ADMIN',
      appName: '审核与系统',
      visitUrl: 'https://admin.example.cn/console',
      icon: null,
      menus: [],
    });

    const missing = await post('/rest/app/updApp', { appCode: 'NO_SUCH', appName: 'x', visitUrl: '/', menus: [] });
    expect(missing.envelope).toMatchObject({ rtnCode: '404', rtnMessage: '应用不存在或已删除' });

    await post('/rest/app/addApp', { appCode: 'EXTRA', appName: '临时应用', visitUrl: '/', menus: [] });
    const deleted = await post('/rest/app/delApp', { ids: 'SYS_ADMIN, EXTRA,NO_SUCH' });
    expect(deleted.envelope).toMatchObject({ rtnCode: '0000', dataSet: { deleted: 2 } });
    expect((await appsAtInit(reviewer)).map((app) => app.appCode)).toEqual(['WMS', 'TRADE']);
    const badIds = await post('/rest/app/delApp', { ids: "WMS' or '1'='1" });
    expect(badIds.envelope.rtnCode).toBe('400');
    const longCode = await post('/rest/app/delApp', { ids: `WMS,A${'b'.repeat(32)}` });
    expect(longCode.envelope).toMatchObject({ rtnCode: '400', rtnMessage: APP_ADMIN_MESSAGES.codeTooLong });
    expect((await appsAtInit(reviewer)).map((app) => app.appCode)).toEqual(['WMS', 'TRADE']);

    const trail = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'app'), eq(sysAuditLog.entityId, 'SYS_ADMIN')));
    expect(trail.map((entry) => entry.action)).toEqual(['app.add', 'app.update', 'app.delete']);
    expect(trail[1].before).toMatchObject({ appName: '系统管理', menus: ['system:user:list', 'system:role:list'] });
    expect(trail[1].after).toMatchObject({ appName: '审核与系统', icon: null });
  });

  it('hands the role grant tree the apps to group the menus by', async () => {
    await server.db
      .update(sysApps)
      .set({ menus: ['system:user:list'] })
      .where(eq(sysApps.appCode, 'WMS'));
    const [reviewer] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'reviewer'));
    const answer = await post<{ apps: Array<{ appCode: string; appName: string; menus: string[] }> }>(
      '/rest/role/getRolePermissions',
      { id: String(reviewer.id) },
    );
    expect(answer.envelope.dataSet.apps).toEqual([
      { appCode: 'WMS', appName: '仓储监管', menus: ['system:user:list'] },
      { appCode: 'TRADE', appName: '交易系统', menus: [] },
    ]);
    await server.db.update(sysApps).set({ menus: [] }).where(eq(sysApps.appCode, 'WMS'));
  });

  it('is refused to a role without the permissions', async () => {
    const reviewer = await loginToken(server, REVIEWER);
    for (const path of ['/rest/app/getAppPage', '/rest/app/getAppOptions', '/rest/app/addApp', '/rest/app/delApp']) {
      const answer = await post(path, {}, reviewer);
      expect(answer.envelope, path).toMatchObject({ rtnCode: '403' });
    }
  });
});

describe('exportXls (导出)', () => {
  const exportApps = (body: unknown, token = admin) => downloadExport(server, '/rest/app/exportXls', body, token);

  beforeAll(async () => {
    await server.db.insert(sysApps).values([
      { appCode: 'EXPONE', appName: '导出应用一', visitUrl: '/project/display', icon: 'trade', menus: [], sort: 8 },
      {
        appCode: 'EXPTWO',
        appName: '导出应用二',
        visitUrl: 'https://two.example.cn',
        icon: null,
        menus: ['system:user:list', 'gone:menu'],
        sort: 9,
      },
    ]);
  });
  afterAll(async () => {
    await server.db.delete(sysApps).where(inArray(sysApps.appCode, ['EXPONE', 'EXPTWO']));
  });

  it('writes the apps the query matches in its order, each menu by its name', async () => {
    const answer = await exportApps({ filters: { appName: '导出应用' }, sort: { field: 'sort', order: 'desc' } });
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('应用列表.xlsx')}`);
    expect(answer.rows).toEqual([
      ['应用编码', '应用名称', '访问地址', '图标', '包含菜单', '排序'],
      // A code no menu has any more stays a code: the reader still learns which it was.
      ['EXPTWO', '导出应用二', 'https://two.example.cn', '', '用户管理、gone:menu', '9'],
      ['EXPONE', '导出应用一', '/project/display', 'trade', '', '8'],
    ]);
  });

  it('writes only the apps selected by code, and only the columns shown', async () => {
    const answer = await exportApps({ selections: 'EXPONE,WMS', field: 'sort,appCode' });
    expect(answer.rows).toEqual([
      ['应用编码', '排序'],
      ['WMS', '1'],
      ['EXPONE', '8'],
    ]);
    expect((await exportApps({ selections: "EXPONE,x' or 1=1" })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '参数错误：selections（选中的记录）格式不正确',
    });
  });

  it('is refused to a user holding 应用管理 but not 导出应用', async () => {
    const reader = await tokenHolding(server, ['system:app:list']);
    expect((await post('/rest/app/getAppPage', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportApps({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
  });
});
