import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysLimitTakes, sysLoginAttempts, sysSessions, sysSmsCodes, sysSmsLog, sysUsers } from '../src/db/schema/index';
import type { JeecgLoginResponse } from '../src/modules/phone-login/login-result';
import { sendSms, type SmsSender } from '../src/modules/sms/sender';
import { ADMIN, ensureUser } from './auth-fixtures';
import { startTestServer, type TestServer } from './helpers';
import { startFakeSmsGateway, type FakeSmsGateway } from './sms-gateway';

let server: TestServer;
let gateway: FakeSmsGateway;
const UNKNOWN_MOBILE = '13912345678';

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  server = await startTestServer({ config: { smsGatewayUrl: gateway.url, smsGatewayToken: 'gateway-secret' } });
  await ensureUser(server.db, ADMIN);
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});
beforeEach(async () => {
  await server.db.delete(sysSmsCodes);
  // What the SMS limits took (lib/limits): each test starts with every limit unused.
  await server.db.delete(sysLimitTakes);
  await server.db.delete(sysSmsLog);
  await server.db.delete(sysLoginAttempts);
});

/** A call answering the Jeecg shape; a phone login carries the agreement tick as the login page sends it. */
async function jeecg(
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: JeecgLoginResponse }> {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(path === '/sys/phoneLogin' ? { agreed: '1', ...body } : body),
  });
  return { status: response.status, body: (await response.json()) as JeecgLoginResponse };
}

/** Sends a code and reads it where the user would: the message the gateway was given. */
async function sendCode(mobile = ADMIN.phone): Promise<string> {
  const response = await server.post<{ expiresIn: number }>('/account/sms', { mobile });
  expect(response.envelope).toEqual({ rtnCode: '0000', rtnMessage: '成功', dataSet: { expiresIn: 300 } });
  return gateway.lastCode(mobile);
}

/** Moves every stored code `ms` into the past (so the next send is not rate-limited). */
/** Moves every code, and what the SMS limits took, `ms` into the past. */
async function age(ms: number) {
  await server.db
    .update(sysSmsCodes)
    .set({ createdAt: sql`${sysSmsCodes.createdAt} - ${`${ms} milliseconds`}::interval` });
  await server.db.update(sysLimitTakes).set({ at: sql`${sysLimitTakes.at} - ${`${ms} milliseconds`}::interval` });
}

describe('POST /account/sms', () => {
  it('sends a 6-digit code through the gateway, stores only its hash with a 5-minute expiry and logs the SMS masked', async () => {
    const before = Date.now();
    const code = await sendCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(gateway.messages.at(-1)).toMatchObject({ mobile: ADMIN.phone, templateCode: 'LOGIN_CODE' });
    expect(gateway.messages.at(-1)!.headers.authorization).toBe('Bearer gateway-secret');

    const logs = await server.db.select().from(sysSmsLog);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      mobile: ADMIN.phone,
      templateCode: 'LOGIN_CODE',
      provider: 'http',
      status: '1',
      ip: '127.0.0.1',
    });
    expect(logs[0].content).not.toContain(code);
    expect(logs[0].content).toContain('验证码为******');

    const [row] = await server.db.select().from(sysSmsCodes);
    expect(row).toMatchObject({ mobile: ADMIN.phone, purpose: 'login', attempts: 0, usedAt: null });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBe(300_000);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers the same for a mobile without a user, but sends nothing', async () => {
    const known = await server.post('/account/sms', { mobile: ADMIN.phone });
    const unknown = await server.post('/account/sms', { mobile: UNKNOWN_MOBILE });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    const logs = await server.db.select().from(sysSmsLog);
    expect(logs.map((log) => log.mobile)).toEqual([ADMIN.phone]);
    // Rate-limited alike.
    const again = await server.post('/account/sms', { mobile: UNKNOWN_MOBILE });
    expect(again.envelope.rtnCode).toBe('429');
  });

  it('refuses a malformed mobile with the SDK rule message', async () => {
    for (const mobile of ['1380000000', '12800000001', 'abc', '']) {
      const response = await server.post('/account/sms', { mobile });
      expect(response.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请输入正确格式的手机号码' });
    }
    const missing = await server.post('/account/sms', {});
    expect(missing.envelope.rtnCode).toBe('400');
  });

  it('allows one send per 60 s per mobile', async () => {
    await sendCode();
    const second = await server.post('/account/sms', { mobile: ADMIN.phone });
    expect(second.status).toBe(429);
    expect(second.envelope).toMatchObject({ rtnCode: '429', rtnMessage: '发送过于频繁，请稍后再试' });
    await age(61_000);
    await sendCode();
  });

  it('allows five sends per hour per mobile', async () => {
    for (let index = 0; index < 5; index += 1) {
      await sendCode();
      await age(61_000);
    }
    const sixth = await server.post('/account/sms', { mobile: ADMIN.phone });
    expect(sixth.envelope).toMatchObject({ rtnCode: '429', rtnMessage: '发送过于频繁，请稍后再试' });
    await age(60 * 60 * 1000 - 5 * 61_000);
    await sendCode();
  });

  it('allows twenty sends per hour per address', async () => {
    for (let index = 0; index < 20; index += 1) {
      const response = await server.post('/account/sms', { mobile: `1391000${String(index).padStart(4, '0')}` });
      expect(response.envelope.rtnCode).toBe('0000');
    }
    const refused = await server.post('/account/sms', { mobile: '13910009999' });
    expect(refused.envelope).toMatchObject({ rtnCode: '429', rtnMessage: '发送过于频繁，请稍后再试' });
  });

  it('records a failed send of the gateway as status 2', async () => {
    const broken: SmsSender = {
      async send() {
        throw new Error('gateway down');
      },
    };
    const refusing: SmsSender = { send: async () => ({ provider: 'acme', outcome: 'failed' }) };
    expect(
      await sendSms(server.db, broken, { mobile: ADMIN.phone, templateCode: 'T', content: 'x', ip: null }),
    ).toMatchObject({ outcome: 'failed' });
    await sendSms(server.db, refusing, { mobile: ADMIN.phone, templateCode: 'T', content: 'y', ip: '10.0.0.1' });
    gateway.answerWith(503);
    try {
      await server.post('/account/sms', { mobile: ADMIN.phone });
    } finally {
      gateway.answerWith(200);
    }
    const logs = await server.db.select().from(sysSmsLog).orderBy(sysSmsLog.id);
    expect(logs.map((log) => [log.status, log.provider])).toEqual([
      ['2', 'unknown'],
      ['2', 'acme'],
      ['2', 'http'],
    ]);
  });
});

