import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sysTaskRuns, sysTasks } from '../src/db/schema/index';
import { nextRunTime } from '../src/jobs/cron';
import { SERVER_ROOT } from '../src/paths';
import { openTestDatabase } from './helpers';
// @ts-expect-error -- plain ESM build script without type declarations
import { buildServer } from '../build.mjs';

/**
 * DESIGN's promise for jobs, on PostgreSQL with real processes: a task every 2 s runs once
 * per slot across the cluster's 3 server processes, none doubled and none lost when one of
 * them is killed (SIGKILL) on the way. Counted from the run history, by slot.
 */

const outdir = join(SERVER_ROOT, 'node_modules', '.cache', 'jobs-cluster-test');
let scratch: string;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  scratch = await mkdtemp(join(tmpdir(), 'cotton-jobs-'));
  await buildServer({ outdir, logLevel: 'silent' });
});
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const SLOT_MS = 2000;
const SLOTS = 10;

describe.runIf(process.env.TEST_DATABASE_URL)('jobs across processes', { timeout: 180_000 }, () => {
  it('runs a 2-second task once per slot on 3 processes, through a SIGKILL of one', async () => {
    const fresh = await openTestDatabase();
    onTestFinished(() => fresh.close());
    const child = spawn(process.execPath, [join(outdir, 'main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: fresh.url!,
        SERVER_WORKERS: '3',
        STATIC_ROOT: scratch,
        FILES_DIR: join(scratch, 'files'),
        APP_ENV: 'test',
        LOG_FORMAT: 'json',
        JOB_TICK_MS: '250',
        // A killed process's run is taken over after this.
        JOB_LEASE_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    onTestFinished(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    const lines: Array<Record<string, unknown>> = [];
    createInterface({ input: child.stdout! }).on('line', (line) =>
      lines.push(JSON.parse(line) as Record<string, unknown>),
    );
    const listening = () =>
      new Set(lines.filter((line) => String(line.msg).startsWith('Server listening')).map((line) => Number(line.pid)));
    await expect.poll(() => listening().size, { timeout: 90_000, interval: 250 }).toBe(3);

    // Only this task is due (the seeded upkeep tasks wait); its first slot is the next even second.
    const db = fresh.db;
    await db.update(sysTasks).set({ status: '2', nextRunAt: null });
    const cron = '*/2 * * * * *';
    const first = nextRunTime(cron, new Date(Date.now() + 1000));
    const [task] = await db
      .insert(sysTasks)
      .values({ name: '每两秒清理', jobType: 'purge-login-records', cron, nextRunAt: first })
      .returning({ id: sysTasks.id });
    const end = new Date(first.getTime() + SLOTS * SLOT_MS);
    const runs = () =>
      db
        .select()
        .from(sysTaskRuns)
        .where(
          and(eq(sysTaskRuns.taskId, task.id), gte(sysTaskRuns.scheduledAt, first), lt(sysTaskRuns.scheduledAt, end)),
        )
        .orderBy(sysTaskRuns.scheduledAt);

    // A third of the way in, the process that ran the latest slot is killed.
    await expect
      .poll(async () => (await runs()).filter((run) => run.status === 'success').length, {
        timeout: 60_000,
        interval: 100,
      })
      .toBeGreaterThanOrEqual(3);
    const latest = (await runs()).filter((run) => run.worker !== null).at(-1)!;
    const victim = Number(latest.worker!.split(':').at(-2));
    expect(listening()).toContain(victim);
    process.kill(victim, 'SIGKILL');

    // Every slot of the window finished: none lost.
    await expect
      .poll(async () => (await runs()).filter((run) => run.status === 'success').length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(SLOTS);
    const history = await runs();
    expect(history.map((run) => run.scheduledAt.getTime() - first.getTime())).toEqual(
      Array.from({ length: SLOTS }, (_, i) => i * SLOT_MS),
    );
    expect(history.every((run) => run.trigger === 'cron' && run.status === 'success')).toBe(true);
    // None doubled: one row per slot (the slot index would refuse a second), each run once
    // unless its process died under it.
    expect(history.filter((run) => run.attempts !== 1).every((run) => run.attempts === 2)).toBe(true);
    const workers = new Set(history.map((run) => run.worker));
    expect(workers.size).toBeGreaterThanOrEqual(2);
    for (const worker of workers) expect(worker).toMatch(new RegExp(`^${hostname()}:\\d+:[0-9a-f]{8}$`));
    // After the kill the others carried on.
    const afterKill = history.filter((run) => run.scheduledAt > latest.scheduledAt);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.filter((run) => run.worker === latest.worker && run.attempts === 1)).toEqual([]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
