import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  sysAuditLog,
  sysLimitTakes,
  sysLoginAttempts,
  sysSessions,
  sysSmsCodes,
  sysUsers,
} from '../src/db/schema/index';
import { savePreferences } from '../src/modules/account/service';
import { preferencesOf } from '../src/modules/auth/preferences';
import { guardUsers } from '../src/modules/ceiling/guard';
import { hashPassword } from '../src/modules/auth/password';
import { createSession, hashToken, resolveSession } from '../src/modules/auth/session';
import { EDITOR, formLogin, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { startFakeSmsGateway, type FakeSmsGateway } from './sms-gateway';

let server: TestServer;
let gateway: FakeSmsGateway;
let editorId: number;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  server = await startTestServer({ config: { smsGatewayUrl: gateway.url } });
  [{ id: editorId }] = await server.db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .where(eq(sysUsers.loginName, 'editor'));
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});
beforeEach(async () => {
  await server.db.delete(sysLoginAttempts);
  await server.db.delete(sysSmsCodes);
  // What the SMS limits took (lib/limits): each test starts with every limit unused.
  await server.db.delete(sysLimitTakes);
  await server.db
    .update(sysUsers)
    .set({
      passwordHash: await hashPassword(EDITOR.password),
      realname: '陈静',
      phone: '13800000003',
      email: 'editor@cnce.example.cn',
    })
    .where(eq(sysUsers.id, editorId));
});

async function session() {
  return createSession(server.db, { userId: editorId, clientName: 'form_client' });
}

const post = <T>(path: string, body: unknown, token: string) => server.post<T>(path, body, { authorization: token });

describe('/rest/user/accountCenter', () => {
  it('gives the user, roles, last login and enterprise', async () => {
    const earlier = await session();
    await server.db
      .update(sysSessions)
      .set({ createdAt: new Date('2026-03-01T01:00:00Z') })
      .where(eq(sysSessions.tokenHash, hashToken(earlier)));
    const token = await session();
    const { envelope } = await post<{
      userInfo: { loginName: string };
      roles: unknown;
      lastLoginAt: string;
      enterprise: unknown;
    }>('/rest/user/accountCenter', {}, token);
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.userInfo.loginName).toBe('editor');
    expect(envelope.dataSet.roles).toEqual([{ code: 'editor', name: '内容编辑' }]);
    expect(envelope.dataSet.enterprise).toEqual({ code: 'CNCE', name: '全国棉花交易市场' });
    expect(Date.parse(envelope.dataSet.lastLoginAt)).toBeLessThanOrEqual(Date.now());
    expect(Number.isNaN(Date.parse(envelope.dataSet.lastLoginAt))).toBe(false);
  });
});

