import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gte, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase, Tx } from '../db/client';
import { sysTaskRuns, sysTasks } from '../db/schema/index';
import { checkCron, nextRunTime } from './cron';
import { findJobType, type JobType } from './job-type';
import { checkParams } from './params';

/**
 * Slots missed by more than this (every process was down) are not all made up: the last one
 * missed runs once, then the schedule carries on from now.
 */
export const MISFIRE_GRACE_MS = 60_000;
/** A run taken over this many times (its process died each time) is given up, not retried forever. */
export const MAX_ATTEMPTS = 3;
/** Runs one process works on at once (a long nightly job does not hold up a frequent one). */
export const CONCURRENT_RUNS = 2;

export const RUN_MESSAGES = {
  unknownType: (name: string) => `任务类型「${name}」已不存在（代码中已移除），未执行`,
  badCron: '任务的 Cron 表达式无效，已暂停该任务',
  abandoned: `执行任务的服务进程 ${MAX_ATTEMPTS} 次中断，已放弃本次执行`,
  badParams: (message: string) => `任务参数无效：${message}`,
  paused: '任务已暂停，本次定时执行已跳过',
} as const;

/** A run that ended failed, as handed to {@link JobSchedulerOptions.onRunFailed} once it is recorded. */
export interface RunFailure {
  db: AppDatabase;
  /** The engine's job types (to name the task's). */
  types: readonly JobType[];
  taskId: number;
  runId: number;
  /** 'cron' (on schedule) or 'manual' (立即执行). */
  trigger: string;
  scheduledAt: Date;
  finishedAt: Date;
  error: string;
}

export interface JobSchedulerOptions {
  db: AppDatabase;
  config: Config;
  log: FastifyBaseLogger;
  types: readonly JobType[];
  /** How often to look for due work (ms); `config.jobTickMs` by default. */
  tickMs?: number;
  /** How long a claim on a run lasts unless renewed (ms); `config.jobLeaseMs` by default. */
  leaseMs?: number;
  /** This process's name in the run history; `host:pid:<random>` by default (a pid is reused in containers). */
  worker?: string;
  /** A clock of the test's own (tests move it); the database's (`now()`) by default. */
  now?: () => Date;
  /**
   * Told of each run that failed once its failure is recorded (the administrators' notice,
   * handed in by main.ts: the engine imports no feature module). Its own failure is logged only.
   */
  onRunFailed?: (failure: RunFailure) => Promise<void>;
  /** Told of each run this process finished, by job type (`unknown` for a type the code no longer has): the operator's counts. */
  onRunEnded?: (run: { jobType: string; status: 'success' | 'failed'; durationMs: number }) => void;
}

interface ClaimedRun {
  id: number;
  taskId: number;
  trigger: string;
  scheduledAt: Date;
  attempts: number;
  startedAt: Date | null;
}

/**
 * The job engine of one server process (docs/architecture.md "Jobs"). Each tick it
 *  1. hands out due cron slots: per task, under the task row's lock (`FOR UPDATE SKIP
 *     LOCKED`: one process at a time), it inserts a queued run per due slot — unique on
 *     (task, slot), so a slot can never get two runs — and advances `next_run_at`, in one
 *     transaction;
 *  2. takes queued runs, and runs whose lease ran out (their process died), with `FOR UPDATE
 *     SKIP LOCKED`, and works on them, renewing the lease while it does — under the task row's
 *     lock, and only while no other run of the task is running with a live lease (one run of a
 *     task at a time across processes, in the order they were scheduled); a paused task's
 *     queued cron runs are skipped.
 * Every process does the same against one database; the database decides who gets what.
 */
export class JobScheduler {
  private readonly db: AppDatabase;
  private readonly config: Config;
  private readonly log: FastifyBaseLogger;
  private readonly types: readonly JobType[];
  private readonly tickMs: number;
  private readonly leaseMs: number;
  private readonly worker: string;
  private readonly testClock: (() => Date) | undefined;
  private readonly onRunFailed: JobSchedulerOptions['onRunFailed'];
  private readonly onRunEnded: JobSchedulerOptions['onRunEnded'];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking: Promise<void> | undefined;
  private readonly running = new Set<Promise<void>>();
  private readonly heartbeats = new Set<ReturnType<typeof setInterval>>();
  private stopped = false;

