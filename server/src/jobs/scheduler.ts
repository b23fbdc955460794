import { hostname } from 'node:os';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';
import { sysTaskRuns, sysTasks } from '../db/schema/index';
import { checkCron, nextRunTime } from './cron';
import type { JobType } from './job-type';
import { checkParams } from './params';
import { findJobType, JOB_TYPES } from './registry';

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
} as const;

export interface JobSchedulerOptions {
  db: AppDatabase;
  config: Config;
  log: FastifyBaseLogger;
  types?: readonly JobType[];
  /** How often to look for due work (ms); `config.jobTickMs` by default. */
  tickMs?: number;
  /** How long a claim on a run lasts unless renewed (ms); `config.jobLeaseMs` by default. */
  leaseMs?: number;
  /** This process's name in the run history; `host:pid` by default. */
  worker?: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

type Tx = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/**
 * The job engine of one server process (docs/architecture.md "Jobs"). Each tick it
 *  1. hands out due cron slots: per task, under the task row's lock (`FOR UPDATE SKIP
 *     LOCKED`: one process at a time), it inserts a queued run per due slot — unique on
 *     (task, slot), so a slot can never get two runs — and advances `next_run_at`, in one
 *     transaction;
 *  2. takes queued runs, and runs whose lease ran out (their process died), with `FOR UPDATE
 *     SKIP LOCKED`, and works on them, renewing the lease while it does.
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
  private readonly now: () => Date;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking: Promise<void> | undefined;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(options: JobSchedulerOptions) {
    this.db = options.db;
    this.config = options.config;
    this.log = options.log;
    this.types = options.types ?? JOB_TYPES;
    this.tickMs = options.tickMs ?? options.config.jobTickMs;
    this.leaseMs = options.leaseMs ?? options.config.jobLeaseMs;
    this.worker = (options.worker ?? `${hostname()}:${process.pid}`).slice(0, 128);
    this.now = options.now ?? (() => new Date());
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

  /** No new work is taken; answers when the runs under way have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    await Promise.allSettled([...this.running]);
  }

  /** One round: hand out the due slots, then take what there is to run (without waiting for it). */
  async tick(): Promise<void> {
    await this.scheduleDue();
    while (!this.stopped && this.running.size < CONCURRENT_RUNS) {
      const run = await this.claim();
      if (!run) break;
      const work = this.execute(run).finally(() => this.running.delete(work));
      this.running.add(work);
    }
  }

  /** Waits for the runs this process has under way (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async scheduleDue(): Promise<void> {
    const now = this.now();
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

  /** Takes the oldest run that is queued or whose process's lease ran out. */
  private async claim() {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const [run] = await this.db
      .update(sysTaskRuns)
      .set({
        status: 'running',
        attempts: sql`${sysTaskRuns.attempts} + 1`,
        worker: this.worker,
        leaseUntil,
        startedAt: now,
        finishedAt: null,
        durationMs: null,
      })
      .where(
        eq(
          sysTaskRuns.id,
          sql`(select ${sysTaskRuns.id} from ${sysTaskRuns}
            where (${sysTaskRuns.status} = 'queued' or (${sysTaskRuns.status} = 'running' and ${sysTaskRuns.leaseUntil} < ${now}))
              and ${sysTaskRuns.scheduledAt} <= ${now}
            order by ${sysTaskRuns.scheduledAt}, ${sysTaskRuns.id}
            limit 1
            for update skip locked)`,
        ),
      )
      .returning({
        id: sysTaskRuns.id,
        taskId: sysTaskRuns.taskId,
        scheduledAt: sysTaskRuns.scheduledAt,
        attempts: sysTaskRuns.attempts,
        startedAt: sysTaskRuns.startedAt,
      });
    return run;
  }

  private async execute(run: {
    id: number;
    taskId: number;
    scheduledAt: Date;
    attempts: number;
    startedAt: Date | null;
  }): Promise<void> {
    const startedAt = run.startedAt ?? this.now();
    const heartbeat = setInterval(
      () => {
        this.db
          .update(sysTaskRuns)
          .set({ leaseUntil: new Date(this.now().getTime() + this.leaseMs) })
          .where(
            and(eq(sysTaskRuns.id, run.id), eq(sysTaskRuns.worker, this.worker), eq(sysTaskRuns.status, 'running')),
          )
          .catch((error: unknown) => this.log.warn({ err: error, runId: run.id }, '续期定时任务执行失败'));
      },
      Math.max(200, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    let outcome: { status: 'success'; result: string } | { status: 'failed'; error: string };
    try {
      outcome = { status: 'success', result: await this.work(run) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { status: 'failed', error: message || '执行失败' };
      this.log.warn({ err: error, taskId: run.taskId, runId: run.id }, '定时任务执行失败');
    } finally {
      clearInterval(heartbeat);
    }
    const finishedAt = this.now();
    try {
      // Only while the run is still this process's: one taken over after a stall is the other's to finish.
      await this.db
        .update(sysTaskRuns)
        .set({
          status: outcome.status,
          result: outcome.status === 'success' ? outcome.result.slice(0, 512) : null,
          error: outcome.status === 'failed' ? outcome.error.slice(0, 1024) : null,
          finishedAt,
          durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
          leaseUntil: null,
        })
        .where(and(eq(sysTaskRuns.id, run.id), eq(sysTaskRuns.worker, this.worker), eq(sysTaskRuns.status, 'running')));
    } catch (error) {
      this.log.warn({ err: error, runId: run.id }, '记录定时任务执行结果失败');
    }
  }

  private async work(run: { taskId: number; scheduledAt: Date; attempts: number }): Promise<string> {
    if (run.attempts > MAX_ATTEMPTS) throw new Error(RUN_MESSAGES.abandoned);
    const [task] = await this.db
      .select({ jobType: sysTasks.jobType, params: sysTasks.params })
      .from(sysTasks)
      .where(eq(sysTasks.id, run.taskId));
    if (!task) throw new Error('任务已删除');
    const type = findJobType(task.jobType, this.types);
    if (!type) throw new Error(RUN_MESSAGES.unknownType(task.jobType));
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
): void {
  if (config.jobTickMs <= 0) return;
  const scheduler = new JobScheduler({ db, config, log: app.log });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
