import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
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

function start(env: Record<string, string>): { child: ChildProcess; lines: Array<Record<string, unknown>>; listening: Promise<string>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: 'memory://', STATIC_ROOT: staticRoot, APP_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

describe('main', () => {
  it('migrates, seeds, listens, answers and stops cleanly on SIGTERM', async () => {
    const server = start({});
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
    expect(messages).toEqual(expect.arrayContaining(['数据库迁移完成', '数据库为空，已写入种子数据', '正在停止服务', '服务已停止']));
  });

  it('exits with an error for an invalid configuration', async () => {
    const server = start({ APP_ENV: 'nowhere' });
    await expect(server.listening).rejects.toThrow();
    expect(await server.exited).toBe(1);
  });
});
