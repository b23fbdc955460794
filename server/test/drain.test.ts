import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
import { openSeededTestDatabase, writeSeededPgliteFolder } from './helpers';
// @ts-expect-error -- plain ESM build script without type declarations
import { buildServer } from '../build.mjs';

// The drain on SIGTERM (docs/deployment.md "Draining"), for real: the built server as a child
// process, a request held in flight by its client (the body comes slowly — a request any
// visitor on a slow line makes, no test hook in the server), SIGTERM, then: /readyz 503, the
// port closed to new connections, the request in flight answered, the process gone with 0.

const outdir = join(SERVER_ROOT, 'node_modules', '.cache', 'drain-test');
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cotton-drain-'));
  await buildServer({ outdir, logLevel: 'silent' });
});
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  listening: Promise<number>;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      STATIC_ROOT: folder,
      APP_ENV: 'test',
      LOG_FORMAT: 'json',
      JOB_TICK_MS: '0',
      METRICS_ALLOW: '127.0.0.1/32',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines: Array<Record<string, unknown>> = [];
  const listening = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push(entry);
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(String(entry.msg));
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('exited before listening')));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, listening, exited };
}

/** GET on a connection of its own, closed after: what a load balancer's check does. */
async function getOnce(port: number, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } });
  return { status: response.status, text: await response.text() };
}

/** Whether a new TCP connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const SEARCH = JSON.stringify({ searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } });

/** A search whose body is sent in two halves: in flight until `finish()`. */
function slowSearch(port: number): { request: ClientRequest; answer: Promise<IncomingMessage & { body: string }> } {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/rest/anon/queryWhsPage',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(SEARCH) },
  });
  const answer = new Promise<IncomingMessage & { body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.once('end', () => resolve(Object.assign(response, { body })));
    });
    request.once('error', reject);
  });
  request.write(SEARCH.slice(0, 10));
  return { request, answer };
}

async function drainsWhileARequestIsInFlight(server: Started) {
  const port = await server.listening;
  await expect.poll(async () => (await getOnce(port, '/readyz')).status, { timeout: 60_000 }).toBe(200);
  const slow = slowSearch(port);
  // The slow request's first bytes went out before this check's: by the time the server has
  // answered it, it has read them (and the drain waits SHUTDOWN_DELAY_MS besides).
  await expect.poll(async () => (await getOnce(port, '/healthz')).status).toBe(200);

  server.child.kill('SIGTERM');
  await expect
    .poll(async () => (await getOnce(port, '/readyz').catch(() => ({ status: 0, text: '' }))).status)
    .toBe(503);
  const answer = await getOnce(port, '/readyz');
  expect(JSON.parse(answer.text)).toMatchObject({ status: 'not-ready', failing: expect.arrayContaining(['draining']) });
  // After SHUTDOWN_DELAY_MS the port takes no new connection, while the search is still in flight.
  await expect.poll(() => refused(port), { timeout: 30_000 }).toBe(true);
  expect(server.child.exitCode).toBeNull();

  slow.request.end(SEARCH.slice(10));
  const response = await slow.answer;
  expect(response.statusCode).toBe(200);
  expect(response.headers.connection).toBe('close');
  expect(JSON.parse(response.body)).toMatchObject({ rtnCode: '0000' });
  expect(await server.exited).toBe(0);
  const messages = server.lines.map((line) => line.msg);
  expect(messages).toEqual(expect.arrayContaining(['停止接受新连接，等待进行中的请求完成', '服务已停止']));
  expect(messages).not.toContain('停止宽限期已到，断开仍未完成的请求');
}

const embeddedOnly = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));

describe('draining on SIGTERM', { timeout: 180_000 }, () => {
  embeddedOnly('turns /readyz 503, closes the port, finishes the request in flight, exits 0', async () => {
    const dataDir = join(folder, 'pglite');
    await writeSeededPgliteFolder(dataDir);
    await drainsWhileARequestIsInFlight(start({ DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '1500' }));
  });

  embeddedOnly('cuts a request still in flight after SHUTDOWN_GRACE_MS, and still exits 0', async () => {
    const dataDir = join(folder, 'pglite-grace');
    await writeSeededPgliteFolder(dataDir);
    const server = start({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '300' });
    const port = await server.listening;
    const slow = slowSearch(port);
    await expect.poll(async () => (await getOnce(port, '/healthz')).status).toBe(200);
    server.child.kill('SIGTERM');
    await expect(slow.answer).rejects.toThrow();
    expect(await server.exited).toBe(0);
    expect(server.lines.map((line) => line.msg)).toContain('停止宽限期已到，断开仍未完成的请求');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL with SERVER_WORKERS=2: the primary passes SIGTERM on, every worker drains, /metrics sums them',
    async () => {
      const seeded = await openSeededTestDatabase();
      onTestFinished(() => seeded.close());
      const server = start({ DATABASE_URL: seeded.url!, SERVER_WORKERS: '2', SHUTDOWN_DELAY_MS: '1500' });
      const port = await server.listening;
      const workers = () =>
        new Set(server.lines.filter((line) => String(line.msg).startsWith('Server listening')).map((line) => line.pid));
      await expect.poll(() => workers().size, { timeout: 60_000 }).toBe(2);
      await expect.poll(async () => (await getOnce(port, '/readyz')).status, { timeout: 60_000 }).toBe(200);

      // Each check on a connection of its own: the primary hands them to the workers in turn,
      // and every scrape, whichever worker answers it, counts all of them.
      const counted = async () => {
        const text = (await getOnce(port, '/metrics')).text;
        const line = text
          .split('\n')
          .find((entry) => entry.startsWith('cotton_http_requests_total{') && entry.includes('route="/healthz"'));
        return Number(line?.split(' ').pop() ?? 0);
      };
      const base = await counted();
      for (let i = 0; i < 6; i++) expect((await getOnce(port, '/healthz')).status).toBe(200);
      for (let i = 0; i < 4; i++) expect(await counted()).toBe(base + 6);

      await drainsWhileARequestIsInFlight(server);
      const stopped = server.lines.filter((line) => line.msg === '服务已停止').map((line) => line.pid);
      expect(new Set(stopped)).toEqual(new Set([server.child.pid, ...workers()]));
    },
  );
});
