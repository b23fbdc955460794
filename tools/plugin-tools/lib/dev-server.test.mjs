import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuildTools } from './test-support.mjs';

const { checkManifest, originMatches, startPluginDev } = await loadBuildTools();

/** @typedef {import('./index.mjs')} Tools */
/** @typedef {Awaited<ReturnType<Tools['startPluginDev']>>} DevServer */
/** @typedef {{ event: string, data: any }} SseEvent */

const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'cotton-plugin.mjs');
const ID = 'dev-fixture';

/** @type {Array<() => unknown>} */
const cleanups = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const PLUGIN_JSON = {
  id: ID,
  routes: [{ path: '/dev-fixture', public: true, title: '示例' }],
  components: ['LedgerPage', 'LedgerDetail'],
};

/** @param {string} label */
const indexSource = (label) => `
import { lazy } from 'react';
import { Button } from '@arco-design/web-react';
import { definePlugin } from '@cotton/sdk';

export function LedgerPage() { return <Button>${label}</Button>; }
export const LedgerDetail = lazy(() => import('./detail'));

export default definePlugin({
  id: '${ID}',
  routes: [{ path: '/dev-fixture', element: LedgerPage, public: true, title: '示例' }],
  components: { LedgerPage, LedgerDetail },
});
`;

/**
 * A one-page plugin (with a lazily loaded chunk) under a temporary directory; React, Arco and
 * the SDK resolve beside the SDK of the workspace, as in the build's tests.
 * @param {Record<string, string>} [files] path in the plugin folder → text, over the defaults
 */
function fixture(files = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'plugin-dev-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dir = path.join(root, ID);
  const all = {
    'package.json': JSON.stringify({ name: `@acme/${ID}`, version: '0.3.0', private: true }),
    'plugin.json': JSON.stringify(PLUGIN_JSON),
    'src/detail.tsx': 'export default function Detail() { return <p>详情</p>; }\n',
    'src/index.tsx': indexSource('账本'),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/**
 * A stand-in portal answering `POST /rest/anon/portalConfig` with `dataSet`.
 * @param {Record<string, unknown>} dataSet
 * @returns {Promise<{ url: string, requests: Array<{ method?: string, url?: string, body: string }> }>}
 */
async function fakePortal(dataSet) {
  /** @type {Array<{ method?: string, url?: string, body: string }>} */
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (part) => (body += part));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, body });
      if (req.url !== '/rest/anon/portalConfig') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ rtnCode: '0000', rtnMessage: 'ok', dataSet: { siteName: '门户', ...dataSet } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, requests };
}

/** A log that keeps its lines. */
function memoryLog() {
  /** @type {string[]} */
  const lines = [];
  return {
    lines,
    log: {
      info: (/** @type {string} */ line) => lines.push(line),
      warn: (/** @type {string} */ line) => lines.push(line),
      error: (/** @type {string} */ line) => lines.push(line),
    },
  };
}

/**
 * A Server-Sent Events client: `next(type)` waits for the next event of that type (events of
 * other types before it are passed over).
 * @param {string} url
 * @param {string} origin sent as `Origin`
 */
function sse(url, origin) {
  /** @type {SseEvent[]} */
  const queue = [];
  /** @type {Array<() => void>} */
  const waiting = [];
  /** @type {http.IncomingMessage | undefined} */
  let response;
  const request = http.get(url, { headers: { Origin: origin, Accept: 'text/event-stream' } }, (res) => {
    response = res;
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (/** @type {string} */ text) => {
      buffer += text;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
        if (event && data) queue.push({ event, data: JSON.parse(data) });
        for (const wake of waiting.splice(0)) wake();
      }
    });
  });
  request.on('error', () => undefined);
  return {
    /** @returns {Promise<http.IncomingMessage>} */
    response: () =>
      new Promise((resolve) => {
        const check = () => (response ? resolve(response) : setImmediate(check));
        check();
      }),
    /**
     * @param {string} type
     * @returns {Promise<SseEvent>}
     */
    async next(type) {
      for (;;) {
        const index = queue.findIndex((item) => item.event === type);
        if (index >= 0) return queue.splice(0, index + 1)[index];
        queue.length = 0;
        await new Promise((resolve) => waiting.push(() => resolve(undefined)));
      }
    },
    close: () => request.destroy(),
  };
}

