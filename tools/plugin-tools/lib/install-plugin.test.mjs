import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_PATH, TOKEN_VARIABLE, installArchive } from './install-plugin.mjs';

const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'cotton-plugin.mjs');
const TOKEN = 'admin-token';

/**
 * A portal's install call as the server answers it: HTTP 200 and an envelope — `0000` with the
 * plugin, or a refusal (`400` for an archive it rejects, `401` without the token).
 * @type {Array<{ token: string | undefined, body: string }>}
 */
const received = [];
const portal = http.createServer((request, response) => {
  const chunks = /** @type {Buffer[]} */ ([]);
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('latin1');
    const token = /** @type {string | undefined} */ (request.headers['x-access-token']);
    received.push({ token, body });
    const answer = (/** @type {object} */ envelope) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(envelope));
    };
    if (request.url !== INSTALL_PATH) return answer({ rtnCode: '404', rtnMessage: '接口不存在' });
    if (token !== TOKEN) return answer({ rtnCode: '401', rtnMessage: '登录已过期，请重新登录' });
    if (body.includes('filename="partner-report-1.0.0.tgz"'))
      return answer({ rtnCode: '400', rtnMessage: '插件「partner-report」的 1.0.0 版已安装' });
    answer({
      rtnCode: '0000',
      rtnMessage: '安装成功',
      dataSet: { id: 'partner-report', version: '1.1.0', active: body.includes('name="activate"'), enabled: true },
    });
  });
});
let base = '';
const dir = mkdtempSync(path.join(tmpdir(), 'cotton-install-'));
const archive = (/** @type {string} */ name) => {
  const file = path.join(dir, name);
  writeFileSync(file, 'archive bytes');
  return file;
};

beforeAll(async () => {
  await new Promise((resolve) => portal.listen(0, '127.0.0.1', () => resolve(undefined)));
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (portal.address()).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => portal.close(() => resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

/** `cotton-plugin …` with the token in the environment; its exit code and output (a Node start each: slow on a busy machine). */
/**
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function cli(args, token = TOKEN) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, [TOKEN_VARIABLE]: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('cotton-plugin install', () => {
  it('sends the archive with the token (and activate when asked) and reports what was installed', async () => {
    const outcome = await installArchive(archive('partner-report-1.1.0.tgz'), {
      portal: base,
      token: TOKEN,
      activate: true,
    });
    expect(outcome).toEqual({
      ok: true,
      installed: { id: 'partner-report', version: '1.1.0', active: true, enabled: true },
    });
    const last = received.at(-1);
    expect(last?.token).toBe(TOKEN);
    expect(last?.body).toContain('name="file"; filename="partner-report-1.1.0.tgz"');
    expect(last?.body).toContain('archive bytes');
  });

  it('exits 1 with the portal’s message when it refuses (an HTTP 200 that curl would take for success)', async () => {
    const refused = await cli(['install', archive('partner-report-1.0.0.tgz'), '--portal', base]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('the portal refused the install (400): 插件「partner-report」的 1.0.0 版已安装');

    const wrongToken = await cli(['install', archive('partner-report-1.1.0.tgz'), '--portal', base], 'stale');
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.output).toContain('(401): 登录已过期，请重新登录');

    const installed = await cli(['install', archive('partner-report-1.1.0.tgz'), `--portal=${base}`, '--activate']);
    expect(installed.code).toBe(0);
    expect(installed.output).toContain('✔ partner-report 1.1.0 installed, active');
  }, 60_000);

  it('refuses before sending: no token, no archive, no portal, a site that is no portal', async () => {
    expect(await installArchive(archive('a.tgz'), { portal: base, token: '' })).toEqual({
      ok: false,
      message: expect.stringContaining(`set ${TOKEN_VARIABLE}`),
    });
    expect(await installArchive(path.join(dir, 'missing.tgz'), { portal: base, token: TOKEN })).toMatchObject({
      ok: false,
      message: expect.stringContaining('cannot read the archive'),
    });
    const noPortal = await cli(['install', archive('a.tgz')]);
    expect(noPortal.code).toBe(1);
    expect(noPortal.output).toContain('--portal <url> is required');
    const elsewhere = await installArchive(archive('a.tgz'), {
      portal: base,
      token: TOKEN,
      fetchImpl: async () => new Response('<html>not here</html>', { status: 404 }),
    });
    expect(elsewhere).toEqual({ ok: false, message: expect.stringContaining('is http://127.0.0.1') });
  }, 60_000);
});
