import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysMenuViews,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { ADMIN, EDITOR, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

// 最近访问 and 常用功能: /rest/menu/addMenuView, UserNearMenuList, UserMenuList (docs/auth.md
// "Menu visits"). Each user's own visits, of the menu pages they may still open.

let server: TestServer;
let admin: string;
let editor: string;

interface Visited {
  menus: Array<{ name: string; path: string; viewCount: number; lastViewedAt: string }>;
}

async function visit(path: string, token: string) {
  const answer = await server.post<{ recorded: boolean }>('/rest/menu/addMenuView', { path }, { authorization: token });
  return answer.envelope;
}

async function list(call: 'UserNearMenuList' | 'UserMenuList', token: string) {
  const answer = await server.post<Visited>(`/rest/menu/${call}`, {}, { authorization: token });
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet!.menus.map((menu) => `${menu.name}×${menu.viewCount}`);
}

async function userId(loginName: string): Promise<number> {
  const [user] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, loginName));
  return user!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  editor = await loginToken(server, EDITOR);
});
afterAll(async () => {
  await server?.close();
});

describe('menu visits', () => {
  it('counts each visit of a menu page; lists the latest first and the most opened first', async () => {
    for (const path of ['/system/user', '/system/role', '/system/user', '/system/user', '/project/display']) {
      expect(await visit(path, admin)).toMatchObject({ rtnCode: '0000', dataSet: { recorded: true } });
    }
    // The times, set apart so that the order does not hang on two visits in one millisecond.
    const adminId = await userId('admin');
    const menus = await server.db
      .select({ id: sysPermissions.id, path: sysPermissions.path })
      .from(sysPermissions)
      .where(inArray(sysPermissions.path, ['/system/user', '/system/role', '/project/display']));
    const minutesAgo: Record<string, number> = { '/system/user': 30, '/system/role': 20, '/project/display': 10 };
    for (const menu of menus) {
      await server.db
        .update(sysMenuViews)
        .set({ lastViewedAt: new Date(Date.now() - minutesAgo[menu.path!]! * 60_000) })
        .where(and(eq(sysMenuViews.userId, adminId), eq(sysMenuViews.permissionId, menu.id)));
    }
    expect(await list('UserNearMenuList', admin)).toEqual(['工作台×1', '角色管理×1', '用户管理×3']);
    expect(await list('UserMenuList', admin)).toEqual(['用户管理×3', '工作台×1', '角色管理×1']);
    // Another user's lists are their own.
    expect(await list('UserNearMenuList', editor)).toEqual([]);
  });

  it('records only a menu page the user may open', async () => {
    // A group (no page), a path no menu has, a menu the editor does not hold.
    for (const path of ['/system', '/no/such/page', '/system/user']) {
      expect(await visit(path, editor)).toMatchObject({ rtnCode: '0000', dataSet: { recorded: false } });
    }
    const rows = await server.db
      .select()
      .from(sysMenuViews)
      .where(eq(sysMenuViews.userId, await userId('editor')));
    expect(rows).toEqual([]);
    expect((await visit('/system/user?x=<script>', editor)).rtnCode).toBe('400');
    expect((await visit('x'.repeat(200), editor)).rtnCode).toBe('400');
    const anonymous = await server.post('/rest/menu/addMenuView', { path: '/system/user' });
    expect(anonymous.envelope.rtnCode).toBe('401');
  });

  it('drops a menu from the lists once the user may no longer open it', async () => {
    const [role] = await server.db
      .insert(sysRoles)
      .values({ code: 'smsreader', name: '短信查看' })
      .returning({ id: sysRoles.id });
    const [sms] = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(eq(sysPermissions.code, 'system:sms:list'));
    await server.db.insert(sysRolePermissions).values({ roleId: role!.id, permissionId: sms!.id });
    const editorId = await userId('editor');
    await server.db.insert(sysUserRoles).values({ userId: editorId, roleId: role!.id });

    expect((await visit('/system/sms', editor)).dataSet).toEqual({ recorded: true });
    expect((await visit('/account/center', editor)).dataSet).toEqual({ recorded: true });
    expect((await list('UserMenuList', editor)).sort()).toEqual(['个人中心×1', '短信日志×1']);

    await server.db
      .delete(sysUserRoles)
      .where(and(eq(sysUserRoles.userId, editorId), eq(sysUserRoles.roleId, role!.id)));
    expect(await list('UserNearMenuList', editor)).toEqual(['个人中心×1']);
    expect(await list('UserMenuList', editor)).toEqual(['个人中心×1']);
  });
});
