import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { sysAuditLog, sysSessions, sysThirdAccounts } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import type { JeecgLoginResponse } from '../src/modules/phone-login/login-result';
import type { PortalConfig } from '@cotton/sdk/contracts';
import { parseProviderConfigs } from '../src/modules/third-login/provider';
import { ADMIN, ensureUser, REVIEWER } from './auth-fixtures';
import { serve, startTestServer, testConfig, type TestServer, testSchemaCompilers } from './helpers';

/**
 * A tiny OAuth 2 provider: `/authorize` sends the browser back with a code for the account
 * chosen by the test (`?as=<id>` appended by the test's "user"), `/token` trades the code
 * for an access token (checking client secret and redirect_uri), `/userinfo` answers the
 * account as JSON.
 */
interface FakeProvider {
  url: string;
  server: Server;
  /** The account the next authorisation logs in as. */
  account: { id: string; name: string };
  tokenRequests: URLSearchParams[];
}

async function startProvider(): Promise<FakeProvider> {
  const codes = new Map<string, { account: FakeProvider['account']; redirectUri: string }>();
  const tokens = new Map<string, FakeProvider['account']>();
  const provider = { account: { id: 'u-1001', name: '张三' }, tokenRequests: [] } as unknown as FakeProvider;
  let counter = 0;
  provider.server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/authorize') {
      if (url.searchParams.get('client_id') !== 'portal-client' || url.searchParams.get('response_type') !== 'code') {
        response.writeHead(400).end('bad client');
        return;
      }
      const redirectUri = url.searchParams.get('redirect_uri')!;
      const code = `code-${(counter += 1)}`;
      codes.set(code, { account: { ...provider.account }, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        provider.tokenRequests.push(form);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || form.get('client_secret') !== 'sekrit' || form.get('redirect_uri') !== grant.redirectUri) {
          response
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        const accessToken = `at-${(counter += 1)}`;
        tokens.set(accessToken, grant.account);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: accessToken, token_type: 'bearer' }));
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const account = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!account) {
        response.writeHead(401).end();
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { openid: account.id }, nickname: account.name }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  return provider;
}

let provider: FakeProvider;
let server: TestServer;
let adminId: number;

function providersJson(url: string) {
  return JSON.stringify([
    {
      id: 'demo',
      name: '示例账号',
      authorizeUrl: `${url}/authorize`,
      tokenUrl: `${url}/token`,
      userInfoUrl: `${url}/userinfo`,
      clientId: 'portal-client',
      clientSecret: 'sekrit',
      idField: 'data.openid',
    },
  ]);
}

beforeAll(async () => {
  provider = await startProvider();
  server = await startTestServer({
    config: { thirdLoginProviders: providersJson(provider.url), publicUrl: 'https://portal.example.cn' },
  });
  adminId = (await ensureUser(server.db, ADMIN)).id;
  await server.db.insert(sysThirdAccounts).values({ provider: 'demo', externalId: 'u-1001', userId: adminId });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => provider?.server.close(resolve));
});

const noFollow = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });

