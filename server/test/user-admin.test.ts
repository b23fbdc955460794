import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysAuditLog,
  sysEnterprises,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysSessions,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session';
import { ADMIN, formLogin, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: string;
let editor: string;
let adminId: number;
let enterpriseId: number;

interface Row {
  id: string;
  loginName: string;
  realname: string;
  phone: string | null;
  status: string;
  roleNames: string;
  createTime: string;
  enterpriseCode: string;
}
interface Page {
  pagination: { result: Row[]; totalCount: number; pageNum: number; pageSize: number };
}

async function tokenOf(loginName: string) {
  const [user] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, loginName));
  return createSession(server.db, { userId: user.id, clientName: 'form_client' });
}

const post = <T>(path: string, body: unknown, token: string | null = admin) =>
  server.post<T>(path, body, token ? { authorization: token } : {});

async function page(body: Record<string, unknown>) {
  const answer = await post<Page>('/rest/user/getUserPage', body);
  return answer.envelope;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenOf('admin');
  editor = await tokenOf('editor');
  const [me] = await server.db
    .select({ id: sysUsers.id, enterpriseId: sysUsers.enterpriseId })
    .from(sysUsers)
    .where(eq(sysUsers.loginName, 'admin'));
  adminId = me.id;
  enterpriseId = me.enterpriseId;
  // 25 more users of CNCE, a minute apart, and one of another enterprise (out of scope).
  const passwordHash = await hashPassword('Secret@2026');
  const base = Date.parse('2026-04-01T02:00:00Z');
  await server.db.insert(sysUsers).values(
    Array.from({ length: 25 }, (_, i) => ({
      enterpriseId,
      loginName: `clerk${String(i).padStart(2, '0')}`,
      realname: i % 5 === 0 ? `王_${i}` : `李${i}`,
      passwordHash,
      phone: `1391234${String(5000 + i)}`,
      status: i % 10 === 9 ? '2' : '1',
      createdAt: new Date(base + i * 60_000),
    })),
  );
  const [other] = await server.db
    .insert(sysEnterprises)
    .values({ code: 'OTHER', name: '其他企业' })
    .returning({ id: sysEnterprises.id });
  await server.db
    .insert(sysUsers)
    .values({ enterpriseId: other.id, loginName: 'outsider', realname: '外人', passwordHash, status: '1' });
});
afterAll(async () => {
  await server?.close();
});

describe('getUserPage', () => {
  it('pages the users of the own enterprise, newest first', async () => {
    const first = await page({ pageNum: 1, pageSize: 10 });
    expect(first.rtnCode).toBe('0000');
    expect(first.dataSet.pagination).toMatchObject({ totalCount: 28, pageNum: 1, pageSize: 10 });
    expect(first.dataSet.pagination.result.map((row) => row.loginName).slice(0, 3)).toEqual([
      'clerk24',
      'clerk23',
      'clerk22',
    ]);
    expect(first.dataSet.pagination.result[0]).toMatchObject({ enterpriseCode: 'CNCE', status: '1', roleNames: '' });
    const third = await page({ pageNum: 3, pageSize: 10 });
    expect(third.dataSet.pagination.result.map((row) => row.loginName)).toEqual(
      expect.arrayContaining(['admin', 'reviewer', 'editor']),
    );
    expect(third.dataSet.pagination.result.find((row) => row.loginName === 'admin')?.roleNames).toBe('系统管理员');
    const all = [first, await page({ pageNum: 2, pageSize: 10 }), third].flatMap((p) =>
      p.dataSet.pagination.result.map((row) => row.loginName),
    );
    expect(new Set(all).size).toBe(28);
    expect(all).not.toContain('outsider');
  });

  it('filters, sorts and super-queries', async () => {
    const like = await page({ pageNum: 1, pageSize: 50, filters: { realname: '王_' } });
    expect(like.dataSet.pagination.result.map((row) => row.realname).sort()).toEqual(
      ['王_0', '王_10', '王_15', '王_20', '王_5'].sort(),
    );
    const frozen = await page({ pageNum: 1, pageSize: 50, filters: { status: '2', loginName: 'CLERK' } });
    expect(frozen.dataSet.pagination.result.map((row) => row.loginName).sort()).toEqual(['clerk09', 'clerk19']);
    const sorted = await page({ pageNum: 1, pageSize: 10, sort: { field: 'loginName', order: 'asc' } });
    expect(sorted.dataSet.pagination.result[0].loginName).toBe('admin');
    const superOr = await page({
      pageNum: 1,
      pageSize: 50,
      filters: { loginName: 'clerk' },
      superQueryMatchType: 'or',
      superQueryParams: [
        { field: 'createTime', rule: 'lt', value: '2026-04-01T02:02:00Z' },
        { field: 'loginName', rule: 'eq', value: 'clerk24' },
      ],
    });
    expect(superOr.dataSet.pagination.result.map((row) => row.loginName).sort()).toEqual([
      'clerk00',
      'clerk01',
      'clerk24',
    ]);
    const superAnd = await page({
      pageNum: 1,
      pageSize: 50,
      superQueryParams: [
        { field: 'createTime', rule: 'ge', value: '2026-04-01T02:20:00Z' },
        { field: 'status', rule: 'ne', value: '2' },
      ],
    });
    expect(superAnd.dataSet.pagination.totalCount).toBe(5);
  });

  it('refuses fields and values the list does not allow', async () => {
    expect(await page({ pageNum: 1, pageSize: 10, filters: { password: 'x' } })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“密码”查询',
    });
    expect(
      await page({ pageNum: 1, pageSize: 10, superQueryParams: [{ field: 'createTime', rule: 'gt', value: 'x' }] }),
    ).toMatchObject({ rtnCode: '400', rtnMessage: '“创建时间”应为日期' });
    expect(await page({ pageNum: 1, pageSize: 10, sort: { field: 'phone', order: 'asc' } })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“手机号码”排序',
    });
    const injected = await page({ pageNum: 1, pageSize: 10, sort: { field: 'id;drop table', order: 'asc' } });
    expect(injected.rtnCode).toBe('400');
    expect((await page({ pageNum: 1, pageSize: 15 })).rtnCode).toBe('400');
  });
});