describe('/rest/user/UpdUserDefault', () => {
  async function codeTo(phone: string, token: string): Promise<string> {
    const sent = await post<{ expiresIn: number }>('/rest/user/sendBindPhoneCode', { phone }, token);
    expect(sent.envelope).toEqual({ rtnCode: '0000', rtnMessage: '成功', dataSet: { expiresIn: 300 } });
    return gateway.lastCode(phone);
  }

  it('updates name, mobile and email (trimmed; empty clears); a new mobile with the code sent to it', async () => {
    const token = await session();
    const phoneCode = await codeTo('13912345678', token);
    expect(gateway.messages.at(-1)).toMatchObject({
      templateCode: 'BIND_PHONE_CODE',
      content: expect.stringContaining('editor'),
    });
    const { envelope } = await post<{ userInfo: Record<string, unknown> }>(
      '/rest/user/UpdUserDefault',
      { realname: ' 陈静怡 ', phone: ' 13912345678 ', email: '', phoneCode: ` ${phoneCode} ` },
      token,
    );
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.userInfo).toMatchObject({
      realname: '陈静怡',
      nickName: '陈静怡',
      phone: '13912345678',
      email: null,
    });
    const [row] = await server.db.select().from(sysUsers).where(eq(sysUsers.id, editorId));
    expect(row).toMatchObject({ realname: '陈静怡', phone: '13912345678', email: null });
  });

  it('needs no code while the mobile stays, or to remove it', async () => {
    const token = await session();
    expect(
      (await post('/rest/user/UpdUserDefault', { realname: '陈静', phone: '13800000003' }, token)).envelope.rtnCode,
    ).toBe('0000');
    expect((await post('/rest/user/UpdUserDefault', { realname: '陈静', phone: '' }, token)).envelope.rtnCode).toBe(
      '0000',
    );
  });

  it.each([
    [{ realname: '  ' }, '请输入姓名'],
    [{ realname: '张'.repeat(33) }, '姓名长度不能超过 32 个字符'],
    [{ realname: '陈静', phone: '1391234567' }, '请输入正确格式的手机号码'],
    [{ realname: '陈静', phone: '12912345678' }, '请输入正确格式的手机号码'],
    [{ realname: '陈静', email: 'chen@' }, '请输入正确格式的邮箱'],
    [{ realname: '陈静', phone: '13912345678' }, '请输入短信验证码'],
    [{ realname: '陈静', phone: '13912345678', phoneCode: '123456' }, '验证码错误或已过期'],
    // Another account's number answers as any number without its code: nothing to learn here.
    [{ realname: '陈静', phone: '13800000001' }, '请输入短信验证码'],
  ])('refuses %j with 504', async (body, message) => {
    const { envelope } = await post('/rest/user/UpdUserDefault', body, await session());
    expect(envelope).toEqual({ rtnCode: '504', rtnMessage: message, dataSet: null });
  });

  it('says a number is taken only to whoever holds that phone (the code reached them)', async () => {
    const token = await session();
    const phoneCode = await codeTo('13800000001', token);
    expect(
      (await post('/rest/user/UpdUserDefault', { realname: '陈静', phone: '13800000001', phoneCode }, token)).envelope,
    ).toEqual({
      rtnCode: '504',
      rtnMessage: '该手机号码已绑定其他账号，请更换号码或联系管理员',
      dataSet: null,
    });
  });

  it('takes a code once, and only from the user it was sent for', async () => {
    const phoneCode = await codeTo('13912345678', await session());
    const [{ id: adminId }] = await server.db
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(eq(sysUsers.loginName, 'admin'));
    const admin = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    const adminBefore = (
      await server.db.select({ phone: sysUsers.phone }).from(sysUsers).where(eq(sysUsers.id, adminId))
    )[0].phone;
    expect(
      (await post('/rest/user/UpdUserDefault', { realname: '张伟', phone: '13912345678', phoneCode }, admin)).envelope
        .rtnMessage,
    ).toBe('验证码错误或已过期');
    const token = await session();
    expect(
      (await post('/rest/user/UpdUserDefault', { realname: '陈静', phone: '13912345678', phoneCode }, token)).envelope
        .rtnCode,
    ).toBe('0000');
    await server.db.update(sysUsers).set({ phone: '13800000003' }).where(eq(sysUsers.id, editorId));
    expect(
      (await post('/rest/user/UpdUserDefault', { realname: '陈静', phone: '13912345678', phoneCode }, token)).envelope
        .rtnMessage,
    ).toBe('验证码错误或已过期');
    expect(
      (await server.db.select({ phone: sysUsers.phone }).from(sysUsers).where(eq(sysUsers.id, adminId)))[0].phone,
    ).toBe(adminBefore);
  });

  it('sends a code once a minute per number, and refuses a malformed number', async () => {
    const token = await session();
    await codeTo('13912345678', token);
    expect((await post('/rest/user/sendBindPhoneCode', { phone: '13912345678' }, token)).envelope).toEqual({
      rtnCode: '429',
      rtnMessage: '发送过于频繁，请稍后再试',
      dataSet: null,
    });
    expect((await post('/rest/user/sendBindPhoneCode', { phone: '1391234' }, token)).envelope).toEqual({
      rtnCode: '504',
      rtnMessage: '请输入正确格式的手机号码',
      dataSet: null,
    });
  });

  it('cannot change the mobile in production without an SMS gateway, and says so', async () => {
    const production = await startTestServer({ config: { appEnv: 'production' } });
    try {
      const [{ id }] = await production.db
        .select({ id: sysUsers.id })
        .from(sysUsers)
        .where(eq(sysUsers.loginName, 'editor'));
      const token = await createSession(production.db, { userId: id, clientName: 'form_client' });
      const answer = await production.post(
        '/rest/user/sendBindPhoneCode',
        { phone: '13912345678' },
        { authorization: token },
      );
      expect(answer.envelope).toEqual({
        rtnCode: '504',
        rtnMessage: '短信服务未开通，暂不能更换手机号码，请联系管理员',
        dataSet: null,
      });
    } finally {
      await production.close();
    }
  });

  it('writes the caller’s own row through the ceiling guard, each part with its audit row', async () => {
    const token = await session();
    const { envelope } = await post<{ userInfo: Record<string, unknown>; preferences: Record<string, unknown> }>(
      '/rest/user/UpdUserDefault',
      {
        realname: '陈静怡',
        phone: '13800000003',
        email: 'chen@cnce.example.cn',
        preferences: { menuLayout: 'top', theme: 'dark', primaryColor: '#00b42a' },
      },
      token,
    );
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.userInfo).toMatchObject({ realname: '陈静怡', email: 'chen@cnce.example.cn' });
    const audits = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'user'), eq(sysAuditLog.entityId, String(editorId))))
      .orderBy(desc(sysAuditLog.id))
      .limit(2);
    expect(audits.map((audit) => audit.action).sort()).toEqual(['user.preferences', 'user.profile']);
    expect(audits.find((audit) => audit.action === 'user.profile')).toMatchObject({
      userId: editorId,
      before: { realname: '陈静', phone: '13800000003', email: 'editor@cnce.example.cn' },
      after: { realname: '陈静怡', phone: '13800000003', email: 'chen@cnce.example.cn' },
    });

    // The guard's `self` kind: the same save aimed at another user's row is refused, nothing written.
    const resolved = (await resolveSession(server.db, token))!;
    const auth = { ...resolved, token };
    const [admin] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
    const adminBefore = await preferencesOf(server.db, admin!.id);
    const wanted = { menuLayout: 'top', theme: 'dark', primaryColor: '#00b42a' } as const;
    await expect(savePreferences(server.db, { auth, ip: '127.0.0.1' }, admin!.id, wanted)).rejects.toMatchObject({
      rtnCode: '403',
      message: '个人中心只能修改您本人的账号信息',
    });
    expect(await preferencesOf(server.db, admin!.id)).toEqual(adminBefore);
    await expect(guardUsers(server.db, auth, [admin!.id], 'self')).rejects.toMatchObject({ rtnCode: '403' });
    await expect(guardUsers(server.db, auth, [editorId], 'self')).resolves.toBeUndefined();
  });

  it('checks the schema (400)', async () => {
    const token = await session();
    expect((await post('/rest/user/UpdUserDefault', {}, token)).envelope.rtnCode).toBe('400');
    expect((await post('/rest/user/UpdUserDefault', { realname: { name: '陈静' } }, token)).envelope.rtnCode).toBe(
      '400',
    );
  });
});