/** `Set-Cookie` of the response as a `Cookie` header value (name=value pairs). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

/** Browser steps: render → provider → back to the portal's callback (the public URL is fake: the path is replayed here). */
async function loginThroughProvider(options: { tamperState?: (state: string) => string; dropCookie?: boolean } = {}) {
  const render = await noFollow(`${server.baseUrl}/thirdLogin/render/demo?agreed=1`);
  expect(render.status).toBe(302);
  const setCookie = render.headers.get('set-cookie')!;
  expect(setCookie).toMatch(
    /^cotton_third_state=[^;]+; Path=\/thirdLogin\/callback\/demo; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
  );
  const authorize = new URL(render.headers.get('location')!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.url}/authorize`);
  expect(authorize.searchParams.get('redirect_uri')).toBe('https://portal.example.cn/thirdLogin/callback/demo');
  if (options.tamperState)
    authorize.searchParams.set('state', options.tamperState(authorize.searchParams.get('state')!));

  const atProvider = await noFollow(authorize.toString());
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin).toBe('https://portal.example.cn');
  const callback = await noFollow(
    `${server.baseUrl}${back.pathname}${back.search}`,
    options.dropCookie ? {} : { cookie: cookiesOf(render) },
  );
  expect(callback.status).toBe(302);
  expect(callback.headers.get('set-cookie')).toMatch(
    /^cotton_third_state=; Path=\/thirdLogin\/callback\/demo; Max-Age=0;/,
  );
  return new URL(callback.headers.get('location')!, 'http://portal');
}

async function getLoginUser(ticket: string) {
  const response = await fetch(`${server.baseUrl}/thirdLogin/getLoginUser/${encodeURIComponent(ticket)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as JeecgLoginResponse;
}

describe('third-party login (OAuth 2)', () => {
  it('publishes the configured providers (id and name only) in the portal config', async () => {
    const response = await server.post<PortalConfig>('/rest/anon/portalConfig', {});
    expect(response.envelope.dataSet.thirdLoginProviders).toEqual([{ id: 'demo', name: '示例账号' }]);
    expect(response.text).not.toContain('sekrit');
  });

  it('render → provider → callback → getLoginUser gives a session of the bound user', async () => {
    provider.account = { id: 'u-1001', name: '张三' };
    const landing = await loginThroughProvider();
    expect(landing.pathname).toBe('/login');
    const ticket = landing.searchParams.get('thirdLoginId')!;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(provider.tokenRequests.at(-1)?.get('grant_type')).toBe('authorization_code');

    const body = await getLoginUser(ticket);
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(body.result!.userInfo).toMatchObject({
      uid: String(adminId),
      loginName: ADMIN.loginName,
      enterpriseCode: ADMIN.enterpriseCode,
    });
    expect(body.result!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof body.result!.sysAllDictItems).toBe('object');
    const sessions = await server.db.select().from(sysSessions).where(eq(sysSessions.clientName, 'third:demo'));
    expect(sessions).toHaveLength(1);

    const init = await server.post<{ loginUser: { loginName: string } }>(
      '/rest/auth/init',
      {},
      { Authorization: body.result!.token },
    );
    expect(init.envelope.rtnCode).toBe('0000');

    // The ticket works once.
    expect(await getLoginUser(ticket)).toEqual({ success: false, code: 500, message: '登录已失效，请重新登录' });
  });

  it('sends an account without a binding back to the login page with the message', async () => {
    provider.account = { id: 'u-9999', name: '李四' };
    const landing = await loginThroughProvider();
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('thirdLoginError')).toBe('third-unbound');
    expect(landing.searchParams.get('thirdLoginId')).toBeNull();
  });

  it('refuses a forged, foreign or cookie-less state before calling the provider', async () => {
    provider.account = { id: 'u-1001', name: '张三' };
    const before = provider.tokenRequests.length;
    const forged = await loginThroughProvider({ tamperState: (state) => `${state.split('.')[0]}.${'A'.repeat(43)}` });
    expect(forged.searchParams.get('thirdLoginError')).toBe('third-state');
    const garbage = await loginThroughProvider({ tamperState: () => 'not-a-state' });
    expect(garbage.searchParams.get('thirdLoginError')).toBe('third-state');
    const noCookie = await loginThroughProvider({ dropCookie: true });
    expect(noCookie.searchParams.get('thirdLoginError')).toBe('third-state');
    expect(provider.tokenRequests.length).toBe(before);

    const missing = await noFollow(`${server.baseUrl}/thirdLogin/callback/demo?code=x`);
    expect(new URL(missing.headers.get('location')!, 'http://portal').searchParams.get('thirdLoginError')).toBe(
      'third-state',
    );
  });

  it('does not start without the ticked agreement when it must be ticked (flag 1)', async () => {
    const refused = await noFollow(`${server.baseUrl}/thirdLogin/render/demo`);
    expect(refused.status).toBe(302);
    expect(new URL(refused.headers.get('location')!, 'http://portal').searchParams.get('thirdLoginError')).toBe(
      'third-agreement',
    );
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a state older than 10 minutes', async () => {
    const render = await noFollow(`${server.baseUrl}/thirdLogin/render/demo?agreed=1`);
    const state = new URL(render.headers.get('location')!).searchParams.get('state')!;
    const [payload, signature] = state.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e: number };
    expect(decoded.e - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(decoded.e - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    // Changing the expiry breaks the signature.
    const extended = Buffer.from(JSON.stringify({ ...decoded, e: decoded.e + 1 })).toString('base64url');
    const response = await noFollow(
      `${server.baseUrl}/thirdLogin/callback/demo?code=x&state=${extended}.${signature}`,
      { cookie: cookiesOf(render) },
    );
    expect(new URL(response.headers.get('location')!, 'http://portal').searchParams.get('thirdLoginError')).toBe(
      'third-state',
    );
  });

  it('reports a refused code and an unknown provider on the login page', async () => {
    const render = await noFollow(`${server.baseUrl}/thirdLogin/render/demo?agreed=1`);
    const state = new URL(render.headers.get('location')!).searchParams.get('state')!;
    const refused = await noFollow(
      `${server.baseUrl}/thirdLogin/callback/demo?code=never-issued&state=${encodeURIComponent(state)}`,
      {
        cookie: cookiesOf(render),
      },
    );
    expect(new URL(refused.headers.get('location')!, 'http://portal').searchParams.get('thirdLoginError')).toBe(
      'third-failed',
    );

    const declined = await noFollow(
      `${server.baseUrl}/thirdLogin/callback/demo?error=access_denied&state=${encodeURIComponent(state)}`,
      {
        cookie: cookiesOf(render),
      },
    );
    expect(new URL(declined.headers.get('location')!, 'http://portal').searchParams.get('thirdLoginError')).toBe(
      'third-declined',
    );

    for (const path of ['/thirdLogin/render/nope', '/thirdLogin/callback/nope?code=x&state=y']) {
      const response = await noFollow(server.baseUrl + path);
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get('location')!, 'http://portal').searchParams.get('thirdLoginError')).toBe(
        'third-unknown-provider',
      );
    }
    expect(await getLoginUser('no-such-ticket')).toEqual({
      success: false,
      code: 500,
      message: '登录已失效，请重新登录',
    });
  });

  it('has no providers by default, and checks THIRD_LOGIN_PROVIDERS', async () => {
    const app = await buildApp({
      db: server.db,
      schemaCompilers: testSchemaCompilers,
      config: testConfig({ staticRoot: server.config.staticRoot }),
    });
    try {
      const { post } = await serve(app);
      expect((await post<PortalConfig>('/rest/anon/portalConfig', {})).envelope.dataSet.thirdLoginProviders).toEqual(
        [],
      );
    } finally {
      await app.close();
    }
    expect(parseProviderConfigs(null)).toEqual([]);
    expect(() => parseProviderConfigs('{')).toThrow('THIRD_LOGIN_PROVIDERS');
    expect(() => parseProviderConfigs('[{"id":"x"}]')).toThrow('缺少 name');
    const valid = JSON.parse(providersJson('http://h')) as Array<Record<string, string>>;
    expect(() => parseProviderConfigs(JSON.stringify([{ ...valid[0], id: 'Bad Id' }]))).toThrow('id');
    expect(() => parseProviderConfigs(JSON.stringify([valid[0], valid[0]]))).toThrow('重复');
    expect(() => parseProviderConfigs(JSON.stringify([{ ...valid[0], tokenUrl: 'ftp://x' }]))).toThrow('tokenUrl');
  });
});