/**
 * A GET with the path as given (no normalisation of `..`).
 * @param {string} base
 * @param {string} rawPath
 * @param {{ method?: string, headers?: Record<string, string> }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function request(base, rawPath, options = {}) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({
      hostname,
      port,
      path: rawPath,
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      /** @type {Buffer[]} */
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** @param {Buffer} bytes */
const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('cotton-plugin dev (startPluginDev)', () => {
  /** @type {string} */
  let dir;
  /** @type {{ url: string, requests: Array<{ method?: string, url?: string, body: string }> }} */
  let portal;
  /** @type {DevServer} */
  let dev;
  /** @type {ReturnType<typeof sse>} */
  let events;
  /** @type {ReturnType<typeof memoryLog>} */
  let output;

  beforeAll(async () => {
    dir = fixture();
    portal = await fakePortal({ production: false, pluginDevOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] });
    output = memoryLog();
    dev = await startPluginDev(dir, { portal: portal.url, port: 0, log: output.log });
    cleanups.push(() => dev.close());
    events = sse(`${dev.url}/events`, portal.url);
    cleanups.push(() => events.close());
  }, 30_000);

  /** @param {string} file @param {(text: string) => string} change */
  const edit = (file, change) => {
    const full = path.join(dir, file);
    writeFileSync(full, change(readFileSync(full, 'utf8')));
  };

  it('asks the portal for its configuration, then serves the first build on /events and /manifest.json', async () => {
    expect(portal.requests).toEqual([{ method: 'POST', url: '/rest/anon/portalConfig', body: '{}' }]);
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(output.lines.join('\n')).toContain(`填入 ${dev.url}（需有插件管理权限）`);
    expect(output.lines.join('\n')).not.toContain('PLUGIN_DEV_ORIGINS');

    const stream = await events.response();
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['access-control-allow-origin']).toBe(portal.url);
    const { data } = await events.next('build');
    expect(data.build).toBe(1);

    const answer = await request(dev.url, '/manifest.json', { headers: { Origin: portal.url } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(portal.url);
    expect(answer.headers.vary).toBe('Origin');
    const manifest = JSON.parse(answer.body.toString('utf8'));
    expect(manifest).toEqual(data.manifest);
    expect(manifest).toMatchObject({
      id: ID,
      version: '0.3.0',
      routes: [{ path: '/dev-fixture', public: true, title: '示例' }],
      components: ['LedgerPage', 'LedgerDetail'],
      dev: { build: 1 },
    });
    expect(new Date(manifest.dev.builtAt).toISOString()).toBe(manifest.dev.builtAt);
    // This run of the server, told apart from the next one (whose builds count from 1 again).
    expect(manifest.dev.session).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => checkManifest(manifest, ID)).not.toThrow();
    expect(manifest.entry).toMatch(new RegExp(`^${dev.url}/${ID}\\.[0-9a-f]{8}\\.js$`));
    expect(manifest.chunks).toHaveLength(1);
    expect(manifest.chunks[0].url).toMatch(new RegExp(`^${dev.url}/${ID}\\.detail\\.[0-9a-f]{8}\\.js$`));

    // Each file served is the one its integrity describes, with CORS for the portal.
    for (const [url, integrity] of [
      [manifest.entry, manifest.integrity],
      [manifest.chunks[0].url, manifest.chunks[0].integrity],
    ]) {
      const file = await request(dev.url, new URL(url).pathname, { headers: { Origin: portal.url } });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.headers['access-control-allow-origin']).toBe(portal.url);
      expect(sha384(file.body)).toBe(integrity);
      expect(file.body.toString('utf8').startsWith('System.register(')).toBe(true);
    }
    const map = await request(dev.url, `${new URL(manifest.entry).pathname}.map`);
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(
      JSON.parse(map.body.toString('utf8')).sources.some((/** @type {string} */ s) => s.endsWith('index.tsx')),
    ).toBe(true);
  });

  it('rebuilds when a source file changes: a new build event with the next number and a new entry', async () => {
    const before = /** @type {NonNullable<ReturnType<DevServer['current']>['good']>} */ (dev.current().good);
    /** @type {Promise<number>} */
    const took = new Promise((resolve) => {
      const off = dev.onEvent((event) => {
        off();
        resolve(event.ms);
      });
    });
    edit('src/index.tsx', () => indexSource('Ledger v2'));
    const { data } = await events.next('build');
    console.log(`cotton-plugin dev: the rebuild after one edit took ${await took} ms`);
    expect(data.build).toBe(before.build + 1);
    expect(data.manifest.dev.build).toBe(before.build + 1);
    expect(data.manifest.entry).not.toBe(before.manifest.entry);
    const served = JSON.parse((await request(dev.url, '/manifest.json')).body.toString('utf8'));
    expect(served).toEqual(data.manifest);
    const entry = await request(dev.url, new URL(served.entry).pathname);
    expect(entry.body.toString('utf8')).toContain('Ledger v2');
    expect(sha384(entry.body)).toBe(served.integrity);
    // The previous build's files are neither served nor left in .cotton-dev/.
    expect((await request(dev.url, new URL(before.manifest.entry).pathname)).status).toBe(404);
    expect(readFileSync(path.join(dev.outDir, path.posix.basename(served.entry)), 'utf8')).toContain('Ledger v2');
  });

  it('reports a syntax error as an error event, keeps serving the last good build, and builds again once fixed', async () => {
    const before = JSON.parse((await request(dev.url, '/manifest.json')).body.toString('utf8'));
    edit('src/index.tsx', (text) => text.replace('export default definePlugin({', 'export default definePlugin({{'));
    const { data } = await events.next('error');
    expect(data.message).toMatch(/index\.tsx/);
    expect(output.lines.some((line) => line.startsWith(`✖ ${ID} 构建失败`))).toBe(true);

    const still = await request(dev.url, '/manifest.json');
    expect(still.status).toBe(200);
    expect(JSON.parse(still.body.toString('utf8'))).toEqual(before);
    expect((await request(dev.url, new URL(before.entry).pathname)).status).toBe(200);

    // A client connecting now gets the served build, then the newest build's error.
    const late = sse(`${dev.url}/events`, portal.url);
    try {
      expect((await late.next('build')).data.build).toBe(before.dev.build);
      expect((await late.next('error')).data.message).toBe(data.message);
    } finally {
      late.close();
    }

    edit('src/index.tsx', (text) => text.replace('definePlugin({{', 'definePlugin({'));
    const fixed = await events.next('build');
    expect(fixed.data.build).toBe(before.dev.build + 1);
  });

  it('reports a definition that does not match plugin.json, and a bundled shared module, as errors', async () => {
    edit('plugin.json', () => JSON.stringify({ ...PLUGIN_JSON, components: [...PLUGIN_JSON.components, 'Missing'] }));
    const mismatch = await events.next('error');
    expect(mismatch.data.message).toContain('the definition in src/index.tsx does not match plugin.json');
    expect(mismatch.data.message).toContain("component Missing: in plugin.json, not in definePlugin's components");
    expect(JSON.parse((await request(dev.url, '/manifest.json')).body.toString('utf8')).components).toEqual(
      PLUGIN_JSON.components,
    );
    edit('plugin.json', () => JSON.stringify(PLUGIN_JSON));
    await events.next('build');

    edit(
      'src/detail.tsx',
      () => "import { renderToString } from 'react-dom/server';\nexport default renderToString;\n",
    );
    const bundled = await events.next('error');
    expect(bundled.data.message).toContain(`plugin ${ID} would bundle its own copy of react-dom`);
    edit('src/detail.tsx', () => 'export default function Detail() { return <p>详情</p>; }\n');
    await events.next('build');
  });

  it('serves only the files of the build: no path outside it, nothing else', async () => {
    for (const raw of ['/../package.json', '/package.json', '/%2e%2e/package.json', '/src/index.tsx', '/.cotton-dev']) {
      const answer = await request(dev.url, raw);
      expect([raw, answer.status]).toEqual([raw, 404]);
      expect(answer.headers['access-control-allow-origin']).toBe(portal.url);
    }
    const preflight = await request(dev.url, '/manifest.json', {
      method: 'OPTIONS',
      headers: {
        Origin: portal.url,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(portal.url);
    expect(preflight.headers['access-control-allow-private-network']).toBe('true');
    expect(preflight.headers.vary).toBe('Origin');
  });

  it('answers only requests that name this machine (no DNS rebinding)', async () => {
    const { port } = new URL(dev.url);
    for (const [host, status] of [
      [`evil.example.com:${port}`, 403],
      [`127.0.0.1.nip.io:${port}`, 403],
      [`localhost:${port}`, 200],
      [`127.0.0.1:${port}`, 200],
      [`[::1]:${port}`, 200],
    ]) {
      const answer = await request(dev.url, '/manifest.json', { headers: { Host: String(host) } });
      expect([host, answer.status]).toEqual([host, status]);
    }
  });
});

describe('cotton-plugin dev before a good build', () => {
  it('answers 503 with the error and sends it on /events; warns when PLUGIN_DEV_ORIGINS leaves the server out', async () => {
    const dir = fixture({ 'src/index.tsx': 'export default {;\n' });
    const portal = await fakePortal({ production: false, pluginDevOrigins: ['http://localhost:*'] });
    const { lines, log } = memoryLog();
    const dev = await startPluginDev(dir, { portal: portal.url, port: 0, log });
    cleanups.push(() => dev.close());
    const events = sse(`${dev.url}/events`, portal.url);
    cleanups.push(() => events.close());
    const { data } = await events.next('error');
    expect(data.message).toMatch(/index\.tsx/);
    const answer = await request(dev.url, '/manifest.json');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ error: data.message });
    expect(lines.find((line) => line.includes('PLUGIN_DEV_ORIGINS'))).toContain(new URL(dev.url).origin);
  }, 30_000);
});

