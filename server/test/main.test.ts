import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
import { ADMIN, formLogin } from './auth-helpers';
import { clientOf, openSeededTestDatabase, openTestDatabase, writeSeededPgliteFolder } from './helpers';
// @ts-expect-error -- plain ESM build script without type declarations
import { buildServer } from '../build.mjs';

// The entry point as the build makes it, in a folder under server/ so that it finds
// server/package.json and server/drizzle as dist/main.js does.
const outdir = join(SERVER_ROOT, 'node_modules', '.cache', 'main-test');
let staticRoot: string;

beforeAll(async () => {
  staticRoot = await mkdtemp(join(tmpdir(), 'cotton-main-'));
  await buildServer({ outdir, logLevel: 'silent' });
});
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
  await rm(staticRoot, { recursive: true, force: true });
});

function start(env: Record<string, string>): {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  listening: Promise<string>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: 'memory://',
      STATIC_ROOT: staticRoot,
      APP_ENV: 'test',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that fails before it stops its server does not leave it running.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines: Array<Record<string, unknown>> = [];
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push(entry);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg));
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('exited before listening')));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, listening, exited };
}

/** Runs the built `npm run demo-accounts:disable` with `env`; answers its exit code and what it printed. */
function disableDemoAccounts(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(outdir, 'demo-accounts.js')], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/**
 * A database a demo start left (the demo accounts with their README passwords) started with
 * `env` (production): the start stops, naming the accounts and the command; the command
 * freezes them with random passwords; then the server starts, and the demo password is refused.
 */
async function refusedUntilDemoAccountsDisabled(env: Record<string, string>) {
  const refused = start(env);
  let stderr = '';
  refused.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await expect(refused.listening).rejects.toThrow();
  expect(await refused.exited).toBe(1);
  // A lone process logs it (启动失败); a cluster's primary, which prepares the database, prints it.
  const said = JSON.stringify(refused.lines) + stderr;
  expect(said).toContain('生产环境（APP_ENV=production）不能在演示账号可以登录时启动');
  for (const account of ['CNCE / admin', 'CNCE / reviewer', 'CNCE / editor']) expect(said).toContain(account);
  expect(said).toContain('npm run demo-accounts:disable');

  const command = await disableDemoAccounts(env);
  expect(command).toMatchObject({ code: 0 });
  expect(command.output).toContain('CNCE / reviewer、CNCE / editor');
  // 系统管理员 is not frozen (nobody below could unfreeze it): a new initial password, printed once.
  expect(command.output).toMatch(
    /系统管理员 CNCE \/ admin 未冻结，已换成新的初始密码：\S+（只显示这一次，首次登录须修改）/,
  );

  const server = start(env);
  const baseUrl = await server.listening;
  const login = await formLogin(clientOf(baseUrl), ADMIN);
  expect(login.body).toMatchObject({ rtnCode: '1001', rtnMessage: '业务代码、用户名或密码错误' });
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect((await disableDemoAccounts(env)).output).toContain('没有仍使用演示密码的演示账号');
}

// Each test starts the built server in a process of its own. The first initialises an empty
// database, migrates and seeds it: 10–15 s on an idle 2-core machine, more while other test
// files run beside it.
// These processes run on the embedded database (`DATA_DIR=memory://`) whatever the pass: in CI's
// PostgreSQL pass they would repeat `npm test`'s runs exactly, so there only the one test that
// starts them on PostgreSQL runs.
const embeddedOnly = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));