describe('/rest/user/valPwd', () => {
  it('answers 0000 for the right password and 504 原密码错误 otherwise, counting toward the lockout', async () => {
    const token = await session();
    expect((await post('/rest/user/valPwd', { oldPassword: EDITOR.password }, token)).envelope.rtnCode).toBe('0000');
    for (let i = 0; i < 5; i++) {
      expect((await post('/rest/user/valPwd', { oldPassword: 'Wrong@2026' }, token)).envelope).toEqual({
        rtnCode: '504',
        rtnMessage: '原密码错误',
        dataSet: null,
      });
    }
    expect((await post('/rest/user/valPwd', { oldPassword: EDITOR.password }, token)).envelope.rtnCode).toBe('1002');
    expect((await post('/rest/user/valPwd', {}, token)).envelope.rtnCode).toBe('400');
  });
});

describe('/rest/user/UpdPwd', () => {
  const change = (token: string, body: Record<string, string>) => post('/rest/user/UpdPwd', body, token);

  it.each([
    [{ oldPassword: 'Wrong@2026', newPassword: 'Newpass2026', confirmPassword: 'Newpass2026' }, '原密码错误'],
    [
      { oldPassword: EDITOR.password, newPassword: 'Newpass2026', confirmPassword: 'Newpass2027' },
      '两次输入的新密码不一致',
    ],
    [
      { oldPassword: EDITOR.password, newPassword: EDITOR.password, confirmPassword: EDITOR.password },
      '新密码不能与原密码相同',
    ],
    [
      { oldPassword: EDITOR.password, newPassword: 'short1', confirmPassword: 'short1' },
      '密码长度为8-20位，且须包含字母和数字',
    ],
    [
      { oldPassword: EDITOR.password, newPassword: 'onlyletters', confirmPassword: 'onlyletters' },
      '密码长度为8-20位，且须包含字母和数字',
    ],
    [
      { oldPassword: EDITOR.password, newPassword: '1234567890', confirmPassword: '1234567890' },
      '密码长度为8-20位，且须包含字母和数字',
    ],
    [
      { oldPassword: EDITOR.password, newPassword: 'a1'.repeat(11), confirmPassword: 'a1'.repeat(11) },
      '密码长度为8-20位，且须包含字母和数字',
    ],
    [
      { oldPassword: EDITOR.password, newPassword: 'has space1', confirmPassword: 'has space1' },
      '密码长度为8-20位，且须包含字母和数字',
    ],
  ])('refuses %j with 504', async (body, message) => {
    expect((await change(await session(), body)).envelope).toEqual({
      rtnCode: '504',
      rtnMessage: message,
      dataSet: null,
    });
  });

  it('changes the password, keeps this session and revokes the others; the new password logs in', async () => {
    const other = await loginToken(server, EDITOR);
    const token = await session();
    const { envelope } = await change(token, {
      oldPassword: EDITOR.password,
      newPassword: 'Cotton2026new',
      confirmPassword: 'Cotton2026new',
    });
    expect(envelope).toEqual({ rtnCode: '0000', rtnMessage: '成功', dataSet: null });
    expect(await resolveSession(server.db, token)).not.toBeNull();
    expect(await resolveSession(server.db, other)).toBeNull();
    expect((await post('/rest/user/accountCenter', {}, other)).envelope.rtnCode).toBe('401');
    expect((await formLogin(server, EDITOR)).body.rtnCode).toBe('1001');
    expect((await formLogin(server, { ...EDITOR, password: 'Cotton2026new' })).body.rtnCode).toBe('0000');
    const [row] = await server.db.select().from(sysUsers).where(eq(sysUsers.id, editorId));
    expect(row.passwordChangedAt).toBeInstanceOf(Date);
    expect(row.passwordHash.startsWith('scrypt$16384$8$1$')).toBe(true);
  });

  it('checks the schema (400)', async () => {
    expect((await change(await session(), { oldPassword: 'x' })).envelope.rtnCode).toBe('400');
  });
});
