import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysLoginAttempts, sysSessions, sysUsers } from '../src/db/schema/index';
import { CMS_ADMIN_CODES } from '../src/seed/auth';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../src/modules/auth/password';
import { lockedOut } from '../src/modules/auth/lockout';
import { consumeLoginTicket, issueLoginTicket } from '../src/modules/auth/login-ticket';
import { permissionsOf } from '../src/modules/auth/permissions';
import { createSession, hashToken, resolveSession, revokeSession, userInfoOf } from '../src/modules/auth/session';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  [{ id: adminId }] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.db.delete(sysLoginAttempts);
});

const UNAUTHORIZED = { rtnCode: '401', rtnMessage: '未授权，请重新登录', dataSet: null };

describe('passwords', () => {
  it('hashes with scrypt N=16384 r=8 p=1 and a 16-byte salt, and verifies', async () => {
    const hash = await hashPassword('Secret@2026');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(await hashPassword('Secret@2026')).not.toBe(hash);
    expect(await verifyPassword('Secret@2026', hash)).toBe(true);
    expect(await verifyPassword('Secret@2027', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('answers false for unknown accounts and broken hashes, still paying one scrypt', async () => {
    const started = performance.now();
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(5);
    expect(await verifyPassword('dummy-password-not-used', DUMMY_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99999999$8$1$AAAA$AAAA')).toBe(false);
  });
});

describe('sessions', () => {
  it('creates 43-character tokens and resolves them to the user', async () => {
    const token = await createSession(server.db, {
      userId: adminId,
      clientName: 'form_client',
      ip: '10.1.1.1',
      userAgent: 'vitest',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resolved = await resolveSession(server.db, token);
    expect(resolved?.user).toMatchObject({ id: adminId, loginName: 'admin', enterpriseCode: 'CNCE' });
    expect(resolved?.session.clientName).toBe('form_client');
    expect(await resolveSession(server.db, 'unknown')).toBeNull();
    expect(await resolveSession(server.db, '')).toBeNull();
    expect(await resolveSession(server.db, null)).toBeNull();
  });

  it('answers the codes the user holds with the session (one query), and none for a user without roles', async () => {
    const token = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    const resolved = await resolveSession(server.db, token);
    const held = (await permissionsOf(server.db, adminId)).map((permission) => permission.code);
    expect(held.length).toBeGreaterThan(10);
    expect([...resolved!.permissionCodes].sort()).toEqual([...held].sort());

    const [admin] = await server.db.select().from(sysUsers).where(eq(sysUsers.id, adminId));
    const [bare] = await server.db
      .insert(sysUsers)
      .values({
        enterpriseId: admin!.enterpriseId,
        loginName: 'noroles',
        realname: '无角色',
        passwordHash: DUMMY_PASSWORD_HASH,
      })
      .returning({ id: sysUsers.id });
    const bareToken = await createSession(server.db, { userId: bare!.id, clientName: 'form_client' });
    expect((await resolveSession(server.db, bareToken))?.permissionCodes).toEqual([]);
  });

  it('rejects expired and revoked sessions', async () => {
    const token = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    await server.db
      .update(sysSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sysSessions.tokenHash, hashToken(token)));
    expect(await resolveSession(server.db, token)).toBeNull();
    const other = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    expect(await revokeSession(server.db, other)).toBe(true);
    expect(await revokeSession(server.db, other)).toBe(false);
    expect(await resolveSession(server.db, other)).toBeNull();
  });

  it('gives the userInfo of docs/auth.md', async () => {
    expect(await userInfoOf(server.db, adminId)).toEqual({
      uid: String(adminId),
      loginName: 'admin',
      nickName: '张伟',
      realname: '张伟',
      avatar: null,
      phone: '13800000001',
      email: 'admin@cnce.example.cn',
      enterpriseCode: 'CNCE',
      enterpriseName: '全国棉花交易市场',
    });
  });
});

describe('login tickets', () => {
  it('are used once, within 2 minutes', async () => {
    const now = new Date();
    const ticket = await issueLoginTicket(server.db, adminId, 'cas_client', now);
    expect(await consumeLoginTicket(server.db, ticket, new Date(now.getTime() + 1000))).toEqual({
      userId: adminId,
      clientName: 'cas_client',
    });
    expect(await consumeLoginTicket(server.db, ticket)).toBeNull();
    const stale = await issueLoginTicket(server.db, adminId, 'form_client', now);
    expect(await consumeLoginTicket(server.db, stale, new Date(now.getTime() + 120_001))).toBeNull();
    expect(await consumeLoginTicket(server.db, 'nope')).toBeNull();
    expect(await consumeLoginTicket(server.db, null)).toBeNull();
  });
});

describe('lockout', () => {
  const attempt = (accountKey: string, ip: string, success: boolean, at: Date) =>
    server.db.insert(sysLoginAttempts).values({ accountKey, ip, success, clientName: 'phone', at });

  it('locks an account after 5 failures within 15 minutes, for 15 minutes after the fifth', async () => {
    const start = new Date('2026-05-01T08:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (let i = 0; i < 4; i++) await attempt('phone:13900000000', `10.2.0.${i}`, false, at(i * 3));
    expect(await lockedOut(server.db, { accountKey: 'phone:13900000000', ip: '10.9.9.9' }, at(10))).toBe(false);
    await attempt('phone:13900000000', '10.2.0.9', false, at(12));
    expect(await lockedOut(server.db, { accountKey: 'phone:13900000000', ip: '10.9.9.9' }, at(12.1))).toBe(true);
    expect(await lockedOut(server.db, { accountKey: 'phone:13900000000', ip: '10.9.9.9' }, at(26.9))).toBe(true);
    expect(await lockedOut(server.db, { accountKey: 'phone:13900000000', ip: '10.9.9.9' }, at(27.1))).toBe(false);
  });

  it('does not lock for 5 failures spread over more than 15 minutes', async () => {
    const start = new Date('2026-05-02T08:00:00Z');
    for (let i = 0; i < 5; i++)
      await attempt('cnce/spread', '10.3.0.1', false, new Date(start.getTime() + i * 4 * 60_000));
    expect(
      await lockedOut(
        server.db,
        { accountKey: 'cnce/spread', ip: '10.3.0.2' },
        new Date(start.getTime() + 16 * 60_000 + 1000),
      ),
    ).toBe(false);
  });

  it('locks an address after 30 failures on different accounts (not after 5); a success does not clear it', async () => {
    const now = new Date();
    for (let i = 0; i < 29; i++)
      await attempt(`cnce/user${i}`, '10.4.0.1', false, new Date(now.getTime() - (40 - i) * 1000));
    // One company behind one address: 29 typos of its staff lock nobody else out.
    expect(await lockedOut(server.db, { accountKey: 'cnce/admin', ip: '10.4.0.1' }, now)).toBe(false);
    await attempt('cnce/user29', '10.4.0.1', false, new Date(now.getTime() - 5000));
    await attempt('cnce/admin', '10.4.0.1', true, now);
    expect(await lockedOut(server.db, { accountKey: 'cnce/admin', ip: '10.4.0.1' }, now)).toBe(true);
    expect(await lockedOut(server.db, { accountKey: 'cnce/admin', ip: '10.4.0.2' }, now)).toBe(false);
  });

  it('a success of the account clears its own earlier failures', async () => {
    const now = new Date();
    for (let i = 0; i < 4; i++)
      await attempt('cnce/me', `10.5.0.${i}`, false, new Date(now.getTime() - (10 - i) * 1000));
    await attempt('cnce/me', '10.5.0.9', true, new Date(now.getTime() - 5000));
    await attempt('cnce/me', '10.5.1.9', false, new Date(now.getTime() - 1000));
    expect(await lockedOut(server.db, { accountKey: 'cnce/me', ip: '10.6.0.1' }, now)).toBe(false);
  });
});

describe('authentication of requests', () => {
  const init = (headers: Record<string, string>) => server.post('/rest/auth/init', {}, headers);

  it('accepts the token in Authorization (with or without Bearer) or X-Access-Token', async () => {
    const token = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    expect((await init({ authorization: token })).envelope.rtnCode).toBe('0000');
    expect((await init({ authorization: `Bearer ${token}` })).envelope.rtnCode).toBe('0000');
    expect((await init({ 'x-access-token': token })).envelope.rtnCode).toBe('0000');
    expect((await init({ authorization: token, 'x-access-token': token })).envelope.rtnCode).toBe('0000');
  });

  it('answers 401 (HTTP 200) without, with an unknown, an expired or a revoked token', async () => {
    const missing = await init({});
    expect(missing.status).toBe(200);
    expect(missing.envelope).toEqual(UNAUTHORIZED);
    expect((await init({ authorization: 'Bearer nonsense' })).envelope).toEqual(UNAUTHORIZED);

    const expired = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    await server.db
      .update(sysSessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sysSessions.tokenHash, hashToken(expired)));
    expect((await init({ authorization: expired })).envelope).toEqual(UNAUTHORIZED);

    const revoked = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    await revokeSession(server.db, revoked);
    expect((await init({ authorization: revoked })).envelope).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a frozen user’s session', async () => {
    const [reviewer] = await server.db
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(eq(sysUsers.loginName, 'reviewer'));
    const token = await createSession(server.db, { userId: reviewer.id, clientName: 'form_client' });
    await server.db.update(sysUsers).set({ status: '2' }).where(eq(sysUsers.id, reviewer.id));
    try {
      expect((await init({ authorization: token })).envelope).toEqual(UNAUTHORIZED);
    } finally {
      await server.db.update(sysUsers).set({ status: '1' }).where(eq(sysUsers.id, reviewer.id));
    }
  });

  it('checks the token before the body: anonymous callers get 401 even for a bad body', async () => {
    expect((await server.post('/rest/user/UpdPwd', { nonsense: 1 })).envelope).toEqual(UNAUTHORIZED);
    expect((await server.post('/rest/user/UpdPwd', 'not json')).envelope).toEqual(UNAUTHORIZED);
  });

  it('answers 403 没有权限访问该功能 when the permission is missing', async () => {
    const [editor] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
    const token = await createSession(server.db, { userId: editor.id, clientName: 'form_client' });
    expect(
      (await server.post('/rest/smsService/getSmsByPage', { pageNum: 1, pageSize: 10 }, { authorization: token }))
        .envelope,
    ).toEqual({
      rtnCode: '403',
      rtnMessage: '没有权限访问该功能',
      dataSet: null,
    });
  });
});

describe('init', () => {
  it('returns the InitData of docs/auth.md for the admin', async () => {
    const token = await createSession(server.db, { userId: adminId, clientName: 'form_client' });
    const { envelope } = await server.post<Record<string, unknown>>('/rest/auth/init', {}, { authorization: token });
    const data = envelope.dataSet as {
      loginUser: { loginName: string };
      enterprise: unknown;
      icons: Array<{ name: string; svgPath: string }>;
      menu: Array<{
        path: string;
        permissions: string[];
        children: Array<{ path: string; permissions: string[]; componentPath: string }>;
      }>;
      apps: Array<{ appCode: string; visitUrl: string }>;
      indexMenu: { path: string; componentPath: string; permissions: string[] };
      appDicts: Record<string, Array<{ code: string; value: string }>>;
      permissions: Array<{ code: string; type: string }>;
      siteDisplayName: string;
    };
    expect(Object.keys(data).sort()).toEqual(
      [
        'apps',
        'appDicts',
        'enterprise',
        'icons',
        'indexMenu',
        'loginUser',
        'menu',
        'mustChangePassword',
        'permissions',
        'preferences',
        'siteDisplayName',
      ].sort(),
    );
    expect(data.loginUser.loginName).toBe('admin');
    expect(data.enterprise).toEqual({ code: 'CNCE', name: '全国棉花交易市场' });
    expect(data.icons.map((icon) => icon.name)).toEqual(
      expect.arrayContaining(['dashboard', 'user', 'setting', 'message']),
    );
    for (const icon of data.icons) expect(icon.svgPath).toMatch(/^M[\d.\s,a-zA-Z-]+$/);
    expect(data.menu.map((node) => node.path)).toEqual([
      '/project/display',
      '/account/center',
      '/account/notice',
      '/system',
      '/cms',
    ]);
    expect(data.menu[0].permissions).toEqual([]);
    expect(data.menu[1].permissions).toEqual([]);
    expect(data.menu[2]).toMatchObject({ componentPath: 'notice/MyNotices', permissions: [] });
    expect(data.menu[3].children[0]).toMatchObject({
      path: '/system/sms',
      componentPath: 'system/SmsLog',
      permissions: ['system:sms:list'],
    });
    expect(data.indexMenu).toMatchObject({ path: '/project/display', componentPath: 'dashboard/ProjectDisplay' });
    expect(data.apps.map((app) => app.appCode)).toEqual(['WMS', 'TRADE']);
    expect(data.appDicts.WAREHOUSE_AREA_TYPE).toEqual([
      { code: '1', value: '新疆' },
      { code: '2', value: '内地' },
    ]);
    expect(data.permissions).toEqual(
      expect.arrayContaining([
        { code: 'system:sms:list', type: 'menu' },
        { code: 'system:sms:delete', type: 'button' },
        { code: 'register:apply:list', type: 'button' },
        { code: 'cms:content:list', type: 'button' },
      ]),
    );
    expect(data.siteDisplayName).toBe('全国棉花交易市场');
  });

  it('gives the editor only its grants, and the apps it can see', async () => {
    const [editor] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'editor'));
    const token = await createSession(server.db, { userId: editor.id, clientName: 'form_client' });
    const { envelope } = await server.post<{
      permissions: Array<{ code: string }>;
      apps: Array<{ appCode: string }>;
      menu: Array<{ path: string }>;
    }>('/rest/auth/init', {}, { authorization: token });
    expect(envelope.dataSet.permissions.map((p) => p.code).sort()).toEqual(
      ['cms:content:list', ...CMS_ADMIN_CODES].sort(),
    );
    expect(envelope.dataSet.apps.map((app) => app.appCode)).toEqual(['WMS', 'TRADE']);
    // The whole tree: the shell shows what the permissions allow (系统管理 stays empty for the editor).
    expect(envelope.dataSet.menu.map((node) => node.path)).toEqual([
      '/project/display',
      '/account/center',
      '/account/notice',
      '/system',
      '/cms',
    ]);
  });
});
