import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dictCategories,
  sysEnterprises,
  sysPermissions,
  sysPosts,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { USER_CONTACT_CHECK_CODES } from '../src/modules/field-check/service';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let editor: string;
let admin: string;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  const [user] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
  editor = await createSession(server.db, { userId: user.id, clientName: 'form_client' });
  const [adminUser] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
  adminId = adminUser.id;
  // 系统管理员 holds system:user:add and system:user:edit: it may ask about users' phones.
  admin = await createSession(server.db, { userId: adminUser.id, clientName: 'form_client' });
  const [other] = await server.db
    .insert(sysEnterprises)
    .values({ code: 'OTHER', name: '其他企业' })
    .returning({ id: sysEnterprises.id });
  await server.db.insert(sysUsers).values({
    enterpriseId: other.id,
    loginName: 'outsider',
    realname: '外人',
    passwordHash: 'x',
    phone: '13600000009',
  });
});
afterAll(async () => {
  await server?.close();
});

const duplicate = (body: Record<string, unknown>, token: string | null = editor) =>
  server.post<{ valid: boolean; message: string }>(
    '/rest/common/duplicateCheck',
    body,
    token ? { authorization: token } : {},
  );
const rule = (ruleCode: string, value: string, token: string | null = editor) =>
  server.post<{ valid: boolean; message: string }>(
    '/rest/common/ruleCheck',
    { ruleCode, value },
    token ? { authorization: token } : {},
  );

describe('duplicateCheck', () => {
  it('finds a login name of the own enterprise, whatever the case, except the row being edited', async () => {
    const body = { tableName: 'sys_users', fieldName: 'loginName', fieldVal: 'ADMIN' };
    expect((await duplicate(body)).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { valid: false, message: '该登录名已被使用，请更换' },
    });
    expect((await duplicate({ ...body, dataId: String(adminId) })).envelope.dataSet).toEqual({
      valid: true,
      message: '',
    });
    // Another enterprise's login name is free here.
    expect((await duplicate({ ...body, fieldVal: 'outsider' })).envelope.dataSet.valid).toBe(true);
    expect((await duplicate({ ...body, fieldVal: '' })).envelope.dataSet.valid).toBe(true);
  });

  it('checks phones across enterprises and role codes', async () => {
    const phone = await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '13600000009' }, admin);
    expect(phone.envelope.dataSet).toEqual({ valid: false, message: '该手机号码已被其他账号使用' });
    const [role] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'editor'));
    const code = { tableName: 'sys_roles', fieldName: 'code', fieldVal: 'editor' };
    expect((await duplicate(code)).envelope.dataSet).toEqual({ valid: false, message: '该角色编码已被使用，请更换' });
    // Whatever the case, as 新增角色 refuses it.
    expect((await duplicate({ ...code, fieldVal: 'EDITOR' })).envelope.dataSet.valid).toBe(false);
    expect((await duplicate({ ...code, dataId: String(role.id) })).envelope.dataSet.valid).toBe(true);
    expect((await duplicate({ ...code, fieldVal: 'nobody' })).envelope.dataSet.valid).toBe(true);
  });

  // Issue 31: 岗位编码 and 字典编码 are checked as the field is left, like 登录名 and 角色编码.
  it('checks post codes and dictionary codes whatever the case, except the row being edited', async () => {
    const [post] = await server.db.select().from(sysPosts).limit(1);
    const postCode = { tableName: 'sys_posts', fieldName: 'code', fieldVal: post!.code.toLowerCase() };
    expect((await duplicate(postCode)).envelope.dataSet).toEqual({
      valid: false,
      message: '该岗位编码已被使用，请更换',
    });
    expect((await duplicate({ ...postCode, dataId: String(post!.id) })).envelope.dataSet.valid).toBe(true);
    expect((await duplicate({ ...postCode, fieldVal: 'NO_SUCH_POST' })).envelope.dataSet.valid).toBe(true);
    const [dict] = await server.db.select().from(dictCategories).limit(1);
    const dictCode = { tableName: 'dict_categories', fieldName: 'code', fieldVal: dict!.code.toUpperCase() };
    expect((await duplicate(dictCode)).envelope.dataSet).toEqual({
      valid: false,
      message: '该字典编码已被使用，请更换',
    });
    expect((await duplicate({ ...dictCode, dataId: String(dict!.id) })).envelope.dataSet.valid).toBe(true);
    expect((await duplicate({ ...dictCode, fieldVal: 'no_such_dict' })).envelope.dataSet.valid).toBe(true);
  });

  it('refuses pairs it does not allow, bad ids and anonymous callers', async () => {
    for (const [tableName, fieldName] of [
      ['sys_users', 'passwordHash'],
      ['sys_users', 'password_hash'],
      ['sys_sessions', 'tokenHash'],
      ['sys_roles', 'constructor'],
    ]) {
      expect((await duplicate({ tableName, fieldName, fieldVal: 'x' })).envelope).toMatchObject({
        rtnCode: '400',
        rtnMessage: '不支持的校验字段',
      });
    }
    expect((await duplicate({ tableName: 'sys_users;drop', fieldName: 'phone', fieldVal: 'x' })).envelope.rtnCode).toBe(
      '400',
    );
    expect(
      (await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '1', dataId: '1 or 1=1' }, admin))
        .envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：dataId（记录编号）格式不正确' });
    expect(
      (await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '1' }, null)).envelope.rtnCode,
    ).toBe('401');
  });
});