describe('cotton-plugin dev refuses', () => {
  /**
   * Runs the command; resolves with its exit code and output.
   * @param {string[]} args
   * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
   */
  const command = (args) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (part) => (stdout += part));
      child.stderr.on('data', (part) => (stderr += part));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('a production portal', async () => {
    const portal = await fakePortal({ production: true });
    const dir = fixture();
    await expect(startPluginDev(dir, { portal: portal.url, port: 0, log: memoryLog().log })).rejects.toThrow(
      `${portal.url} 是生产环境，不支持开发模式`,
    );
    const { code, stderr } = await command(['dev', dir, '--portal', portal.url, '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toContain(`✖ cotton-plugin dev: ${portal.url} 是生产环境，不支持开发模式`);
  }, 30_000);

  it('without --portal, or with a portal that is not http(s)', async () => {
    const missing = await command(['dev', '--port', '0']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--portal <url> is required');
    const ftp = await command(['dev', '--portal', 'ftp://portal.example.com']);
    expect(ftp.code).toBe(1);
    expect(ftp.stderr).toContain('must be an http:// or https:// URL');
  }, 30_000);
});

describe('originMatches (PLUGIN_DEV_ORIGINS sources)', () => {
  it.each([
    ['http://127.0.0.1:5174', 'http://127.0.0.1:*', true],
    ['http://127.0.0.1:5174', 'http://localhost:*', false],
    ['http://localhost:5174', 'http://localhost:5174', true],
    ['http://localhost:5175', 'http://localhost:5174', false],
    ['http://localhost', 'http://localhost', true],
    ['http://localhost:8080', 'http://localhost', false],
    ['https://dev.acme.cn:8443', 'https://*.acme.cn:*', true],
    ['https://acme.cn:8443', 'https://*.acme.cn:*', false],
    ['http://10.0.0.5:5174', '*', true],
    ['http://10.0.0.5:5174', 'http:', true],
    ['http://10.0.0.5:5174', 'https:', false],
    ['https://127.0.0.1:5174', 'http://127.0.0.1:*', false],
    ['http://[::1]:5174', 'http://[::1]:*', true],
    ['http://127.0.0.1:5174', '127.0.0.1:*', true],
  ])('%s against %s: %s', (origin, source, expected) => {
    expect(originMatches(origin, source)).toBe(expected);
  });
});
