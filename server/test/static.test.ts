import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../src/plugins/static';
import { createStaticRoot, INDEX_HTML, PLUGIN_BUNDLE, SHELL_ASSET } from './fixtures';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let staticRoot: string;

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.path = path;
    req.end();
  });
}

beforeAll(async () => {
  staticRoot = await createStaticRoot();
  server = await startTestServer({ staticRoot });
});
afterAll(async () => {
  await server?.close();
  await rm(staticRoot, { recursive: true, force: true });
});

describe('shell', () => {
  it('serves index.html at / with no-cache', async () => {
    const response = await server.get('/', html);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
    const direct = await server.get('/index.html');
    expect(direct.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await server.get(`/${SHELL_ASSET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe('console.log("shell");');
    const head = await fetch(`${server.baseUrl}/${SHELL_ASSET}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('serves other shell files with no-cache', async () => {
    const response = await server.get('/qr-official-account.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([['/warehouse?x=1', html], ['/warehouse?x=1', {}], ['/bid/detail?batchNumber=65079161001', html], ['/home', { accept: '*/*' }]])(
    'falls back to index.html for the client route %s',
    async (path, headers) => {
      const response = await server.get(path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it.each([['/assets/missing-1234.js'], ['/assets/missing-1234.css'], ['/favicon.ico'], ['/manifest.json']])(
    'answers a real 404 for the missing or hidden file %s',
    async (path) => {
      const response = await server.get(path, html);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<html');
    },
  );

  it('does not fall back for requests that do not want HTML', async () => {
    const response = await server.get('/warehouse', { accept: 'application/json' });
    expect(response.status).toBe(404);
    const post = await fetch(`${server.baseUrl}/warehouse`, { method: 'POST', headers: html });
    expect(post.status).toBe(404);
  });
});

describe('plugin bundles', () => {
  it('serves /plugins/<id>/<file> from plugins/<id>/dist as immutable', async () => {
    const response = await server.get(`/plugins/warehouse/${PLUGIN_BUNDLE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toContain('System.register');
  });

  it.each([
    ['/plugins/warehouse/manifest.json'],
    ['/plugins/warehouse/missing.5d41402a.js'],
    ['/plugins/nothing/nothing.js'],
    ['/plugins/unbuilt/package.json'],
    ['/plugins/Bad_Id/x.js'],
  ])('answers a real 404 for %s', async (path) => {
    const response = await server.get(path, html);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<html');
  });

  it.each([
    ['/plugins/warehouse/..%2f..%2f..%2fpackage.json'],
    ['/plugins/warehouse/../../../package.json'],
    ['/assets/..%2f..%2f..%2fpackage.json'],
    ['/%2e%2e/%2e%2e/package.json'],
  ])('never serves files outside the dist folders: %s', async (path) => {
    const response = await rawGet(server.baseUrl, path);
    expect(response.body).not.toContain('"name"');
    expect(response.status === 200 ? response.body : '').not.toContain('{');
  });
});

describe('API next to static hosting', () => {
  it('keeps /rest answers as envelopes', async () => {
    const missing = await server.get('/rest/anon/unknown', html);
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ rtnCode: '404', rtnMessage: '接口不存在', dataSet: null });
    const plugins = await server.get('/rest/anon/plugins');
    expect(((await plugins.json()) as { rtnCode: string }).rtnCode).toBe('0000');
  });
});

describe('without a built shell', () => {
  it('serves the API, answers 404 for pages, and logs a warning', async () => {
    const bare = await startTestServer({ captureLogs: true });
    try {
      const page = await bare.get('/warehouse', html);
      expect(page.status).toBe(404);
      const api = await bare.post('/rest/anon/queryAllRegion', {});
      expect(api.envelope.rtnCode).toBe('0000');
      expect(bare.logs.some((line) => line.level === 40 && String(line.msg).includes('shell/dist'))).toBe(true);
    } finally {
      await bare.close();
    }
  });
});