describe('adding, editing, freezing, passwords, deleting', () => {
  let userId: string;
  let sysadminRoleId: string;
  let editorRoleId: string;

  it('lists the roles to bind', async () => {
    const answer = await post<{ roles: Array<{ id: string; code: string }>; boundRoleIds: string[] }>(
      '/rest/user/getUserBindRoles',
      {},
    );
    expect(answer.envelope.rtnCode).toBe('0000');
    const roles = answer.envelope.dataSet.roles;
    // The staff roles, then those an approved registration gives its administrator.
    expect(roles.map((role) => role.code)).toEqual([
      'sysadmin',
      'reviewer',
      'editor',
      'trader_admin',
      'enterprise_admin',
      'enterprise_staff',
    ]);
    sysadminRoleId = roles[0].id;
    editorRoleId = roles[2].id;
    expect(answer.envelope.dataSet.boundRoleIds).toEqual([]);
  });

  it('adds a user with roles; a weak password, a taken login name or phone is a 400', async () => {
    const body = {
      loginName: 'Zhao.Lei',
      realname: '赵磊',
      phone: '13700001111',
      email: 'zhao@cnce.example.cn',
      password: 'Start@2026',
      roleIds: [editorRoleId],
    };
    expect((await post('/rest/user/AddUser', { ...body, password: 'short' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '密码长度为8-20位，且须包含字母和数字',
    });
    expect((await post('/rest/user/AddUser', { ...body, loginName: 'ADMIN' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该登录名已被使用，请更换',
    });
    expect((await post('/rest/user/AddUser', { ...body, phone: '13800000001' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该手机号码已被其他账号使用',
    });
    expect((await post('/rest/user/AddUser', { ...body, phone: '123' })).envelope.rtnMessage).toBe(
      '请输入正确格式的手机号码',
    );
    expect((await post('/rest/user/AddUser', { ...body, roleIds: ['999999'] })).envelope.rtnCode).toBe('400');
    const added = await post<{ id: string }>('/rest/user/AddUser', body);
    expect(added.envelope.rtnCode).toBe('0000');
    userId = added.envelope.dataSet.id;
    expect((await post('/rest/user/AddUser', { ...body, loginName: 'zhao.lei', phone: null })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该登录名已被使用，请更换',
    });
    // The new user logs in with the login name in any case and holds the editor's grants.
    const token = await loginToken(server, { code: 'CNCE', username: 'zhao.lei', password: 'Start@2026' });
    expect((await post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, token)).envelope.rtnCode).toBe('403');
    const [audit] = await server.db
      .select()
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entityId, userId))
      .orderBy(asc(sysAuditLog.id));
    expect(audit).toMatchObject({ action: 'user.add', entity: 'user', userId: adminId, loginName: 'admin' });
    expect(audit.after).toMatchObject({ loginName: 'Zhao.Lei', roleIds: [editorRoleId] });
    expect(JSON.stringify(audit.after)).not.toMatch(/scrypt|Start@2026|password/i);
  });

  it('edits a user and rebinds the roles', async () => {
    const answer = await post('/rest/user/UpdUser', {
      id: userId,
      realname: '赵磊磊',
      phone: '',
      email: null,
      roleIds: [sysadminRoleId, editorRoleId],
    });
    expect(answer.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    const bound = await post<{ boundRoleIds: string[] }>('/rest/user/getUserBindRoles', { id: userId });
    expect(bound.envelope.dataSet.boundRoleIds).toEqual([sysadminRoleId, editorRoleId].sort((a, b) => +a - +b));
    const [user] = await server.db
      .select()
      .from(sysUsers)
      .where(eq(sysUsers.id, Number(userId)));
    expect(user).toMatchObject({ realname: '赵磊磊', phone: null, email: null, loginName: 'Zhao.Lei' });
    const [outsider] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'outsider'));
    expect(
      (await post('/rest/user/UpdUser', { id: String(outsider.id), realname: 'x', roleIds: [] })).envelope,
    ).toMatchObject({ rtnCode: '404', rtnMessage: '用户不存在或已删除' });
    const audits = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'user.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0].before).toMatchObject({ realname: '赵磊', phone: '13700001111' });
    expect(audits[0].after).toMatchObject({ realname: '赵磊磊', phone: null });
  });

  it('freezing ends the sessions at once and the user cannot log in; unfreezing lets them back; each once', async () => {
    const token = await loginToken(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Start@2026' });
    expect((await post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, token)).envelope.rtnCode).toBe('0000');
    expect((await post('/rest/user/UpdFrozenUser', { ids: String(adminId), status: '2' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不能冻结当前登录的账号',
    });
    const frozen = await post('/rest/user/UpdFrozenUser', { ids: `${userId},`, status: '2' });
    expect(frozen.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1, unchanged: 0 } });
    // Freezing a frozen user is done already: nothing changes, and the answer says so.
    expect((await post('/rest/user/UpdFrozenUser', { ids: userId, status: '2' })).envelope).toEqual({
      rtnCode: '0000',
      rtnMessage: '成功',
      dataSet: { updated: 0, unchanged: 1 },
    });
    expect((await post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, token)).envelope.rtnCode).toBe('401');
    const open = await server.db
      .select()
      .from(sysSessions)
      .where(eq(sysSessions.userId, Number(userId)));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await formLogin(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Start@2026' })).body.rtnCode).toBe(
      '1004',
    );
    // A batch unfreezes the frozen and leaves the active (the administrator) as they are.
    expect(
      (await post('/rest/user/UpdFrozenUser', { ids: `${userId},${adminId}`, status: '1' })).envelope,
    ).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1, unchanged: 1 } });
    await loginToken(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Start@2026' });
    expect((await post('/rest/user/UpdFrozenUser', { ids: userId, status: '1' })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { updated: 0, unchanged: 1 },
    });
    const actions = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entityId, userId))
      .orderBy(asc(sysAuditLog.id));
    // One row per change: the repeated freeze and unfreeze recorded nothing.
    expect(actions.map((row) => row.action)).toEqual(['user.add', 'user.update', 'user.freeze', 'user.unfreeze']);
    const adminActions = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entityId, String(adminId)));
    expect(adminActions.map((row) => row.action)).not.toContain('user.unfreeze');
  });

  it('resetting the password ends the sessions; the new one logs in', async () => {
    const token = await loginToken(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Start@2026' });
    expect((await post('/rest/user/UpdPwdUser', { id: userId, password: 'abc' })).envelope.rtnCode).toBe('400');
    expect((await post('/rest/user/UpdPwdUser', { id: userId, password: 'Again@2027' })).envelope.rtnCode).toBe('0000');
    expect((await post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, token)).envelope.rtnCode).toBe('401');
    expect(
      (await formLogin(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Start@2026' })).body.rtnCode,
    ).not.toBe('0000');
    await loginToken(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Again@2027' });
    const [audit] = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'user.password'));
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|Again@2027/);
  });

  it('picks users by keyword and by ids, within the enterprise', async () => {
    const all = await post<{ users: Array<{ loginName: string }> }>('/rest/user/getAllUser', { keyword: 'zhao' });
    expect(all.envelope.dataSet.users.map((user) => user.loginName)).toEqual(['Zhao.Lei']);
    const everyone = await post<{ users: Array<{ loginName: string }> }>('/rest/user/getAllUser', {});
    expect(everyone.envelope.dataSet.users).toHaveLength(27); // 29 of CNCE less the two frozen
    const [outsider] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'outsider'));
    const byIds = await post<{ users: Array<{ id: string }> }>('/rest/user/getUserIdsUser', {
      ids: `${userId}, ${adminId}, ${outsider.id}`,
    });
    expect(byIds.envelope.dataSet.users.map((user) => user.id).sort()).toEqual([String(adminId), userId].sort());
  });

  it('deletes users, never the caller, and their sessions go', async () => {
    const token = await loginToken(server, { code: 'CNCE', username: 'Zhao.Lei', password: 'Again@2027' });
    expect((await post('/rest/user/DelUser', { ids: `${userId},${adminId}` })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不能删除当前登录的账号',
    });
    const deleted = await post('/rest/user/DelUser', { ids: userId });
    expect(deleted.envelope).toMatchObject({ rtnCode: '0000', dataSet: { deleted: 1 } });
    expect((await post('/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }, token)).envelope.rtnCode).toBe('401');
    // Deleted already: said so, not a silent 0000 with nothing deleted.
    expect((await post('/rest/user/DelUser', { ids: userId })).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '用户不存在或已删除',
    });
    const [audit] = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'user.delete'));
    expect(audit.before).toMatchObject({ loginName: 'Zhao.Lei' });
    expect(audit.after).toBeNull();
  });
});

