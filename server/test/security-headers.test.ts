import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRoot, PLUGIN_BUNDLE, SHELL_ASSET } from './fixtures';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let staticRoot: string;

beforeAll(async () => {
  staticRoot = await createStaticRoot();
  server = await startTestServer({ staticRoot });
});
afterAll(async () => {
  await server?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

function directives(header: string | null): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0], part.slice(part.indexOf(' ') + 1)] as [string, string]),
  );
}

describe('security headers', () => {
  it.each([
    ['a page', '/home', { accept: 'text/html' }],
    ['an API answer', '/rest/anon/portalConfig', {}],
    ['a shell asset', `/${SHELL_ASSET}`, {}],
    ['a plugin bundle', `/plugins/warehouse/${PLUGIN_BUNDLE}`, {}],
  ])('are on %s', async (_what, path, headers) => {
    const response = await server.get(path, headers);
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' blob:");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('frame-src')).toBe("'self'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('permissions-policy')).toContain('geolocation=()');
    // Plain http: no HSTS, no upgrade of requests.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('let a plugin dev server run scripts and answer requests outside production only (PLUGIN_DEV_ORIGINS)', async () => {
    const devOrigins = ['http://localhost:*', 'http://127.0.0.1:*'];
    for (const [appEnv, expected] of [
      ['development', "'self' http://localhost:* http://127.0.0.1:*"],
      ['production', "'self'"],
    ] as const) {
      const other = await startTestServer({ staticRoot, config: { appEnv, pluginDevOrigins: devOrigins } });
      try {
        const csp = directives(
          (await other.get('/home', { accept: 'text/html' })).headers.get('content-security-policy'),
        );
        expect(csp.get('script-src')).toBe(expected);
        expect(csp.get('connect-src')).toBe(expected);
        const config = (await other.post<{ pluginDevOrigins: string[] }>('/rest/anon/portalConfig', {})).envelope
          .dataSet;
        expect(config.pluginDevOrigins).toEqual(appEnv === 'production' ? [] : devOrigins);
      } finally {
        await other.close();
      }
    }
  });

  it('let the iframe menus embed the origins IFRAME_ALLOWED_ORIGINS names, and no other', async () => {
    const other = await startTestServer({
      staticRoot,
      config: { iframeAllowedOrigins: ['https://bi.example.com', 'http://10.0.0.5:8443'] },
    });
    try {
      const csp = directives(
        (await other.get('/home', { accept: 'text/html' })).headers.get('content-security-policy'),
      );
      expect(csp.get('frame-src')).toBe("'self' https://bi.example.com http://10.0.0.5:8443");
      expect(csp.get('frame-ancestors')).toBe("'none'");
    } finally {
      await other.close();
    }
  });

  it('are on an address that cannot be decoded too, the same as on any answer', async () => {
    const refused = await server.get('/rest/anon/%c0');
    expect(((await refused.json()) as { rtnCode: string }).rtnCode).toBe('400');
    const usual = await server.get('/rest/anon/portalConfig');
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'x-frame-options',
    ]) {
      expect([name, refused.headers.get(name)]).toEqual([name, usual.headers.get(name)]);
    }
  });

  it('add HSTS and upgrade-insecure-requests when the portal is served over https', async () => {
    const secure = await startTestServer({ staticRoot, config: { publicUrl: 'https://portal.example.cn' } });
    try {
      const response = await secure.get('/home', { accept: 'text/html' });
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