// Binding from the account centre (docs/auth.md "Third-party accounts"): bindStart (logged
// in) → provider → the same callback in bind mode → /account/center?thirdBind=<code>.

interface MyAccounts {
  accounts: Array<{ provider: string; providerName: string; externalId: string; boundAt: string }>;
  providers: Array<{ id: string; name: string }>;
}

/** A user of their own (no binding yet) with an open session; `enterpriseCode` default CNCE. */
async function userWithSession(loginName: string, enterpriseCode = 'CNCE') {
  const user = await ensureUser(server.db, { enterpriseCode, loginName });
  const token = await createSession(server.db, { userId: user.id, clientName: 'form_client' });
  return { ...user, token, auth: { authorization: token } };
}

async function bindStart(token: string, providerId = 'demo') {
  return server.post<{ authorizeUrl: string }>(
    '/rest/thirdLogin/bindStart',
    { provider: providerId },
    {
      authorization: token,
    },
  );
}

/** The browser's steps after bindStart: to the provider (as `account`), back to the callback with the cookie. */
async function bindThroughProvider(
  start: Awaited<ReturnType<typeof bindStart>>,
  account: { id: string; name: string },
  options: { cookie?: string; query?: (back: URL) => void } = {},
) {
  expect(start.envelope.rtnCode).toBe('0000');
  provider.account = account;
  const atProvider = await noFollow(start.envelope.dataSet.authorizeUrl);
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  options.query?.(back);
  const callback = await noFollow(`${server.baseUrl}${back.pathname}${back.search}`, {
    cookie: options.cookie ?? cookiesOf(start as unknown as Response),
  });
  expect(callback.status).toBe(302);
  expect(callback.headers.get('set-cookie')).toMatch(
    /^cotton_third_state=; Path=\/thirdLogin\/callback\/demo; Max-Age=0;/,
  );
  return new URL(callback.headers.get('location')!, 'http://portal');
}