describe('main', { timeout: 120_000 }, () => {
  embeddedOnly('migrates, seeds, listens, answers and stops cleanly on SIGTERM', async () => {
    // A grace far beyond the test's time: the keep-alive connection fetch leaves open after the
    // search is idle, and must be closed at once on SIGTERM, not waited for.
    const server = start({ SHUTDOWN_GRACE_MS: '600000' });
    const baseUrl = await server.listening;
    const response = await fetch(`${baseUrl}/rest/anon/queryWhsPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } }),
    });
    const envelope = (await response.json()) as { rtnCode: string; dataSet: { pagination: { totalCount: number } } };
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.pagination.totalCount).toBe(60);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const messages = server.lines.map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining(['数据库迁移完成', '数据库为空，已写入演示数据', '正在停止服务', '服务已停止']),
    );
    expect(messages).not.toContain('停止宽限期已到，断开仍未完成的请求');
    // Ends its start-up saying where to go, on the port it really got.
    expect(messages).toContain(
      `门户已启动，请打开 ${baseUrl.replace('127.0.0.1', 'localhost')}；演示账号见 README.md 开头的账号表（如 CNCE / admin / Admin@2026）`,
    );
  });

  embeddedOnly('writes readable lines outside production by default, requests only at debug level', async () => {
    // On a copy of the seeded test database: this test is about the log, not the first start.
    const dataDir = join(staticRoot, 'pglite');
    await writeSeededPgliteFolder(dataDir);
    const child = spawn(process.execPath, [join(outdir, 'main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        STATIC_ROOT: staticRoot,
        APP_ENV: 'demo',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const ready = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        const match = /门户已启动，请打开 (http:\/\/localhost:\d+)/.exec(line);
        if (match) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`exited before it was ready:\n${lines.join('\n')}`)));
    });
    const url = await ready;
    await fetch(`${url}/rest/anon/portalConfig`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
    expect(lines.join('\n')).toMatch(/\d\d:\d\d:\d\d.*INFO.*数据库迁移完成/);
    expect(lines.join('\n')).not.toContain('/rest/anon/portalConfig');
  });

  embeddedOnly(
    'does not put the demo data (and its published passwords) into an empty production database',
    async () => {
      const server = start({ APP_ENV: 'production' });
      await expect(server.listening).rejects.toThrow();
      expect(await server.exited).toBe(1);
      const fatal = server.lines.find((line) => line.msg === '启动失败');
      expect(JSON.stringify(fatal)).toContain('生产环境（APP_ENV=production）不会写入演示数据');
      expect(server.lines.map((line) => line.msg)).not.toContain('数据库为空，已写入演示数据');
    },
  );

  embeddedOnly(
    'refuses production while demo accounts have their published passwords, until demo-accounts:disable',
    async () => {
      const dataDir = join(staticRoot, 'pglite-demo-accounts');
      await writeSeededPgliteFolder(dataDir);
      await refusedUntilDemoAccountsDisabled({ APP_ENV: 'production', DATA_DIR: dataDir });
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL refuses production with demo accounts in the primary, until demo-accounts:disable',
    async () => {
      const seeded = await openSeededTestDatabase();
      onTestFinished(() => seeded.close());
      await refusedUntilDemoAccountsDisabled({ APP_ENV: 'production', DATABASE_URL: seeded.url!, SERVER_WORKERS: '2' });
    },
    180_000,
  );

  embeddedOnly('refuses several server processes on the embedded database, with the reason', async () => {
    const server = start({ SERVER_WORKERS: '2' });
    let stderr = '';
    server.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await expect(server.listening).rejects.toThrow();
    expect(await server.exited).toBe(1);
    expect(stderr).toContain('SERVER_WORKERS=2 需要 PostgreSQL（DATABASE_URL）');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL runs SERVER_WORKERS processes that share the port, and stops them all on SIGTERM',
    async () => {
      const fresh = await openTestDatabase(); // empty, of this test's own: the primary migrates and seeds
      onTestFinished(() => fresh.close());
      const server = start({ DATABASE_URL: fresh.url!, SERVER_WORKERS: '2' });
      const baseUrl = await server.listening;
      const listeners = () =>
        new Set(server.lines.filter((line) => String(line.msg).startsWith('Server listening')).map((line) => line.pid));
      await expect.poll(listeners, { timeout: 30_000 }).toHaveProperty('size', 2);
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${baseUrl}/rest/esQuery/esqueryWareHouseData/1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ stgWareHouseQueryParameters: {}, pageParameter: { pageNum: 1, pageSize: 1 } }),
        });
        expect(((await response.json()) as { rtnCode: string }).rtnCode).toBe('0000');
      }
      const primary = server.child.pid;
      expect(server.lines.filter((line) => line.msg === '数据库迁移完成').map((line) => line.pid)).toEqual([primary]);

      // A worker that dies is replaced by a new one on the same port.
      const [victim] = [...listeners()] as number[];
      process.kill(victim, 'SIGKILL');
      await expect
        .poll(
          () => server.lines.some((line) => line.msg === '服务进程意外退出，重新启动一个' && line.pid === primary),
          { timeout: 30_000 },
        )
        .toBe(true);
      // The new worker prepares its caches before it listens: beside CI's end-to-end step, over 30 s.
      await expect.poll(() => listeners().size, { timeout: 120_000 }).toBe(3);
      const response = await fetch(`${baseUrl}/rest/anon/portalConfig`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(((await response.json()) as { rtnCode: string }).rtnCode).toBe('0000');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const stopped = server.lines.filter((line) => line.msg === '服务已停止').map((line) => line.pid);
      expect(new Set(stopped)).toEqual(new Set([primary, ...[...listeners()].filter((pid) => pid !== victim)]));
    },
    300_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL lets two nodes started together on an empty database prepare it in turn',
    async () => {
      const fresh = await openTestDatabase();
      onTestFinished(() => fresh.close());
      // Two nodes as two machines would run them: each alone, each preparing (docs/deployment.md).
      const nodes = [0, 1].map(() => start({ DATABASE_URL: fresh.url!, SERVER_WORKERS: '1' }));
      const urls = await Promise.all(nodes.map((node) => node.listening));
      for (const url of urls) {
        const response = await fetch(`${url}/rest/anon/queryWhsPage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ searchParam: {}, pageParameter: { pageNum: 1, pageSize: 10 } }),
        });
        const envelope = (await response.json()) as { dataSet: { pagination: { totalCount: number } } };
        expect(envelope.dataSet.pagination.totalCount).toBe(60);
      }
      const said = (message: string) =>
        nodes.flatMap((node) => node.lines).filter((line) => line.msg === message).length;
      expect(said('数据库为空，已写入演示数据')).toBe(1);
      expect(said('数据库迁移完成')).toBe(2);
      for (const node of nodes) node.child.kill('SIGTERM');
      expect(await Promise.all(nodes.map((node) => node.exited))).toEqual([0, 0]);
    },
    120_000,
  );

  embeddedOnly('exits with an error for an invalid configuration', async () => {
    const server = start({ APP_ENV: 'nowhere' });
    await expect(server.listening).rejects.toThrow();
    expect(await server.exited).toBe(1);
  });
});
