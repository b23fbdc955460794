import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { PortalConfig } from '@cotton/sdk/contracts';
import { serviceUrlOfCallback } from '../src/modules/cas/service';
import { parseServiceResponse } from '../src/modules/cas/xml';
import { ADMIN, ensureUser } from './auth-fixtures';
import { serve, startTestServer, testConfig, type TestServer, testSchemaCompilers } from './helpers';

const PUBLIC_URL = 'https://portal.example.cn';

/**
 * A small CAS 2.0 server: `/login?service=…` "logs in" the user named by the test
 * (`cas.nextUser`) and sends the browser back with a service ticket; `/serviceValidate`
 * answers the CAS XML, success only for a ticket it issued, once, for the same service.
 */
interface FakeCas {
  url: string;
  server: Server;
  nextUser: string;
  nextAttributes: Record<string, string>;
  validations: Array<{ service: string; ticket: string }>;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function startCas(): Promise<FakeCas> {
  const tickets = new Map<string, { service: string; user: string; attributes: Record<string, string> }>();
  const cas = { nextUser: 'admin', nextAttributes: {}, validations: [] } as unknown as FakeCas;
  let counter = 0;
  cas.server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service');
      if (!service) {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<form>CAS login</form>');
        return;
      }
      const ticket = `ST-${(counter += 1)}-fake`;
      tickets.set(ticket, { service, user: cas.nextUser, attributes: { ...cas.nextAttributes } });
      response.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` }).end();
      return;
    }
    if (url.pathname === '/cas/serviceValidate') {
      const service = url.searchParams.get('service') ?? '';
      const ticket = url.searchParams.get('ticket') ?? '';
      cas.validations.push({ service, ticket });
      const grant = tickets.get(ticket);
      tickets.delete(ticket);
      let body: string;
      if (!grant || grant.service !== service) {
        body = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${xmlEscape(ticket)} not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;
      } else {
        const attributes = Object.entries(grant.attributes)
          .map(([name, value]) => `      <cas:${name}>${xmlEscape(value)}</cas:${name}>`)
          .join('\n');
        body = `<?xml version="1.0" encoding="UTF-8"?>
<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${xmlEscape(grant.user)}</cas:user>
    <cas:attributes>
      <cas:authenticationDate>2026-11-23T10:00:00Z</cas:authenticationDate>
${attributes}
    </cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
      }
      response.writeHead(200, { 'content-type': 'application/xml;charset=UTF-8' }).end(body);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => cas.server.listen(0, '127.0.0.1', resolve));
  cas.url = `http://127.0.0.1:${(cas.server.address() as AddressInfo).port}/cas`;
  return cas;
}

let cas: FakeCas;
let server: TestServer;

beforeAll(async () => {
  cas = await startCas();
  server = await startTestServer({ config: { casServerUrl: cas.url, publicUrl: PUBLIC_URL } });
  await ensureUser(server.db, ADMIN);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => cas?.server.close(resolve));
});

const noFollow = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });

/**
 * The browser: CAS login with `service`, then the portal's callback (the public URL's path
 * replayed on the test server). CAS names the centre by default: the seed's other enterprise
 * (M000005) has an `admin` too.
 */
async function casLogin(
  service: string,
  user = 'admin',
  attributes: Record<string, string> = { businessCode: 'CNCE' },
) {
  cas.nextUser = user;
  cas.nextAttributes = attributes;
  const atCas = await noFollow(`${cas.url}/login?service=${encodeURIComponent(service)}`);
  expect(atCas.status).toBe(302);
  const back = new URL(atCas.headers.get('location')!);
  expect(back.origin).toBe(PUBLIC_URL);
  const callback = await noFollow(`${server.baseUrl}${back.pathname}${back.search}`);
  expect(callback.status).toBe(302);
  return { response: callback, landing: new URL(callback.headers.get('location')!, 'http://portal') };
}

async function portalConfig(): Promise<PortalConfig> {
  return (await server.post<PortalConfig>('/rest/anon/portalConfig', {})).envelope.dataSet;
}