async function bindingsOf(userId: number) {
  return server.db
    .select({ provider: sysThirdAccounts.provider, externalId: sysThirdAccounts.externalId })
    .from(sysThirdAccounts)
    .where(eq(sysThirdAccounts.userId, userId));
}

describe('binding a third-party account (account centre)', () => {
  it('binds the provider account to the logged-in user, who can then log in with it', async () => {
    const user = await userWithSession('bind-alice');
    const mine = await server.post<MyAccounts>('/rest/thirdLogin/getMyThirdAccounts', {}, user.auth);
    expect(mine.envelope.dataSet).toEqual({ accounts: [], providers: [{ id: 'demo', name: '示例账号' }] });

    const start = await bindStart(user.token);
    expect(start.headers.getSetCookie()[0]).toMatch(
      /^cotton_third_state=[^;]+; Path=\/thirdLogin\/callback\/demo; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(start.headers.get('cache-control')).toBe('no-store');
    const authorize = new URL(start.envelope.dataSet.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.url}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://portal.example.cn/thirdLogin/callback/demo');

    const landing = await bindThroughProvider(start, { id: 'u-2001', name: '爱丽丝' });
    expect(`${landing.pathname}${landing.search}`).toBe('/account/center?thirdBind=bound');
    expect(await bindingsOf(user.id)).toEqual([{ provider: 'demo', externalId: 'u-2001' }]);

    const after = await server.post<MyAccounts>('/rest/thirdLogin/getMyThirdAccounts', {}, user.auth);
    expect(after.envelope.dataSet.accounts).toEqual([
      { provider: 'demo', providerName: '示例账号', externalId: 'u-2001', boundAt: expect.any(String) },
    ]);
    expect(Date.now() - Date.parse(after.envelope.dataSet.accounts[0].boundAt)).toBeLessThan(60_000);
    const audit = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'user.third-bind'), eq(sysAuditLog.entityId, String(user.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: user.id,
      loginName: 'bind-alice',
      entity: 'user',
      after: { loginName: 'bind-alice', provider: 'demo', externalId: 'u-2001' },
    });

    // The binding logs in.
    provider.account = { id: 'u-2001', name: '爱丽丝' };
    const login = await loginThroughProvider();
    const body = await getLoginUser(login.searchParams.get('thirdLoginId')!);
    expect(body.result!.userInfo.uid).toBe(String(user.id));

    // A second binding of the same provider is refused before the provider is asked.
    const again = await bindStart(user.token);
    expect(again.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '您已绑定该第三方登录方式的账号，请先解除原有绑定',
    });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an account bound to another user, and an unknown provider', async () => {
    const user = await userWithSession('bind-bob');
    // u-1001 is the admin's.
    const landing = await bindThroughProvider(await bindStart(user.token), { id: 'u-1001', name: '张三' });
    expect(`${landing.pathname}${landing.search}`).toBe('/account/center?thirdBind=bound-other');
    expect(await bindingsOf(user.id)).toEqual([]);
    expect(await bindingsOf(adminId)).toEqual([{ provider: 'demo', externalId: 'u-1001' }]);

    const unknown = await bindStart(user.token, 'nope');
    expect(unknown.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '未配置该第三方登录方式' });
    const tooLong = await bindStart(user.token, 'x'.repeat(65));
    expect(tooLong.envelope.rtnCode).toBe('400');
  });

  it('refuses a second account of the provider bound meanwhile (two tabs)', async () => {
    const user = await userWithSession('bind-carol');
    const first = await bindStart(user.token);
    const second = await bindStart(user.token);
    expect(`${(await bindThroughProvider(first, { id: 'u-3001', name: '甲' })).search}`).toBe('?thirdBind=bound');
    expect(`${(await bindThroughProvider(second, { id: 'u-3002', name: '乙' })).search}`).toBe(
      '?thirdBind=already-bound',
    );
    expect(await bindingsOf(user.id)).toEqual([{ provider: 'demo', externalId: 'u-3001' }]);
  });

  it('binds nothing once the session that started it has ended', async () => {
    const user = await userWithSession('bind-dave');
    const start = await bindStart(user.token);
    await server.post('/logout?client_name=form_client', {}, user.auth);
    const landing = await bindThroughProvider(start, { id: 'u-4001', name: '丁' });
    expect(`${landing.pathname}${landing.search}`).toBe('/account/center?thirdBind=session-ended');
    expect(await bindingsOf(user.id)).toEqual([]);
  });

  it('refuses a state without its cookie, from another browser, tampered with, or declined', async () => {
    const user = await userWithSession('bind-erin');
    const before = provider.tokenRequests.length;

    // Someone else's browser (no cookie, or its own cookie of another bindStart).
    const victim = await userWithSession('bind-erin-victim');
    const attackerStart = await bindStart(user.token);
    const victimStart = await bindStart(victim.token);
    const crossed = await bindThroughProvider(
      attackerStart,
      { id: 'u-5001', name: '戊' },
      {
        cookie: cookiesOf(victimStart as unknown as Response),
      },
    );
    expect(crossed.search).toBe('?thirdBind=expired');
    const noCookie = await bindThroughProvider(
      await bindStart(user.token),
      { id: 'u-5001', name: '戊' },
      { cookie: '' },
    );
    expect(noCookie.search).toBe('?thirdBind=expired');

    // Naming another user in the state breaks its signature: a state the portal never signed.
    const tampered = await bindThroughProvider(
      await bindStart(user.token),
      { id: 'u-5001', name: '戊' },
      {
        query: (back) => {
          const [payload, signature] = back.searchParams.get('state')!.split('.');
          const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
          expect(decoded).toMatchObject({ m: 'bind', u: user.id, p: 'demo' });
          const forged = Buffer.from(JSON.stringify({ ...decoded, u: victim.id })).toString('base64url');
          back.searchParams.set('state', `${forged}.${signature}`);
        },
      },
    );
    expect(`${tampered.pathname}${tampered.search}`).toBe('/login?thirdLoginError=third-state');
    expect(provider.tokenRequests.length).toBe(before);

    const declined = await bindThroughProvider(
      await bindStart(user.token),
      { id: 'u-5001', name: '戊' },
      {
        query: (back) => {
          back.searchParams.delete('code');
          back.searchParams.set('error', 'access_denied');
        },
      },
    );
    expect(declined.search).toBe('?thirdBind=declined');
    expect(await bindingsOf(user.id)).toEqual([]);
    expect(await bindingsOf(victim.id)).toEqual([]);
  });

  it('unbinds the user’s own binding only, ending the sessions opened through it', async () => {
    const user = await userWithSession('bind-frank');
    expect((await bindThroughProvider(await bindStart(user.token), { id: 'u-6001', name: '己' })).search).toBe(
      '?thirdBind=bound',
    );
    provider.account = { id: 'u-6001', name: '己' };
    const viaProvider = (await getLoginUser((await loginThroughProvider()).searchParams.get('thirdLoginId')!)).result!
      .token;

    // Someone else's binding (the admin's) is not theirs to remove.
    const foreign = await server.post(
      '/rest/thirdLogin/unbindMyThirdAccount',
      { provider: 'demo', externalId: 'u-1001' },
      user.auth,
    );
    expect(foreign.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该第三方账号绑定不存在或已解除，请刷新后重试',
    });
    expect(await bindingsOf(adminId)).toEqual([{ provider: 'demo', externalId: 'u-1001' }]);

    const removed = await server.post<{ deleted: number }>(
      '/rest/thirdLogin/unbindMyThirdAccount',
      { provider: 'demo', externalId: 'u-6001' },
      user.auth,
    );
    expect(removed.envelope).toMatchObject({ rtnCode: '0000', dataSet: { deleted: 1 } });
    expect(await bindingsOf(user.id)).toEqual([]);
    // The session from the provider login ends; the one making the call stays.
    expect((await server.post('/rest/auth/init', {}, { authorization: viaProvider })).envelope.rtnCode).toBe('401');
    expect((await server.post('/rest/auth/init', {}, user.auth)).envelope.rtnCode).toBe('0000');
    const audit = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'user.third-unbind'), eq(sysAuditLog.entityId, String(user.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: user.id,
      before: { loginName: 'bind-frank', provider: 'demo', externalId: 'u-6001' },
    });

    provider.account = { id: 'u-6001', name: '己' };
    expect((await loginThroughProvider()).searchParams.get('thirdLoginError')).toBe('third-unbound');
    const twice = await server.post(
      '/rest/thirdLogin/unbindMyThirdAccount',
      { provider: 'demo', externalId: 'u-6001' },
      user.auth,
    );
    expect(twice.envelope.rtnCode).toBe('400');
  });
});

