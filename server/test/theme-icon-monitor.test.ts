import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysApps, sysAuditLog, sysIcons, sysPermissions, sysProcessHeartbeats } from '../src/db/schema/index';
import { ADMIN, EDITOR, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

// Issue 15 items 7 and 9: each user's layout and theme, 图标管理, 系统监控.

let server: TestServer;
let admin: string;
let editor: string;

const post = <T>(path: string, body: unknown, token: string) => server.post<T>(path, body, { authorization: token });

interface Preferences {
  menuLayout: string;
  theme: string;
  primaryColor: string;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  editor = await loginToken(server, EDITOR);
});
afterAll(async () => {
  await server?.close();
});

describe('layout and theme (UpdUserDefault)', () => {
  it('starts from the defaults, saves a choice alone, returns it at init, and logs it', async () => {
    const before = await post<{ preferences: Preferences }>('/rest/auth/init', {}, editor);
    expect(before.envelope.dataSet.preferences).toEqual({
      menuLayout: 'side',
      theme: 'light',
      primaryColor: '#165DFF',
    });

    const saved = await post<{ preferences: Preferences; userInfo: { realname: string } }>(
      '/rest/user/UpdUserDefault',
      { preferences: { menuLayout: 'top', theme: 'dark', primaryColor: '#00b42a' } },
      editor,
    );
    expect(saved.envelope.rtnCode).toBe('0000');
    // The basic information is untouched when only the preferences come.
    expect(saved.envelope.dataSet.userInfo.realname).toBe('陈静');
    expect(saved.envelope.dataSet.preferences).toEqual({ menuLayout: 'top', theme: 'dark', primaryColor: '#00B42A' });

    const after = await post<{ preferences: Preferences }>('/rest/auth/init', {}, editor);
    expect(after.envelope.dataSet.preferences).toEqual({ menuLayout: 'top', theme: 'dark', primaryColor: '#00B42A' });
    // Another user keeps theirs.
    const other = await post<{ preferences: Preferences }>('/rest/auth/init', {}, admin);
    expect(other.envelope.dataSet.preferences.theme).toBe('light');

    const [audit] = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'user.preferences'), eq(sysAuditLog.loginName, 'editor')));
    expect(audit?.after).toEqual({ menuLayout: 'top', theme: 'dark', primaryColor: '#00B42A' });
  });

  it('refuses a colour outside the palette and an unknown layout, in Chinese, saving nothing', async () => {
    const colour = await post(
      '/rest/user/UpdUserDefault',
      { realname: '改了的名字', preferences: { menuLayout: 'side', theme: 'light', primaryColor: '#123456' } },
      editor,
    );
    expect(colour.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '请从可选的主题色中选择' });
    const layout = await post(
      '/rest/user/UpdUserDefault',
      { preferences: { menuLayout: 'left', theme: 'light', primaryColor: '#165DFF' } },
      editor,
    );
    expect(layout.envelope.rtnCode).toBe('400');
    expect(layout.envelope.rtnMessage).toContain('菜单布局');
    const init = await post<{ loginUser: { realname: string }; preferences: Preferences }>(
      '/rest/auth/init',
      {},
      editor,
    );
    expect(init.envelope.dataSet.loginUser.realname).toBe('陈静');
    expect(init.envelope.dataSet.preferences.menuLayout).toBe('top');
  });
});