describe('single sign-on (CAS)', () => {
  it('publishes the CAS login page with the callback as service', async () => {
    const config = await portalConfig();
    expect(config.ssoLoginUrl).toBe(
      `${cas.url}/login?service=${encodeURIComponent(`${PUBLIC_URL}/callback?client_name=cas_client`)}`,
    );
  });

  it('validates the ticket, sets the one-time cookie, and /cas/client/validateLogin gives a token', async () => {
    const service = new URL((await portalConfig()).ssoLoginUrl!).searchParams.get('service')!;
    const { response, landing } = await casLogin(service);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('casLogin')).toBe('1');
    expect(landing.searchParams.get('redirect')).toBe('/');
    expect(cas.validations.at(-1)?.service).toBe(`${PUBLIC_URL}/callback?client_name=cas_client`);

    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^cotton_login=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/cas/client');
    expect(setCookie).toContain('Max-Age=120');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Secure');
    const cookie = setCookie.split(';', 1)[0];

    const validate = await fetch(`${server.baseUrl}/cas/client/validateLogin`, { headers: { cookie } });
    const body = (await validate.json()) as {
      success: boolean;
      result?: { token: string; userInfo: { loginName: string } };
    };
    expect(body.success).toBe(true);
    expect(body.result!.userInfo.loginName).toBe(ADMIN.loginName);
    const init = await server.post<{ loginUser: { loginName: string } }>(
      '/rest/auth/init',
      {},
      { Authorization: body.result!.token },
    );
    expect(init.envelope.rtnCode).toBe('0000');

    // One time only.
    const again = (await (
      await fetch(`${server.baseUrl}/cas/client/validateLogin`, { headers: { cookie } })
    ).json()) as { success: boolean };
    expect(again.success).toBe(false);

    // Logging out names the CAS logout page.
    const logout = await server.post<{ ssoLogoutUrl: string | null }>(
      '/logout?client_name=cas_client',
      {},
      { Authorization: body.result!.token },
    );
    expect(logout.envelope.rtnCode).toBe('0000');
    expect(logout.envelope.dataSet.ssoLogoutUrl).toBe(
      `${cas.url}/logout?service=${encodeURIComponent(`${PUBLIC_URL}/home`)}`,
    );
  });

  it('returns to a local service path, never to another site', async () => {
    const withPath = await casLogin(
      `${PUBLIC_URL}/callback?client_name=cas_client&service=${encodeURIComponent('/project/display?tab=1')}`,
    );
    expect(withPath.landing.searchParams.get('casLogin')).toBe('1');
    expect(withPath.landing.searchParams.get('redirect')).toBe('/project/display?tab=1');
    expect(cas.validations.at(-1)?.service).toBe(
      `${PUBLIC_URL}/callback?client_name=cas_client&service=%2Fproject%2Fdisplay%3Ftab%3D1`,
    );

    for (const hostile of ['//evil.example/x', '/\t/evil.example', '/%5Cevil.example', 'javascript:alert(1)']) {
      const foreign = await casLogin(
        `${PUBLIC_URL}/callback?client_name=cas_client&service=${encodeURIComponent(hostile)}`,
      );
      expect(foreign.landing.searchParams.get('redirect')).toBe('/');
    }
  });

  it('maps the CAS user case-insensitively; businessCode chooses among enterprises', async () => {
    const upper = await casLogin(`${PUBLIC_URL}/callback?client_name=cas_client`, 'ADMIN');
    expect(upper.landing.searchParams.get('casLogin')).toBe('1');

    await ensureUser(server.db, { enterpriseCode: 'ZZTEST', loginName: 'Admin' });
    const ambiguous = await casLogin(`${PUBLIC_URL}/callback?client_name=cas_client`, 'admin', {});
    expect(ambiguous.landing.searchParams.get('casError')).toBe('cas-ambiguous');
    expect(ambiguous.response.headers.get('set-cookie')).toBeNull();

    const chosen = await casLogin(`${PUBLIC_URL}/callback?client_name=cas_client`, 'admin', { businessCode: 'cnce' });
    expect(chosen.landing.searchParams.get('casLogin')).toBe('1');
    const cookie = chosen.response.headers.get('set-cookie')!.split(';', 1)[0];
    const body = (await (
      await fetch(`${server.baseUrl}/cas/client/validateLogin`, { headers: { cookie } })
    ).json()) as {
      result: { userInfo: { enterpriseCode: string } };
    };
    expect(body.result.userInfo.enterpriseCode).toBe('CNCE');

    const other = await casLogin(`${PUBLIC_URL}/callback?client_name=cas_client`, 'admin', { businessCode: 'ZZTEST' });
    const otherCookie = other.response.headers.get('set-cookie')!.split(';', 1)[0];
    const otherBody = (await (
      await fetch(`${server.baseUrl}/cas/client/validateLogin`, { headers: { cookie: otherCookie } })
    ).json()) as {
      result: { userInfo: { enterpriseCode: string } };
    };
    expect(otherBody.result.userInfo.enterpriseCode).toBe('ZZTEST');
  });

  it('sends an invalid ticket or an unknown user back with casError', async () => {
    const invalid = await noFollow(`${server.baseUrl}/callback?client_name=cas_client&ticket=ST-forged`);
    expect(invalid.status).toBe(302);
    expect(new URL(invalid.headers.get('location')!, 'http://portal').searchParams.get('casError')).toBe(
      'cas-invalid-ticket',
    );
    expect(invalid.headers.get('set-cookie')).toBeNull();

    // A ticket issued for another service is refused by CAS.
    cas.nextUser = 'admin';
    const atCas = await noFollow(`${cas.url}/login?service=${encodeURIComponent('https://other.example/callback')}`);
    const stolen = new URL(atCas.headers.get('location')!).searchParams.get('ticket')!;
    const replayed = await noFollow(`${server.baseUrl}/callback?client_name=cas_client&ticket=${stolen}`);
    expect(new URL(replayed.headers.get('location')!, 'http://portal').searchParams.get('casError')).toBe(
      'cas-invalid-ticket',
    );

    const unknown = await casLogin(`${PUBLIC_URL}/callback?client_name=cas_client`, 'nobody');
    expect(unknown.landing.searchParams.get('casError')).toBe('cas-unknown-user');

    const noTicket = await noFollow(`${server.baseUrl}/callback?client_name=cas_client`);
    expect(new URL(noTicket.headers.get('location')!, 'http://portal').searchParams.get('casError')).toBe(
      'cas-no-ticket',
    );
  });

  it('reports an unreachable CAS server, and without CAS there is no ssoLoginUrl', async () => {
    const down = await buildApp({
      db: server.db,
      schemaCompilers: testSchemaCompilers,
      config: testConfig({
        staticRoot: server.config.staticRoot,
        casServerUrl: 'http://127.0.0.1:9/cas',
        publicUrl: PUBLIC_URL,
      }),
    });
    try {
      const { baseUrl } = await serve(down);
      const response = await noFollow(`${baseUrl}/callback?client_name=cas_client&ticket=ST-1`);
      expect(new URL(response.headers.get('location')!, 'http://portal').searchParams.get('casError')).toBe(
        'cas-unavailable',
      );
    } finally {
      await down.close();
    }

    const off = await buildApp({
      db: server.db,
      schemaCompilers: testSchemaCompilers,
      config: testConfig({ staticRoot: server.config.staticRoot }),
    });
    try {
      const { baseUrl, post } = await serve(off);
      expect((await post<PortalConfig>('/rest/anon/portalConfig', {})).envelope.dataSet.ssoLoginUrl).toBeNull();
      const response = await noFollow(`${baseUrl}/callback?client_name=cas_client&ticket=ST-1`);
      expect(new URL(response.headers.get('location')!, 'http://portal').searchParams.get('casError')).toBe(
        'cas-disabled',
      );
      const logout = await post<{ ssoLogoutUrl: string | null }>('/logout?client_name=form_client', {});
      expect(logout.envelope.dataSet.ssoLogoutUrl).toBeNull();
    } finally {
      await off.close();
    }
  });
});