describe('third-party accounts in 用户管理', () => {
  it('lists and removes a user’s bindings, within the administrator’s enterprise, audited', async () => {
    const admin = { authorization: await createSession(server.db, { userId: adminId, clientName: 'form_client' }) };
    const reviewerId = (await ensureUser(server.db, REVIEWER)).id;
    await server.db.insert(sysThirdAccounts).values([
      { provider: 'demo', externalId: 'u-7001', userId: reviewerId },
      { provider: 'retired', externalId: 'r-1', userId: reviewerId },
    ]);

    const listed = await server.post<{ accounts: MyAccounts['accounts'] }>(
      '/rest/user/getUserThirdAccounts',
      { id: String(reviewerId) },
      admin,
    );
    expect(listed.envelope.dataSet.accounts).toEqual([
      { provider: 'demo', providerName: '示例账号', externalId: 'u-7001', boundAt: expect.any(String) },
      // A provider no longer configured shows its id.
      { provider: 'retired', providerName: 'retired', externalId: 'r-1', boundAt: expect.any(String) },
    ]);

    const removed = await server.post<{ deleted: number }>(
      '/rest/user/delUserThirdAccount',
      { id: String(reviewerId), provider: 'demo', externalId: 'u-7001' },
      admin,
    );
    expect(removed.envelope).toMatchObject({ rtnCode: '0000', dataSet: { deleted: 1 } });
    expect(await bindingsOf(reviewerId)).toEqual([{ provider: 'retired', externalId: 'r-1' }]);
    const [audit] = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'user.third-unbind'), eq(sysAuditLog.entityId, String(reviewerId))));
    expect(audit).toMatchObject({
      userId: adminId,
      loginName: 'admin',
      entity: 'user',
      before: { loginName: 'reviewer', provider: 'demo', externalId: 'u-7001' },
      after: null,
    });

    // The binding must be that user's.
    const notTheirs = await server.post(
      '/rest/user/delUserThirdAccount',
      { id: String(reviewerId), provider: 'demo', externalId: 'u-1001' },
      admin,
    );
    expect(notTheirs.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该第三方账号绑定不存在或已解除，请刷新后重试',
    });
    expect(await bindingsOf(adminId)).toEqual([{ provider: 'demo', externalId: 'u-1001' }]);

    // Another enterprise's user does not exist for this administrator.
    const stranger = await ensureUser(server.db, { enterpriseCode: 'OTHER', loginName: 'stranger' });
    await server.db.insert(sysThirdAccounts).values({ provider: 'demo', externalId: 'u-8001', userId: stranger.id });
    for (const [path, body] of [
      ['/rest/user/getUserThirdAccounts', { id: String(stranger.id) }],
      ['/rest/user/delUserThirdAccount', { id: String(stranger.id), provider: 'demo', externalId: 'u-8001' }],
    ] as const) {
      const answer = await server.post(path, body, admin);
      expect(answer.envelope).toMatchObject({ rtnCode: '404', rtnMessage: '用户不存在或已删除' });
    }
    expect(await bindingsOf(stranger.id)).toEqual([{ provider: 'demo', externalId: 'u-8001' }]);
  });
});
