import { taskCodes } from '@cotton/sdk/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { sysRoleGrants, sysTaskRuns, sysTasks, sysUserRoles, sysUsers } from '../../db/schema/index';
import { findJobType } from '../../jobs/job-type';
import { RUN_MESSAGES, type RunFailure } from '../../jobs/scheduler';
import { publishSystemNotice } from '../notice/service';
import { chinaTime } from '../shared/china-time';

/**
 * A failing task tells its administrators (docs/architecture.md "Jobs"): a 通知 in the bell of
 * every active user holding 定时任务 (`system:task:list`), naming the task and its error. One
 * notice when a task starts failing — its first failure, or the first after a success — and
 * none for the failures that follow until it has succeeded again: a task failing every few
 * seconds must not fill the bell. A cron run skipped because the task was paused is no failure.
 */

/** At most this many administrators are told (the first by id): a notice's recipients stay bounded. */
export const MAX_FAILURE_RECIPIENTS = 500;

export const FAILURE_NOTICE = {
  title: (name: string) => `定时任务执行失败：${name}`,
  content: (task: { name: string; type: string }, run: { time: string; trigger: string; error: string }) =>
    [
      `定时任务「${task.name}」（${task.type}）于 ${run.time}（${run.trigger}）执行失败。`,
      `失败原因：${run.error}`,
      '请在 系统管理 › 定时任务 中查看执行记录并处理。该任务此后再失败不另行通知，直到它再次执行成功。',
    ].join('\n'),
} as const;

/** Whether the task's run before `runId` (paused skips aside) failed too: then it has been told already. */
async function failingAlready(failure: RunFailure): Promise<boolean> {
  const [previous] = await failure.db
    .select({ status: sysTaskRuns.status })
    .from(sysTaskRuns)
    .where(
      and(
        eq(sysTaskRuns.taskId, failure.taskId),
        ne(sysTaskRuns.id, failure.runId),
        inArray(sysTaskRuns.status, ['success', 'failed']),
        isNotNull(sysTaskRuns.startedAt),
        or(isNull(sysTaskRuns.error), ne(sysTaskRuns.error, RUN_MESSAGES.paused)),
      ),
    )
    // One run of a task at a time, started in their order: the last started before is the one before.
    .orderBy(desc(sysTaskRuns.startedAt), desc(sysTaskRuns.scheduledAt), desc(sysTaskRuns.id))
    .limit(1);
  return previous?.status === 'failed';
}

/** The active users holding 定时任务, by any of their roles (holding every code included). */
async function taskAdministrators(failure: RunFailure): Promise<number[]> {
  const rows = await failure.db
    .selectDistinct({ id: sysUsers.id })
    .from(sysUsers)
    .innerJoin(sysUserRoles, eq(sysUserRoles.userId, sysUsers.id))
    .innerJoin(sysRoleGrants, eq(sysRoleGrants.roleId, sysUserRoles.roleId))
    .where(and(eq(sysUsers.status, '1'), eq(sysRoleGrants.code, taskCodes.list)))
    .orderBy(sysUsers.id)
    .limit(MAX_FAILURE_RECIPIENTS);
  return rows.map((row) => row.id);
}

/** The job engine's `onRunFailed` (handed in by main.ts). */
export async function notifyTaskFailure(failure: RunFailure): Promise<void> {
  const [task] = await failure.db
    .select({ name: sysTasks.name, jobType: sysTasks.jobType })
    .from(sysTasks)
    .where(eq(sysTasks.id, failure.taskId));
  if (!task || (await failingAlready(failure))) return;
  await publishSystemNotice(failure.db, {
    title: FAILURE_NOTICE.title(task.name),
    content: FAILURE_NOTICE.content(
      { name: task.name, type: findJobType(task.jobType, failure.types)?.title ?? task.jobType },
      {
        time: chinaTime(failure.finishedAt.toISOString()),
        trigger: failure.trigger === 'manual' ? '立即执行' : '按计划',
        error: failure.error,
      },
    ),
    userIds: await taskAdministrators(failure),
  });
}