describe('CAS helpers', () => {
  it('parses CAS 2.0 XML safely', () => {
    expect(
      parseServiceResponse(
        `<serviceResponse xmlns="http://www.yale.edu/tp/cas"><authenticationSuccess><user>a&amp;b</user></authenticationSuccess></serviceResponse>`,
      ),
    ).toEqual({ ok: true, user: 'a&b', attributes: {} });
    expect(
      parseServiceResponse(
        `<sso:serviceResponse xmlns:sso="x"><sso:authenticationSuccess><sso:user><![CDATA[zhang<san>]]></sso:user>` +
          `<sso:attributes><sso:businessCode>CNCE</sso:businessCode><sso:role>a</sso:role><sso:role>b</sso:role><sso:__proto__>x</sso:__proto__></sso:attributes>` +
          `</sso:authenticationSuccess></sso:serviceResponse>`,
      ),
    ).toEqual({ ok: true, user: 'zhang<san>', attributes: { businessCode: ['CNCE'], role: ['a', 'b'] } });
    expect(
      parseServiceResponse(
        `<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure code="INVALID_TICKET">Ticket &#x53;T-1 not recognized</cas:authenticationFailure></cas:serviceResponse>`,
      ),
    ).toEqual({ ok: false, code: 'INVALID_TICKET', message: 'Ticket ST-1 not recognized' });
    expect(parseServiceResponse('<!DOCTYPE x [<!ENTITY a "b">]><cas:serviceResponse/>')).toMatchObject({ ok: false });
    expect(parseServiceResponse('<html>error</html>')).toMatchObject({ ok: false, code: 'INVALID_RESPONSE' });
    expect(
      parseServiceResponse(
        '<cas:serviceResponse><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toMatchObject({
      ok: false,
    });
  });

  it('rebuilds the service URL without the ticket', () => {
    const config = { publicUrl: PUBLIC_URL };
    expect(serviceUrlOfCallback(config, '/callback?client_name=cas_client&ticket=ST-1')).toBe(
      `${PUBLIC_URL}/callback?client_name=cas_client`,
    );
    expect(serviceUrlOfCallback(config, '/callback?client_name=cas_client&service=%2Fa%3Fb%3D1&ticket=ST-1')).toBe(
      `${PUBLIC_URL}/callback?client_name=cas_client&service=%2Fa%3Fb%3D1`,
    );
    expect(serviceUrlOfCallback(config, '/callback?ticket=ST-1&client_name=cas_client')).toBe(
      `${PUBLIC_URL}/callback?client_name=cas_client`,
    );
  });
});