describe('duplicateCheck of personal data', () => {
  // The security review's phone-number oracle: any logged-in user could ask whether a mobile
  // belongs to an account. Only those who administer users may (docs/auth.md "User administration").
  it('answers whether a phone or e-mail is a user’s only to those who add or edit users', async () => {
    for (const fieldName of ['phone', 'email']) {
      const asked = await duplicate({ tableName: 'sys_users', fieldName, fieldVal: '13600000009' });
      expect(asked.envelope).toEqual({ rtnCode: '403', rtnMessage: '没有权限校验该字段', dataSet: null });
    }
    // The same answer whether or not the number is used, and before any other check of the value.
    const unused = await duplicate({
      tableName: 'sys_users',
      fieldName: 'phone',
      fieldVal: '13600009999',
      dataId: 'x',
    });
    expect(unused.envelope.rtnCode).toBe('403');
    // Login names (of the caller's own enterprise) and role codes stay open to every logged-in user.
    const loginName = await duplicate({ tableName: 'sys_users', fieldName: 'login_name', fieldVal: 'admin' });
    expect(loginName.envelope.dataSet).toEqual({ valid: false, message: '该登录名已被使用，请更换' });
    // The administrator may ask.
    const allowed = await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '13600000009' }, admin);
    expect(allowed.envelope.dataSet).toEqual({ valid: false, message: '该手机号码已被其他账号使用' });
    // E-mail addresses are not compared at all: refused as a field for those who may ask.
    const email = await duplicate({ tableName: 'sys_users', fieldName: 'email', fieldVal: 'a@example.cn' }, admin);
    expect(email.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不支持的校验字段' });
  });

  it('answers an enterprise’s user administrator (any one of the listed codes)', async () => {
    expect(USER_CONTACT_CHECK_CODES).toEqual(
      expect.arrayContaining(['system:user:add', 'system:user:edit', 'enterprise:user:add', 'enterprise:user:edit']),
    );
    const code = 'enterprise:user:edit';
    const [permission] =
      (await server.db.select({ id: sysPermissions.id }).from(sysPermissions).where(eq(sysPermissions.code, code)))
        .length > 0
        ? await server.db.select({ id: sysPermissions.id }).from(sysPermissions).where(eq(sysPermissions.code, code))
        : await server.db
            .insert(sysPermissions)
            .values({ type: 'button', name: '编辑企业用户', code })
            .returning({ id: sysPermissions.id });
    const [role] = await server.db
      .insert(sysRoles)
      .values({ code: 'ent_user_admin', name: '企业用户管理员' })
      .returning({ id: sysRoles.id });
    await server.db.insert(sysRolePermissions).values({ roleId: role.id, permissionId: permission.id });
    const [outsider] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'outsider'));
    await server.db.insert(sysUserRoles).values({ userId: outsider.id, roleId: role.id });
    const token = await createSession(server.db, { userId: outsider.id, clientName: 'form_client' });
    const asked = await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '13600000009' }, token);
    expect(asked.envelope.dataSet).toEqual({ valid: false, message: '该手机号码已被其他账号使用' });
  });
});

describe('ruleCheck', () => {
  it('checks with the SDK rules, an empty value passing', async () => {
    expect((await rule('mobile', '13800000000')).envelope.dataSet).toEqual({ valid: true, message: '' });
    expect((await rule('mobile', '12345')).envelope.dataSet).toEqual({
      valid: false,
      message: '请输入正确格式的手机号码',
    });
    expect((await rule('email', 'a@b')).envelope.dataSet).toEqual({ valid: false, message: '请输入正确格式的邮箱' });
    expect((await rule('loginName', 'a b')).envelope.dataSet.valid).toBe(false);
    expect((await rule('loginName', 'zhao.lei')).envelope.dataSet.valid).toBe(true);
    expect((await rule('password', 'abc')).envelope.dataSet.valid).toBe(false);
    expect((await rule('email', '')).envelope.dataSet.valid).toBe(true);
  });

  it('refuses unknown rules and anonymous callers', async () => {
    expect((await rule('regex', 'x')).envelope).toMatchObject({ rtnCode: '400', rtnMessage: '不支持的校验规则' });
    expect((await rule('toString', 'x')).envelope.rtnMessage).toBe('不支持的校验规则');
    expect((await rule('mobile', 'x', null)).envelope.rtnCode).toBe('401');
  });
});
