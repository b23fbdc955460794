import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysAuditLog,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { ADMIN, EDITOR, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

let server: TestServer;
let admin: string;

interface RoleRow {
  id: string;
  code: string;
  name: string;
  description: string | null;
  userCount: number;
  createTime: string;
}
interface GrantNode {
  id: string;
  type: 'menu' | 'button';
  name: string;
  code: string | null;
  children: GrantNode[];
}

const post = <T>(path: string, body: unknown, token: string | null = admin) =>
  server.post<T>(path, body, token ? { authorization: token } : {});

async function permissionIds(codes: string[]): Promise<string[]> {
  const rows = await server.db
    .select({ id: sysPermissions.id })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, codes));
  return rows.map((row) => String(row.id));
}

async function addRole(code: string, name: string) {
  const answer = await post<{ id: string }>('/rest/role/addRole', { code, name, description: `${name}的描述` });
  expect(answer.envelope).toMatchObject({ rtnCode: '0000' });
  return answer.envelope.dataSet.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

describe('getRolePage', () => {
  it('lists the roles with how many users hold each, newest first', async () => {
    const answer = await post<{ pagination: { result: RoleRow[]; totalCount: number } }>('/rest/role/getRolePage', {
      sort: { field: 'name', order: 'asc' },
    });
    expect(answer.envelope.rtnCode).toBe('0000');
    const { result, totalCount } = answer.envelope.dataSet.pagination;
    expect(totalCount).toBeGreaterThanOrEqual(3);
    const sysadmin = result.find((role) => role.code === 'sysadmin');
    expect(sysadmin).toMatchObject({ name: '系统管理员', userCount: 1 });
    const names = result.map((role) => role.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('filters by name and refuses a field that is not on the list', async () => {
    const found = await post<{ pagination: { result: RoleRow[] } }>('/rest/role/getRolePage', {
      filters: { name: '审核' },
    });
    expect(found.envelope.dataSet.pagination.result.map((role) => role.code)).toEqual(['reviewer']);
    const refused = await post('/rest/role/getRolePage', {
      sort: { field: 'updatexml(1,concat(0x7e,user()),1)', order: 'asc' },
    });
    expect(refused.envelope.rtnCode).toBe('400');
    expect(refused.envelope.rtnMessage).not.toMatch(/select|sql/i);
  });
});

describe('exportXls (导出)', () => {
  const exportRoles = (body: unknown, token = admin) => downloadExport(server, '/rest/role/exportXls', body, token);

  it('writes the roles the query matches with 授予范围 in words, and every column by its label', async () => {
    const answer = await exportRoles({
      filters: { code: 'admin' },
      superQueryParams: [{ field: 'userCount', rule: 'ge', value: 0 }],
      sort: { field: 'code', order: 'asc' },
      field: 'code,holdsAll',
    });
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('角色列表.xlsx')}`);
    expect(answer.rows).toEqual([
      ['角色编码', '授予范围'],
      ['enterprise_admin', '企业可授予'],
      ['sysadmin', '全部权限'],
      ['trader_admin', '企业可授予'],
    ]);
    const all = await exportRoles({ filters: { name: '审核' } });
    expect(all.rows![0]).toEqual(['角色编码', '角色名称', '描述', '用户数', '授予范围', '创建时间']);
    expect(all.rows!.slice(1).map((row) => row.slice(0, 2))).toEqual([['reviewer', '注册审核员']]);
    expect(all.rows![1]![5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('writes only the selected roles', async () => {
    const page = await post<{ pagination: { result: RoleRow[] } }>('/rest/role/getRolePage', {
      sort: { field: 'code', order: 'asc' },
      pageSize: 100,
    });
    const picked = page.envelope.dataSet.pagination.result.filter((role) => ['editor', 'reviewer'].includes(role.code));
    const answer = await exportRoles({ selections: picked.map((role) => role.id).join(','), field: 'code' });
    expect(answer.rows).toEqual([['角色编码'], ['editor'], ['reviewer']]);
  });

  it('is refused to a user holding 角色管理 but not 导出角色', async () => {
    const reader = await tokenHolding(server, ['system:role:list']);
    expect((await post('/rest/role/getRolePage', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportRoles({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
  });
});

describe('addRole / updRole / delRole', () => {
  it('adds a role, refuses its code or name twice, edits it and records both', async () => {
    const id = await addRole('auditor', '审计员');
    const twice = await post('/rest/role/addRole', { code: 'AUDITOR', name: '别的名字' });
    expect(twice.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '该角色编码已被使用，请更换' });
    const sameName = await post('/rest/role/addRole', { code: 'auditor2', name: '审计员' });
    expect(sameName.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '该角色名称已被使用，请更换' });
    const badCode = await post('/rest/role/addRole', { code: '1 or 1=1', name: '坏编码' });
    expect(badCode.envelope.rtnCode).toBe('400');
    expect(badCode.envelope.rtnMessage).toContain('角色编码');

    const edited = await post('/rest/role/updRole', { id, name: '  内部审计员 ', description: '' });
    expect(edited.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    const [row] = await server.db
      .select()
      .from(sysRoles)
      .where(eq(sysRoles.id, Number(id)));
    expect(row).toMatchObject({ code: 'auditor', name: '内部审计员', description: null });
    const trail = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.entityId, id));
    expect(trail.filter((entry) => entry.entity === 'role').map((entry) => entry.action)).toEqual([
      'role.add',
      'role.update',
    ]);
  });

  it('refuses to delete a role a user holds, naming it; deletes it once nobody does', async () => {
    const id = await addRole('clerk', '业务员');
    const [editor] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
    await server.db.insert(sysUserRoles).values({ userId: editor.id, roleId: Number(id) });
    const held = await post('/rest/role/delRole', { ids: id });
    expect(held.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '角色「业务员」仍有用户在使用，请先在用户管理中解除后再删除',
    });
    await server.db
      .delete(sysUserRoles)
      .where(and(eq(sysUserRoles.userId, editor.id), eq(sysUserRoles.roleId, Number(id))));
    const deleted = await post('/rest/role/delRole', { ids: id });
    expect(deleted.envelope).toMatchObject({ rtnCode: '0000', dataSet: { deleted: 1 } });
    expect(
      await server.db
        .select()
        .from(sysRoles)
        .where(eq(sysRoles.id, Number(id))),
    ).toEqual([]);
    const missing = await post('/rest/role/updRole', { id, name: '已删除' });
    expect(missing.envelope).toMatchObject({ rtnCode: '404', rtnMessage: '角色不存在或已删除' });
  });
});

describe('role permissions', () => {
  it('shows the menu tree with buttons under their menus, and what the role holds', async () => {
    const [reviewer] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'reviewer'));
    const answer = await post<{ tree: GrantNode[]; grantedIds: string[] }>('/rest/role/getRolePermissions', {
      id: String(reviewer.id),
    });
    expect(answer.envelope.rtnCode).toBe('0000');
    const { tree, grantedIds } = answer.envelope.dataSet;
    const system = tree.find((node) => node.name === '系统管理')!;
    expect(system).toMatchObject({ type: 'menu', code: null });
    const roles = system.children.find((node) => node.code === 'system:role:list')!;
    expect(roles.children.map((node) => [node.type, node.code])).toEqual([
      ['button', 'system:role:add'],
      ['button', 'system:role:edit'],
      ['button', 'system:role:delete'],
      ['button', 'system:role:grant'],
      ['button', 'system:role:export'],
    ]);
    expect(grantedIds.sort()).toEqual(
      (await permissionIds(['register:apply:list', 'register:review', 'register:review:export'])).sort(),
    );
  });

  it('grants a menu and one button; the holder gets them at once, and loses them again', async () => {
    const id = await addRole('useradmin', '用户管理员');
    const [reviewer] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'reviewer'));
    await server.db.insert(sysUserRoles).values({ userId: reviewer.id, roleId: Number(id) });
    const reviewerToken = await createSession(server.db, { userId: reviewer.id, clientName: 'form_client' });
    expect((await post('/rest/user/getUserPage', {}, reviewerToken)).envelope.rtnCode).toBe('403');

    const grant = await permissionIds(['system:user:list', 'system:user:edit']);
    const saved = await post('/rest/role/saveRolePermissions', { id, permissionIds: grant });
    expect(saved.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 2 } });
    expect((await post('/rest/user/getUserPage', {}, reviewerToken)).envelope.rtnCode).toBe('0000');
    expect((await post('/rest/user/DelUser', { ids: '999999' }, reviewerToken)).envelope.rtnCode).toBe('403');
    const init = await post<{
      permissions: Array<{ code: string }>;
      menu: Array<{ path: string; children: Array<{ path: string; permissions: string[] }> }>;
    }>('/rest/auth/init', {}, reviewerToken);
    expect(init.envelope.dataSet.permissions.map((permission) => permission.code).sort()).toEqual([
      'register:apply:list',
      'register:review',
      'register:review:export',
      'system:user:edit',
      'system:user:list',
    ]);
    // The menu is the site's whole tree with each node's permissions; the shell keeps what is held.
    const held = new Set(init.envelope.dataSet.permissions.map((permission) => permission.code));
    const system = init.envelope.dataSet.menu.find((node) => node.path === '/system');
    const visible = system?.children.filter((child) => child.permissions.some((code) => held.has(code)));
    expect(visible?.map((child) => child.path)).toEqual(['/system/user', '/system/register']);

    const again = await post('/rest/role/saveRolePermissions', { id, permissionIds: grant });
    expect(again.envelope.dataSet).toEqual({ updated: 0 });
    const revoked = await post('/rest/role/saveRolePermissions', { id, permissionIds: [] });
    expect(revoked.envelope.dataSet).toEqual({ updated: 2 });
    expect((await post('/rest/user/getUserPage', {}, reviewerToken)).envelope.rtnCode).toBe('403');
    const [entry] = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'role.grant'), eq(sysAuditLog.entityId, id)))
      .limit(1);
    expect(entry.after).toMatchObject({ added: ['system:user:list', 'system:user:edit'], removed: [] });
  });

  it('refuses a button without its menu, a node open to all, and an unknown id', async () => {
    const id = await addRole('partial', '部分授权');
    const button = await post('/rest/role/saveRolePermissions', {
      id,
      permissionIds: await permissionIds(['system:user:add']),
    });
    expect(button.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '授权按钮「新增用户」需同时授权其菜单「用户管理」',
    });
    const [group] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
    const open = await post('/rest/role/saveRolePermissions', { id, permissionIds: [String(group.id)] });
    expect(open.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '「系统管理」对所有登录用户开放，无需授权' });
    const unknown = await post('/rest/role/saveRolePermissions', { id, permissionIds: ['99999'] });
    expect(unknown.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '所选权限不存在，请刷新后重试' });
    expect(
      await server.db
        .select()
        .from(sysRolePermissions)
        .where(eq(sysRolePermissions.roleId, Number(id))),
    ).toEqual([]);
  });

  it('lets nobody grant what they do not hold themselves', async () => {
    // A role administrator without 删除用户 may not hand it out (nor take it away).
    const managerRole = await addRole('rolemanager', '角色管理员');
    await post('/rest/role/saveRolePermissions', {
      id: managerRole,
      permissionIds: await permissionIds(['system:role:list', 'system:role:grant', 'system:user:list']),
    });
    const [editor] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
    await server.db.insert(sysUserRoles).values({ userId: editor.id, roleId: Number(managerRole) });
    const editorToken = await loginToken(server, EDITOR);
    const target = await addRole('target', '目标角色');
    const refused = await post(
      '/rest/role/saveRolePermissions',
      { id: target, permissionIds: await permissionIds(['system:user:list', 'system:user:delete']) },
      editorToken,
    );
    expect(refused.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '您本人没有「删除用户」权限，不能授予或收回',
    });
    const allowed = await post(
      '/rest/role/saveRolePermissions',
      { id: target, permissionIds: await permissionIds(['system:user:list']) },
      editorToken,
    );
    expect(allowed.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });

    // A menu made in 菜单管理 with a new code: nobody holds it yet but the system administrator,
    // whose role holds every code — those created later too. They grant it at once; a role
    // administrator holding less may not (docs/auth.md "The ceiling").
    const [menu] = await server.db
      .insert(sysPermissions)
      .values({ type: 'menu', name: 'Acme 台账', code: 'acme:ledger', componentPath: 'system/UserList', sort: 99 })
      .returning({ id: sysPermissions.id });
    const withMenu = [...(await permissionIds(['system:user:list'])), String(menu.id)];
    const byManager = await post(
      '/rest/role/saveRolePermissions',
      { id: target, permissionIds: withMenu },
      editorToken,
    );
    expect(byManager.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '您本人没有「Acme 台账」权限，不能授予或收回',
    });
    const byAdmin = await post('/rest/role/saveRolePermissions', { id: target, permissionIds: withMenu });
    expect(byAdmin.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    await server.db.delete(sysPermissions).where(eq(sysPermissions.id, menu.id));
    await server.db.delete(sysUserRoles).where(eq(sysUserRoles.roleId, Number(managerRole)));
  });

  it('is refused to a role without the permission', async () => {
    const reviewerToken = await loginToken(server, REVIEWER);
    const answer = await post('/rest/role/getRolePage', {}, reviewerToken);
    expect(answer.envelope).toMatchObject({ rtnCode: '403' });
  });
});