describe('图标管理 (Geticon, Addicon, Delicon)', () => {
  it('lists the offered icons with the menus and apps using them, and the catalogue’s others', async () => {
    const answer = await post<{
      icons: Array<{ name: string; svgPath: string; usedBy: Array<{ kind: string; name: string }> }>;
      available: Array<{ name: string }>;
    }>('/rest/icon/Geticon', {}, admin);
    expect(answer.envelope.rtnCode).toBe('0000');
    const { icons, available } = answer.envelope.dataSet;
    const dashboard = icons.find((icon) => icon.name === 'dashboard');
    expect(dashboard?.usedBy).toEqual([
      { kind: 'menu', name: '工作台' },
      { kind: 'app', name: '仓储监管' },
    ]);
    expect(icons.find((icon) => icon.name === 'monitor')?.usedBy).toEqual([{ kind: 'menu', name: '系统监控' }]);
    expect(available.map((icon) => icon.name)).toContain('star');
    expect(available.map((icon) => icon.name)).not.toContain('dashboard');
  });

  it('refuses to delete an icon a menu still uses, naming the menus; deletes and adds back an unused one', async () => {
    const used = await post('/rest/icon/Delicon', { name: 'user' }, admin);
    expect(used.envelope).toMatchObject({
      rtnCode: '504',
      rtnMessage: '图标「user」仍被菜单「个人中心」「用户管理」使用，请先在菜单管理或应用管理中更换图标',
    });
    expect(await server.db.select().from(sysIcons).where(eq(sysIcons.name, 'user'))).toHaveLength(1);

    const added = await post('/rest/icon/Addicon', { name: 'star' }, admin);
    expect(added.envelope.rtnCode).toBe('0000');
    const again = await post('/rest/icon/Addicon', { name: 'star' }, admin);
    expect(again.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '该图标已在可选图标中' });
    const unknown = await post('/rest/icon/Addicon', { name: '<svg>' }, admin);
    expect(unknown.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '只能添加图标库中的图标' });

    const deleted = await post('/rest/icon/Delicon', { name: 'star' }, admin);
    expect(deleted.envelope.rtnCode).toBe('0000');
    const gone = await post('/rest/icon/Delicon', { name: 'star' }, admin);
    expect(gone.envelope).toMatchObject({ rtnCode: '504', rtnMessage: '图标不存在或已删除' });
    const actions = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entity, 'icon'));
    expect(actions.map((row) => row.action).sort()).toEqual(['icon.add', 'icon.delete']);
  });

  it('names the applications too, and lets nobody without the permission in', async () => {
    await server.db.update(sysApps).set({ icon: 'trade' }).where(eq(sysApps.appCode, 'WMS'));
    const used = await post('/rest/icon/Delicon', { name: 'trade' }, admin);
    expect(used.envelope.rtnMessage).toBe(
      '图标「trade」仍被应用「仓储监管」「交易系统」使用，请先在菜单管理或应用管理中更换图标',
    );
    await server.db.update(sysApps).set({ icon: 'dashboard' }).where(eq(sysApps.appCode, 'WMS'));
    for (const path of ['/rest/icon/Geticon', '/rest/icon/Delicon', '/rest/icon/Addicon']) {
      const refused = await post(path, path.endsWith('Geticon') ? {} : { name: 'star' }, editor);
      expect(refused.envelope.rtnCode).toBe('403');
    }
  });
});

describe('系统监控 (getServerInfo)', () => {
  it('shows this process, the database and the search index to the system administrator', async () => {
    const answer = await post<{
      processes: Array<Record<string, unknown>>;
      database: Record<string, unknown>;
      host: { cpus: number };
    }>('/rest/monitor/getServerInfo', {}, admin);
    expect(answer.envelope.rtnCode).toBe('0000');
    const { processes, database, host } = answer.envelope.dataSet;
    const current = processes.filter((process) => process.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ pid: process.pid, role: '主进程', lost: false, nodeVersion: process.version });
    expect(current[0].rssBytes).toBeGreaterThan(0);
    expect(current[0].searchIndex).toMatchObject({ building: expect.any(Boolean) });
    expect(database).toMatchObject({ status: 'up', driver: expect.stringMatching(/^(pglite|postgres)$/) });
    expect(database.sizeBytes).toBeGreaterThan(0);
    expect(host.cpus).toBeGreaterThan(0);
  });

  it('shows another process from its heartbeat, lost once it stops beating', async () => {
    const old = new Date(Date.now() - 60_000);
    await server.db.insert(sysProcessHeartbeats).values({
      instanceId: 'other-host:4242:abc',
      host: 'other-host',
      pid: 4242,
      role: 'worker:2',
      nodeVersion: 'v24.0.0',
      startedAt: new Date(old.getTime() - 3_600_000),
      beatAt: old,
      rssBytes: 1e8,
      heapUsedBytes: 5e7,
      heapTotalBytes: 6e7,
      eventLoopDelayMs: 1.5,
      searchIndex: { rows: 10, version: 3, builtAt: old.toISOString(), buildMs: 12, building: false },
    });
    const answer = await post<{ processes: Array<Record<string, unknown>> }>('/rest/monitor/getServerInfo', {}, admin);
    const other = answer.envelope.dataSet.processes.find((process) => process.pid === 4242);
    expect(other).toMatchObject({
      role: '工作进程 2',
      lost: true,
      current: false,
      uptimeSeconds: 3600,
      searchIndex: { rows: 10, version: 3 },
    });
  });

  it('is the system administrator’s only: 403 for anyone else', async () => {
    const refused = await post('/rest/monitor/getServerInfo', {}, editor);
    expect(refused.envelope.rtnCode).toBe('403');
    const [menu] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:monitor:view'));
    expect(menu).toMatchObject({ path: '/system/monitor', componentPath: 'monitor/ServerMonitor' });
  });
});
