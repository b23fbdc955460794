import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../src/http/static';
import { createStaticRoot, INDEX_HTML, PLUGIN_BUNDLE, put, SHELL_ASSET } from './fixtures';
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

/** A GET that keeps the body as sent (fetch would decompress it). */
function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.path = path;
    req.end(options.body);
  });
}

// Precompressed siblings as scripts/build.mjs writes them (a big asset, index.html, a bundle).
const BIG_ASSET = 'assets/vendor-8c1d2e3f.js';
const BIG_SOURCE = `/* vendor */${'export const value = "全国棉花交易市场";\n'.repeat(200)}`;
const BUNDLE_SOURCE = 'System.register([], function () { return {}; });';

beforeAll(async () => {
  staticRoot = await createStaticRoot();
  await put(staticRoot, `shell/dist/${BIG_ASSET}`, BIG_SOURCE);
  await put(staticRoot, `shell/dist/${BIG_ASSET}.br`, brotliCompressSync(BIG_SOURCE));
  await put(staticRoot, `shell/dist/${BIG_ASSET}.gz`, gzipSync(BIG_SOURCE));
  await put(staticRoot, 'shell/dist/index.html.br', brotliCompressSync(INDEX_HTML));
  await put(staticRoot, `plugins/warehouse/dist/${PLUGIN_BUNDLE}.br`, brotliCompressSync(BUNDLE_SOURCE));
  for (const map of [`shell/dist/${SHELL_ASSET}.map`, `plugins/warehouse/dist/${PLUGIN_BUNDLE}.map`]) {
    const source = JSON.stringify({
      version: 3,
      sources: ['src/index.tsx'],
      sourcesContent: ['export const secret = 1;'],
      mappings: '',
    });
    await put(staticRoot, map, source);
    await put(staticRoot, `${map}.br`, brotliCompressSync(source));
  }
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

  it.each([
    ['/warehouse?x=1', html],
    ['/warehouse?x=1', {}],
    ['/bid/detail?batchNumber=65079161001', html],
    ['/home', { accept: '*/*' }],
  ])('falls back to index.html for the client route %s', async (path, headers) => {
    const response = await server.get(path, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it.each([['/assets/missing-1234.js'], ['/assets/missing-1234.css'], ['/favicon.ico'], ['/manifest.json']])(
    'answers a real 404 for the missing or hidden file %s',
    async (path) => {
      const response = await server.get(path, html);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<html');
    },
  );

  it.each([
    ['//home', '/home'],
    ['//home?x=1', '/home?x=1'],
    ['/bid//detail?batchNumber=65079161001', '/bid/detail?batchNumber=65079161001'],
    // Never to another site: `//evil.example` would be a protocol-relative address.
    ['//evil.example', '/evil.example'],
    ['///evil.example/', '/evil.example/'],
    ['/\\evil.example', '/evil.example'],
  ])('sends the page address %s with repeated slashes on to %s (no JSON for a visitor)', async (path, location) => {
    const response = await rawRequest(server.baseUrl, path, { headers: html });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('leaves /rest addresses with repeated slashes to the API', async () => {
    const response = await rawRequest(server.baseUrl, '/rest//anon/portalConfig', { headers: html });
    expect(response.status).not.toBe(301);
  });

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

  it('serves a bundled plugin’s files only while it is enabled', async () => {
    const bundle = () => server.get(`/plugins/warehouse/${PLUGIN_BUNDLE}`);
    await server.db.execute(sql`update plugin_registry set enabled = false where id = 'warehouse'`);
    try {
      const refused = await bundle();
      expect(refused.status).toBe(404);
      expect(refused.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await server.db.execute(sql`update plugin_registry set enabled = true where id = 'warehouse'`);
    }
    expect((await bundle()).status).toBe(200);
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

describe('source maps', () => {
  const maps = [`/${SHELL_ASSET}.map`, `/plugins/warehouse/${PLUGIN_BUNDLE}.map`];

  it('are served for development', async () => {
    for (const path of maps) {
      const response = await server.get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('sourcesContent');
    }
  });

  it('are not public in production: they hold the whole source', async () => {
    const production = await startTestServer({ staticRoot, config: { appEnv: 'production' } });
    try {
      for (const path of maps) {
        const response = await production.get(path, { 'accept-encoding': 'br, gzip' });
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain('sourcesContent');
      }
      expect((await production.get(`/${SHELL_ASSET}`)).status).toBe(200);
      expect((await production.get(`/plugins/warehouse/${PLUGIN_BUNDLE}`)).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('precompressed files', () => {
  it('sends the .br sibling to a client that accepts br, with Content-Encoding, Vary and the immutable cache header', async () => {
    const response = await rawRequest(server.baseUrl, `/${BIG_ASSET}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(BIG_SOURCE);
  });

  it('sends the .gz sibling to a gzip-only client and the file itself to one that accepts nothing', async () => {
    const gzip = await rawRequest(server.baseUrl, `/${BIG_ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(BIG_SOURCE);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await rawRequest(server.baseUrl, `/${BIG_ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString('utf8')).toBe(BIG_SOURCE);
  });

  it('sends the file itself when it has no sibling for the accepted encoding', async () => {
    const response = await rawRequest(server.baseUrl, `/${SHELL_ASSET}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString('utf8')).toBe('console.log("shell");');
  });

  it('compresses plugin bundles the same way, immutable', async () => {
    const response = await rawRequest(server.baseUrl, `/plugins/warehouse/${PLUGIN_BUNDLE}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(BUNDLE_SOURCE);
  });

  it.each([['/'], ['/warehouse?x=1'], ['/index.html']])(
    'serves index.html (%s) compressed, with no-cache',
    async (path) => {
      const response = await rawRequest(server.baseUrl, path, { headers: { ...html, 'accept-encoding': 'br, gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.body).toString('utf8')).toBe(INDEX_HTML);
    },
  );

  it.each([[`/${BIG_ASSET}.br`], [`/${BIG_ASSET}.gz`], ['/index.html.br'], [`/plugins/warehouse/${PLUGIN_BUNDLE}.br`]])(
    'does not serve the sibling %s under its own name',
    async (path) => {
      const response = await server.get(path, html);
      expect(response.status).toBe(404);
    },
  );
});

describe('API next to static hosting', () => {
  it('keeps /rest answers as envelopes', async () => {
    const missing = await server.get('/rest/anon/unknown', html);
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({ rtnCode: '404', rtnMessage: '接口不存在', dataSet: null });
    const plugins = await server.get('/rest/anon/plugins');
    expect(((await plugins.json()) as { rtnCode: string }).rtnCode).toBe('0000');
  });

  it('compresses /rest answers of 1 KB or more for clients that accept it, and leaves small ones alone', async () => {
    const body = JSON.stringify({ searchParam: {}, pageParameter: { pageNum: 1, pageSize: 50 } });
    const headers = { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
    const big = await rawRequest(server.baseUrl, '/rest/anon/queryWhsPage', { method: 'POST', headers, body });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const envelope = JSON.parse(brotliDecompressSync(big.body).toString('utf8')) as {
      rtnCode: string;
      dataSet: { pagination: { result: unknown[] } };
    };
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.pagination.result).toHaveLength(50);

    const gzip = await rawRequest(server.baseUrl, '/rest/anon/queryWhsPage', {
      method: 'POST',
      headers: { ...headers, 'accept-encoding': 'gzip' },
      body,
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(envelope);

    const plain = await rawRequest(server.baseUrl, '/rest/anon/queryWhsPage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(envelope);

    const small = await rawRequest(server.baseUrl, '/rest/anon/queryAllRegion', {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(small.body.toString('utf8')) as { rtnCode: string }).rtnCode).toBe('0000');

    // Failures are envelopes too, whatever the encoding.
    const refused = await rawRequest(server.baseUrl, '/rest/anon/queryWhsPage', {
      method: 'POST',
      headers,
      body: '{"pageParameter":{"pageNum":0}}',
    });
    const text =
      refused.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(refused.body).toString('utf8')
        : refused.body.toString('utf8');
    expect((JSON.parse(text) as { rtnCode: string }).rtnCode).toBe('400');
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