describe('permissions', () => {
  it('refuses anonymous callers (401) and roles without the codes (403)', async () => {
    const calls: Array<[string, unknown]> = [
      ['/rest/user/getUserPage', { pageNum: 1, pageSize: 10 }],
      ['/rest/user/AddUser', {}],
      ['/rest/user/UpdUser', {}],
      ['/rest/user/DelUser', { ids: '1' }],
      ['/rest/user/UpdFrozenUser', { ids: '1', status: '2' }],
      ['/rest/user/UpdPwdUser', {}],
      ['/rest/user/getUserBindRoles', {}],
      ['/rest/user/getAllUser', {}],
      ['/rest/user/getUserIdsUser', { ids: '1' }],
    ];
    for (const [path, body] of calls) {
      expect((await post(path, body, null)).envelope).toMatchObject({ rtnCode: '401' });
      expect((await post(path, body, editor)).envelope).toMatchObject({
        rtnCode: '403',
        rtnMessage: '没有权限访问该功能',
      });
    }
  });

  it('the admin role holds the four codes (seed) and the menu is 系统管理 › 用户管理', async () => {
    const token = await loginToken(server, ADMIN);
    const init = await post<{
      permissions: Array<{ code: string }>;
      menu: Array<{ path: string; children: Array<{ path: string; componentPath: string }> }>;
    }>('/rest/auth/init', {}, token);
    const codes = init.envelope.dataSet.permissions.map((permission) => permission.code);
    expect(codes).toEqual(
      expect.arrayContaining(['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:delete']),
    );
    const system = init.envelope.dataSet.menu.find((node) => node.path === '/system');
    expect(system?.children.map((child) => [child.path, child.componentPath])).toContainEqual([
      '/system/user',
      'system/UserList',
    ]);
    const roles = await server.db.select().from(sysRoles);
    expect(roles).toHaveLength(6);
  });
});