describe('POST /sys/phoneLogin', () => {
  it('logs in with the right code: token, userInfo, dictionaries; the token opens /rest/auth/init', async () => {
    const code = await sendCode();
    const { status, body } = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(body.result!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.result!.userInfo).toMatchObject({
      loginName: ADMIN.loginName,
      phone: ADMIN.phone,
      enterpriseCode: ADMIN.enterpriseCode,
    });
    expect(typeof body.result!.sysAllDictItems).toBe('object');
    expect(Object.keys(body.result!.sysAllDictItems).length).toBeGreaterThan(0);

    const [session] = await server.db.select().from(sysSessions).orderBy(desc(sysSessions.id)).limit(1);
    expect(session.clientName).toBe('phone');
    const attempts = await server.db.select().from(sysLoginAttempts);
    expect(attempts).toMatchObject([{ accountKey: `phone:${ADMIN.phone}`, success: true, clientName: 'phone' }]);

    const init = await server.post<{ loginUser: { loginName: string } }>(
      '/rest/auth/init',
      {},
      { Authorization: body.result!.token },
    );
    expect(init.envelope.rtnCode).toBe('0000');
    expect(init.envelope.dataSet.loginUser.loginName).toBe(ADMIN.loginName);

    // Used once.
    const again = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code });
    expect(again.body).toEqual({ success: false, code: 500, message: '验证码错误或已过期' });
  });

  it('refuses a login without the ticked agreement (flag 1) before looking at the code', async () => {
    const code = await sendCode();
    const refused = await fetch(`${server.baseUrl}/sys/phoneLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: ADMIN.phone, captcha: code }),
    });
    expect(await refused.json()).toEqual({ success: false, code: 500, message: '请勾选《用户服务协议》' });
    expect(await server.db.select().from(sysLoginAttempts)).toHaveLength(0);
    expect((await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code })).body.success).toBe(true);
  });

  it('refuses a wrong code and records the failure for phone:<mobile>', async () => {
    const code = await sendCode();
    const wrong = code === '000000' ? '000001' : '000000';
    const { status, body } = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: wrong });
    expect(status).toBe(200);
    expect(body).toEqual({ success: false, code: 500, message: '验证码错误或已过期' });
    const attempts = await server.db.select().from(sysLoginAttempts);
    expect(attempts).toMatchObject([{ accountKey: `phone:${ADMIN.phone}`, success: false, ip: '127.0.0.1' }]);
    // Still usable after one wrong try.
    expect((await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code })).body.success).toBe(true);
  });

  it('refuses an expired code', async () => {
    const code = await sendCode();
    await server.db.update(sysSmsCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const { body } = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code });
    expect(body).toEqual({ success: false, code: 500, message: '验证码错误或已过期' });
  });

  it('only accepts the latest code of the mobile', async () => {
    const first = await sendCode();
    await age(61_000);
    const second = await sendCode();
    if (first !== second) {
      expect((await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: first })).body.success).toBe(false);
    }
    expect((await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: second })).body.success).toBe(true);
  });

  it('gives a code five tries, then locks the mobile out', async () => {
    const code = await sendCode();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let index = 0; index < 5; index += 1) {
      expect((await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: wrong })).body.message).toBe(
        '验证码错误或已过期',
      );
    }
    // Five failures for phone:<mobile> within 15 minutes: locked, whatever the code.
    const locked = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code });
    expect(locked.body).toEqual({ success: false, code: 500, message: '登录失败次数过多，请 15 分钟后再试' });

    // Without the lockout, the code itself is spent after five tries.
    await server.db.delete(sysLoginAttempts);
    const [row] = await server.db.select().from(sysSmsCodes);
    expect(row.attempts).toBe(5);
    const spent = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code });
    expect(spent.body).toEqual({ success: false, code: 500, message: '验证码错误或已过期' });
  });

  it('refuses the never-sent code of an unknown mobile, and a malformed mobile', async () => {
    await server.post('/account/sms', { mobile: UNKNOWN_MOBILE });
    for (const captcha of ['000000', '123456']) {
      const { body } = await jeecg('/sys/phoneLogin', { mobile: UNKNOWN_MOBILE, captcha });
      expect(body).toEqual({ success: false, code: 500, message: '验证码错误或已过期' });
    }
    const malformed = await jeecg('/sys/phoneLogin', { mobile: '123', captcha: '123456' });
    expect(malformed.body).toEqual({ success: false, code: 500, message: '请输入正确格式的手机号码' });
  });

  it('refuses a frozen account even with the right code', async () => {
    const code = await sendCode();
    await server.db.update(sysUsers).set({ status: '2' }).where(eq(sysUsers.phone, ADMIN.phone));
    try {
      const { body } = await jeecg('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code });
      expect(body).toEqual({ success: false, code: 500, message: '账号已被冻结，请联系管理员' });
      // And no code is sent to a frozen account.
      await age(61_000);
      await server.db.delete(sysSmsLog);
      await server.post('/account/sms', { mobile: ADMIN.phone });
      expect(await server.db.select().from(sysSmsLog)).toHaveLength(0);
    } finally {
      await server.db.update(sysUsers).set({ status: '1' }).where(eq(sysUsers.phone, ADMIN.phone));
    }
  });
});

describe('without an SMS gateway', () => {
  it('outside production: nothing is delivered, the code goes to the server log and the SMS log says 未发送', async () => {
    const demo = await startTestServer({ config: { appEnv: 'demo' }, captureLogs: true });
    try {
      await ensureUser(demo.db, ADMIN);
      const sent = await demo.post('/account/sms', { mobile: ADMIN.phone });
      expect(sent.envelope.rtnCode).toBe('0000');
      const [log] = await demo.db.select().from(sysSmsLog);
      expect(log).toMatchObject({ provider: 'log-only', status: '3' });
      expect(log.content).toContain('******');
      const line = demo.logs.find((entry) => entry.msg === '短信未发送（未配置短信网关，仅非生产环境）');
      const code = /\d{6}/.exec(String(line?.content))?.[0];
      expect(code).toBeDefined();
      const login = await demo.post<never>('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: code, agreed: '1' });
      expect(login.text).toContain('"success":true');
    } finally {
      await demo.close();
    }
  });

  it('in production: phone login is refused with a clear message and nothing is stored', async () => {
    const production = await startTestServer({ config: { appEnv: 'production' } });
    try {
      await ensureUser(production.db, ADMIN);
      const sms = await production.post('/account/sms', { mobile: ADMIN.phone });
      expect(sms.status).toBe(200);
      expect(sms.envelope).toEqual({
        rtnCode: '504',
        rtnMessage: '短信服务未开通，暂不支持手机号登录，请使用账号密码登录',
        dataSet: null,
      });
      expect(await production.db.select().from(sysSmsCodes)).toHaveLength(0);
      expect(await production.db.select().from(sysSmsLog)).toHaveLength(0);
      const login = await production.post<never>('/sys/phoneLogin', { mobile: ADMIN.phone, captcha: '123456' });
      expect(JSON.parse(login.text)).toEqual({
        success: false,
        code: 500,
        message: '短信服务未开通，暂不支持手机号登录，请使用账号密码登录',
      });
    } finally {
      await production.close();
    }
  });
});
