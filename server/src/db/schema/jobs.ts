import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * 系统管理 › 定时任务: a task is a job type (server/src/job-types.ts) run on a cron
 * schedule with its parameters. `next_run_at` is the next slot not yet handed out: the
 * scheduler claims a slot by advancing it in the same transaction that inserts the slot's
 * run, so two processes can never both hand out one slot (docs/architecture.md "Jobs").
 */
export const sysTasks = pgTable(
  'sys_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    jobType: varchar('job_type', { length: 64 }).notNull(),
    cron: varchar('cron', { length: 128 }).notNull(),
    params: jsonb('params')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** '1' 运行中 (scheduled), '2' 已暂停. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    description: varchar('description', { length: 256 }),
    /** The next slot to hand out; null while paused. */
    nextRunAt: at('next_run_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sys_tasks_name_idx').on(sql`lower(${table.name})`),
    index('sys_tasks_due_idx').on(table.status, table.nextRunAt),
    check('sys_tasks_status_check', sql`${table.status} in ('1', '2')`),
  ],
);

/**
 * One run of a task: a cron slot (unique per task and time, whoever inserts it first wins)
 * or a 立即执行. A process takes a queued run, or a running one whose lease ran out (its
 * process died), with `FOR UPDATE SKIP LOCKED`, and renews the lease while it works.
 */
export const sysTaskRuns = pgTable(
  'sys_task_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => sysTasks.id, { onDelete: 'cascade' }),
    /** 'cron' (a schedule's slot) or 'manual' (立即执行). */
    trigger: varchar('trigger', { length: 8 }).notNull(),
    scheduledAt: at('scheduled_at').notNull(),
    /** 'queued', 'running', 'success', 'failed'. */
    status: varchar('status', { length: 8 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** `host:pid` of the process working on it. */
    worker: varchar('worker', { length: 128 }),
    leaseUntil: at('lease_until'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    durationMs: integer('duration_ms'),
    result: varchar('result', { length: 512 }),
    error: varchar('error', { length: 1024 }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sys_task_runs_slot_idx')
      .on(table.taskId, table.scheduledAt)
      .where(sql`${table.trigger} = 'cron'`),
    index('sys_task_runs_task_idx').on(table.taskId, table.scheduledAt),
    index('sys_task_runs_pending_idx')
      .on(table.status, table.scheduledAt)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('sys_task_runs_trigger_check', sql`${table.trigger} in ('cron', 'manual')`),
    check('sys_task_runs_status_check', sql`${table.status} in ('queued', 'running', 'success', 'failed')`),
  ],
);

/** The nightly statistics job's per-day figures (overview-statistics, Asia/Shanghai days). */
export const sysDailyStatistics = pgTable('sys_daily_statistics', {
  day: date('day', { mode: 'string' }).primaryKey(),
  warehouses: integer('warehouses').notNull(),
  receipts: integer('receipts').notNull(),
  appointments: integer('appointments').notNull(),
  appointmentTonnage: numeric('appointment_tonnage', { precision: 14, scale: 3, mode: 'number' }).notNull(),
  logins: integer('logins').notNull(),
  newUsers: integer('new_users').notNull(),
  computedAt: at('computed_at').notNull().defaultNow(),
});
