import type { TObject } from 'typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { AppDatabase } from '../db/client';

/** What a run of a job is given: the database, the configuration, a logger and its parameters. */
export interface JobContext<P = Record<string, unknown>> {
  db: AppDatabase;
  config: Config;
  log: FastifyBaseLogger;
  /** The task's parameters, already checked against the job type's `params` schema. */
  params: P;
  /** When this run was due (its schedule's time, or the moment 立即执行 was pressed). */
  scheduledAt: Date;
}

/**
 * A kind of scheduled work the code knows how to do (系统管理 › 定时任务 offers these when a
 * task is added). Modules declare their own job types next to the code they run; the job
 * engine (server/src/jobs/) lists them in one registry, runs each due run once across all
 * server processes and records its history.
 */
export interface JobType<P = Record<string, unknown>> {
  /** Stable key stored with each task: lower-case words joined by hyphens (`purge-login-records`). */
  name: string;
  /** What the administrator reads (清理过期登录记录). */
  title: string;
  description: string;
  /** The parameters a task of this type takes (TypeBox object; every string with a maxLength). */
  params: TObject;
  /** The schedule a task of this type is seeded with, if any (cron: five fields, or six with seconds first; Asia/Shanghai). */
  defaultCron?: string;
  /** Does the work; answers a one-line result for the history (已删除 12 条), or throws. */
  run(context: JobContext<P>): Promise<string>;
}

/** The job type of that name among `types`. */
export function findJobType(name: string, types: readonly JobType[]): JobType | undefined {
  return types.find((type) => type.name === name);
}