describe('roles given by user administration', () => {
  it('gives or takes away only roles whose every permission the administrator holds', async () => {
    // The editor (内容编辑: cms:content:list) also gets 用户管理 with its edit button.
    const [helper] = await server.db
      .insert(sysRoles)
      .values({ code: 'useredit', name: '用户维护' })
      .returning({ id: sysRoles.id });
    const codes = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(inArray(sysPermissions.code, ['system:user:list', 'system:user:edit']));
    await server.db
      .insert(sysRolePermissions)
      .values(codes.map((code) => ({ roleId: helper.id, permissionId: code.id })));
    const [editorUser] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
    await server.db.insert(sysUserRoles).values({ userId: editorUser.id, roleId: helper.id });
    const roles = await server.db.select().from(sysRoles);
    const id = (code: string) => String(roles.find((role) => role.code === code)!.id);
    const editorRoles = [id('editor'), id('useredit')];

    // 系统管理员 holds what the editor does not: refused, for themselves as for anyone.
    const raise = await post(
      '/rest/user/UpdUser',
      { id: String(editorUser.id), realname: '陈静', roleIds: [...editorRoles, id('sysadmin')] },
      editor,
    );
    expect(raise.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '角色「系统管理员」含有您本人没有的权限，不能授予或收回',
    });
    const [clerk] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'clerk13'));
    const reviewer = await post(
      '/rest/user/UpdUser',
      { id: String(clerk.id), realname: clerk.realname, roleIds: [id('reviewer')] },
      editor,
    );
    expect(reviewer.envelope.rtnCode).toBe('403');
    // 内容编辑 grants only what the editor holds: allowed; the untouched roles are not checked.
    const content = await post(
      '/rest/user/UpdUser',
      { id: String(clerk.id), realname: clerk.realname, roleIds: [id('editor')] },
      editor,
    );
    expect(content.envelope).toMatchObject({ rtnCode: '0000' });
    const bound = await server.db.select().from(sysUserRoles).where(eq(sysUserRoles.userId, clerk.id));
    expect(bound.map((row) => String(row.roleId))).toEqual([id('editor')]);
    await server.db.delete(sysUserRoles).where(eq(sysUserRoles.roleId, helper.id));
  });
});