  constructor(options: JobSchedulerOptions) {
    this.db = options.db;
    this.config = options.config;
    this.log = options.log;
    this.types = options.types;
    this.tickMs = options.tickMs ?? options.config.jobTickMs;
    this.leaseMs = options.leaseMs ?? options.config.jobLeaseMs;
    this.worker = (options.worker ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`).slice(0, 128);
    this.testClock = options.now;
    this.onRunFailed = options.onRunFailed;
    this.onRunEnded = options.onRunEnded;
  }

  /** Ticks every `tickMs` until {@link stop}. */
  start(): void {
    if (this.tickMs <= 0 || this.stopped) return;
    const loop = () => {
      this.ticking = this.tick()
        .catch((error: unknown) => this.log.warn({ err: error }, '定时任务调度出错'))
        .finally(() => {
          this.ticking = undefined;
          if (!this.stopped) {
            this.timer = setTimeout(loop, this.tickMs);
            this.timer.unref();
          }
        });
    };
    this.timer = setTimeout(loop, 0);
    this.timer.unref();
  }

  /**
   * No new work is taken; answers when the runs under way have finished, or after one lease at
   * most: a run still going then is left to its lease running out (another process takes it over).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), this.leaseMs);
      timer.unref();
    });
    const finished = Promise.allSettled([...this.running]).then(() => false);
    const timedOut = await Promise.race([finished, gaveUp]);
    clearTimeout(timer);
    if (!timedOut) return;
    for (const heartbeat of this.heartbeats) clearInterval(heartbeat);
    this.heartbeats.clear();
    this.log.warn({ runs: this.running.size, worker: this.worker }, '停止时仍有定时任务在执行，已不再等待');
  }

  /** One round: hand out the due slots, then take what there is to run (without waiting for it). */
  async tick(): Promise<void> {
    await this.scheduleDue();
    while (!this.stopped && this.running.size < CONCURRENT_RUNS) {
      const run = await this.claim();
      if (run === 'skipped') continue;
      if (!run) break;
      const work = this.execute(run).finally(() => this.running.delete(work));
      this.running.add(work);
    }
  }

  /** Waits for the runs this process has under way (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /**
   * The database's time: every process compares due slots and leases with one clock, however
   * far apart the machines' clocks are.
   */
  private async now(): Promise<Date> {
    if (this.testClock) return this.testClock();
    const result: unknown = await this.db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
    const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ ms: number }>;
    return new Date(Number(row.ms));
  }

  /** A lease from now on: `now() + lease` in the database (or on the test's clock). */
  private leaseUntil(): Date | SQL {
    if (this.testClock) return new Date(this.testClock().getTime() + this.leaseMs);
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
  }

  private async scheduleDue(): Promise<void> {
    const now = await this.now();
    const due = await this.db
      .select({ id: sysTasks.id })
      .from(sysTasks)
      .where(and(eq(sysTasks.status, '1'), lte(sysTasks.nextRunAt, now)));
    for (const { id } of due) {
      if (this.stopped) return;
      await this.db.transaction((tx) => this.scheduleTask(tx, id, now));
    }
  }

  private async scheduleTask(tx: Tx, id: number, now: Date): Promise<void> {
    const [task] = await tx
      .select({ cron: sysTasks.cron, nextRunAt: sysTasks.nextRunAt })
      .from(sysTasks)
      .where(and(eq(sysTasks.id, id), eq(sysTasks.status, '1'), lte(sysTasks.nextRunAt, now)))
      .for('update', { skipLocked: true });
    // Paused, handed out by another process meanwhile, or being handed out by one now.
    if (!task?.nextRunAt) return;
    const checked = checkCron(task.cron);
    const slots: Date[] = [];
    let next: Date;
    try {
      if (!checked.ok) throw new Error(checked.message);
      next = this.dueSlots(checked.cron, task.nextRunAt, now, slots);
    } catch (error) {
      // A schedule that cannot be followed (edited in the database by hand): paused, not retried every tick.
      await tx.update(sysTasks).set({ nextRunAt: null, status: '2' }).where(eq(sysTasks.id, id));
      this.log.warn({ taskId: id, err: error }, RUN_MESSAGES.badCron);
      return;
    }
    if (slots.length > 0) {
      await tx
        .insert(sysTaskRuns)
        .values(slots.map((scheduledAt) => ({ taskId: id, trigger: 'cron', scheduledAt })))
        .onConflictDoNothing();
    }
    await tx.update(sysTasks).set({ nextRunAt: next }).where(eq(sysTasks.id, id));
  }

  /** Pushes the due slots of a schedule onto `slots`; answers the first one after `now`. */
  private dueSlots(cron: string, nextRunAt: Date, now: Date, slots: Date[]): Date {
    let slot = nextRunAt;
    const horizon = now.getTime() - MISFIRE_GRACE_MS;
    if (slot.getTime() < horizon) {
      slots.push(slot);
      // The grace window's slots from its first moment on (nextRunTime is exclusive).
      slot = nextRunTime(cron, new Date(horizon - 1));
    }
    for (; slot.getTime() <= now.getTime(); slot = nextRunTime(cron, slot)) slots.push(slot);
    return slot;
  }

  /**
   * Takes the oldest run that is queued or whose process's lease ran out, of a task with no
   * other run running under a live lease; `'skipped'` when it was a paused task's cron run
   * (recorded as such), nothing when there is none or its task is being claimed elsewhere.
   */
  private async claim(): Promise<ClaimedRun | 'skipped' | undefined> {
    const now = await this.now();
    return this.db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: sysTaskRuns.id, taskId: sysTaskRuns.taskId, trigger: sysTaskRuns.trigger })
        .from(sysTaskRuns)
        .where(
          and(
            or(
              eq(sysTaskRuns.status, 'queued'),
              and(eq(sysTaskRuns.status, 'running'), lt(sysTaskRuns.leaseUntil, now)),
            ),
            lte(sysTaskRuns.scheduledAt, now),
            // Qualified by hand: inside the template Drizzle writes the column without its table.
            sql`not exists (select 1 from ${sysTaskRuns} as other
              where other.task_id = ${sysTaskRuns}.${sql.identifier('task_id')}
                and other.id <> ${sysTaskRuns}.${sql.identifier('id')}
                and other.status = 'running' and other.lease_until >= ${now})`,
            // A task's runs start in their order: while an older one is queued (and perhaps
            // being claimed by another process), a later one waits for it.
            sql`not exists (select 1 from ${sysTaskRuns} as older
              where older.task_id = ${sysTaskRuns}.${sql.identifier('task_id')}
                and older.status = 'queued'
                and (older.scheduled_at, older.id) < (${sysTaskRuns}.${sql.identifier('scheduled_at')}, ${sysTaskRuns}.${sql.identifier('id')}))`,
          ),
        )
        .orderBy(sysTaskRuns.scheduledAt, sysTaskRuns.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return undefined;
      // The task row's lock orders the claims of one task: a claim made meanwhile is seen below.
      const [task] = await tx
        .select({ status: sysTasks.status })
        .from(sysTasks)
        .where(eq(sysTasks.id, candidate.taskId))
        .for('update', { skipLocked: true });
      if (!task) return undefined;
      const [busy] = await tx
        .select({ id: sysTaskRuns.id })
        .from(sysTaskRuns)
        .where(
          and(
            eq(sysTaskRuns.taskId, candidate.taskId),
            ne(sysTaskRuns.id, candidate.id),
            eq(sysTaskRuns.status, 'running'),
            gte(sysTaskRuns.leaseUntil, now),
          ),
        )
        .limit(1);
      if (busy) return undefined;
      // Paused after the slot was handed out: the schedule's run is not due any more; 立即执行 still runs.
      if (candidate.trigger === 'cron' && task.status !== '1') {
        await tx
          .update(sysTaskRuns)
          .set({ status: 'failed', error: RUN_MESSAGES.paused, finishedAt: now, durationMs: 0, leaseUntil: null })
          .where(eq(sysTaskRuns.id, candidate.id));
        return 'skipped';
      }
      const [run] = await tx
        .update(sysTaskRuns)
        .set({
          status: 'running',
          attempts: sql`${sysTaskRuns.attempts} + 1`,
          worker: this.worker,
          leaseUntil: this.leaseUntil(),
          startedAt: now,
          finishedAt: null,
          durationMs: null,
        })
        .where(eq(sysTaskRuns.id, candidate.id))
        .returning({
          id: sysTaskRuns.id,
          taskId: sysTaskRuns.taskId,
          trigger: sysTaskRuns.trigger,
          scheduledAt: sysTaskRuns.scheduledAt,
          attempts: sysTaskRuns.attempts,
          startedAt: sysTaskRuns.startedAt,
        });
      return run;
    });
  }

  private async execute(run: ClaimedRun): Promise<void> {
    const startedAt = run.startedAt ?? (await this.now());
    // The duration by this process's monotonic clock; the end stamped on the start's clock.
    const began = performance.now();
    const heartbeat = setInterval(
      () => {
        this.db
          .update(sysTaskRuns)
          .set({ leaseUntil: this.leaseUntil() })
          .where(
            and(eq(sysTaskRuns.id, run.id), eq(sysTaskRuns.worker, this.worker), eq(sysTaskRuns.status, 'running')),
          )
          .catch((error: unknown) => this.log.warn({ err: error, runId: run.id }, '续期定时任务执行失败'));
      },
      Math.max(200, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    this.heartbeats.add(heartbeat);
    let outcome: { status: 'success'; result: string } | { status: 'failed'; error: string };
    const worked: { jobType?: string } = {};
    try {
      outcome = { status: 'success', result: await this.work(run, worked) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { status: 'failed', error: message || '执行失败' };
      this.log.warn({ err: error, taskId: run.taskId, runId: run.id }, '定时任务执行失败');
    } finally {
      clearInterval(heartbeat);
      this.heartbeats.delete(heartbeat);
    }
    const durationMs = Math.max(0, Math.round(performance.now() - began));
    const finishedAt = new Date(startedAt.getTime() + durationMs);
    this.onRunEnded?.({ jobType: worked.jobType ?? 'unknown', status: outcome.status, durationMs });
    let recorded = false;
    try {
      // Only while the run is still this process's: one taken over after a stall is the other's to finish.
      const rows = await this.db
        .update(sysTaskRuns)
        .set({
          status: outcome.status,
          result: outcome.status === 'success' ? outcome.result.slice(0, 512) : null,
          error: outcome.status === 'failed' ? outcome.error.slice(0, 1024) : null,
          finishedAt,
          durationMs,
          leaseUntil: null,
        })
        .where(and(eq(sysTaskRuns.id, run.id), eq(sysTaskRuns.worker, this.worker), eq(sysTaskRuns.status, 'running')))
        .returning({ id: sysTaskRuns.id });
      recorded = rows.length > 0;
    } catch (error) {
      this.log.warn({ err: error, runId: run.id }, '记录定时任务执行结果失败');
    }
    // Told once per failed run: by the process whose record of it stands.
    if (recorded && outcome.status === 'failed' && this.onRunFailed) {
      try {
        await this.onRunFailed({
          db: this.db,
          types: this.types,
          taskId: run.taskId,
          runId: run.id,
          trigger: run.trigger,
          scheduledAt: run.scheduledAt,
          finishedAt,
          error: outcome.error.slice(0, 1024),
        });
      } catch (error) {
        this.log.warn({ err: error, runId: run.id }, '定时任务失败通知发送失败');
      }
    }
  }

  /** Runs the task's job; `worked.jobType` names its type once found. */
  private async work(
    run: { taskId: number; scheduledAt: Date; attempts: number },
    worked: { jobType?: string },
  ): Promise<string> {
    if (run.attempts > MAX_ATTEMPTS) throw new Error(RUN_MESSAGES.abandoned);
    const [task] = await this.db
      .select({ jobType: sysTasks.jobType, params: sysTasks.params })
      .from(sysTasks)
      .where(eq(sysTasks.id, run.taskId));
    if (!task) throw new Error('任务已删除');
    const type = findJobType(task.jobType, this.types);
    if (!type) throw new Error(RUN_MESSAGES.unknownType(task.jobType));
    worked.jobType = type.name;
    const params = checkParams(type.params, task.params);
    if (!params.ok) throw new Error(RUN_MESSAGES.badParams(params.message));
    return type.run({
      db: this.db,
      config: this.config,
      log: this.log.child({ job: type.name, taskId: run.taskId }),
      params: params.params,
      scheduledAt: run.scheduledAt,
    });
  }
}

/**
 * Runs the job engine in a server process while its app is up (`JOB_TICK_MS` 0: not in this
 * process). Server tests build apps without it and start a scheduler of their own when they
 * need one.
 */
export function registerJobScheduler(
  app: { addHook: (name: 'onReady' | 'onClose', hook: () => Promise<void>) => unknown; log: FastifyBaseLogger },
  db: AppDatabase,
  config: Config,
  types: readonly JobType[],
  onRunFailed: JobSchedulerOptions['onRunFailed'],
  onRunEnded?: JobSchedulerOptions['onRunEnded'],
): void {
  if (config.jobTickMs <= 0) return;
  const scheduler = new JobScheduler({ db, config, log: app.log, types, onRunFailed, onRunEnded });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
