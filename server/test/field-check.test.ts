import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysEnterprises, sysRoles, sysUsers } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let editor: string;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  const [user] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
  editor = await createSession(server.db, { userId: user.id, clientName: 'form_client' });
  const [admin] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
  adminId = admin.id;
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
    const phone = await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '13600000009' });
    expect(phone.envelope.dataSet).toEqual({ valid: false, message: '该手机号码已被其他账号使用' });
    const [role] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'editor'));
    const code = { tableName: 'sys_roles', fieldName: 'code', fieldVal: 'editor' };
    expect((await duplicate(code)).envelope.dataSet).toEqual({ valid: false, message: '该角色编码已存在' });
    expect((await duplicate({ ...code, dataId: String(role.id) })).envelope.dataSet.valid).toBe(true);
    expect((await duplicate({ ...code, fieldVal: 'nobody' })).envelope.dataSet.valid).toBe(true);
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
      (await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '1', dataId: '1 or 1=1' })).envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '参数错误：dataId（记录编号）格式不正确' });
    expect(
      (await duplicate({ tableName: 'sys_users', fieldName: 'phone', fieldVal: '1' }, null)).envelope.rtnCode,
    ).toBe('401');
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
