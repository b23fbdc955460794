import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { sysTaskRuns } from '../db/schema/index';
import type { JobType } from './job-type';

const DAY_MS = 24 * 60 * 60 * 1000;

const PurgeTaskRunsParams = Type.Object(
  {
    keepDays: Type.Integer({
      minimum: 1,
      maximum: 3650,
      default: 30,
      title: '保留天数',
      description: '早于此天数的执行记录删除',
    }),
    keepPerTask: Type.Integer({
      minimum: 10,
      maximum: 100_000,
      default: 1000,
      title: '每个任务保留条数',
      description: '每个任务最多保留最近的这么多条执行记录',
    }),
  },
  { additionalProperties: false },
);

/**
 * 清理任务执行记录: finished runs older than `keepDays`, and beyond the newest `keepPerTask` of
 * each task (a task every few seconds writes tens of thousands a day). Queued and running
 * runs are never touched.
 */
export const purgeTaskRunsJob: JobType<{ keepDays: number; keepPerTask: number }> = {
  name: 'purge-task-runs',
  title: '清理任务执行记录',
  description: '删除过旧的定时任务执行记录，并限制每个任务保留的条数',
  params: PurgeTaskRunsParams,
  defaultCron: '20 * * * *',
  async run({ db, params, scheduledAt }) {
    const finished = inArray(sysTaskRuns.status, ['success', 'failed']);
    const old = await db
      .delete(sysTaskRuns)
      .where(and(finished, lt(sysTaskRuns.scheduledAt, new Date(scheduledAt.getTime() - params.keepDays * DAY_MS))))
      .returning({ id: sysTaskRuns.id });
    const ranked = db
      .select({
        id: sysTaskRuns.id,
        n: sql<number>`row_number() over (partition by ${sysTaskRuns.taskId} order by ${sysTaskRuns.scheduledAt} desc, ${sysTaskRuns.id} desc)`.as(
          'n',
        ),
      })
      .from(sysTaskRuns)
      .where(finished)
      .as('ranked');
    const surplus = (
      await db
        .delete(sysTaskRuns)
        .where(
          inArray(sysTaskRuns.id, db.select({ id: ranked.id }).from(ranked).where(gt(ranked.n, params.keepPerTask))),
        )
        .returning({ id: sysTaskRuns.id })
    ).length;
    return `已删除 ${old.length + surplus} 条执行记录（过期 ${old.length} 条，超出条数 ${surplus} 条）`;
  },
};
