import { and, eq, inArray, isNotNull, lt, notExists, or } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { JobType } from '../../jobs/job-type';
import type { AppDatabase } from '../../db/client';
import { sysAuditLog, sysLoginLog, sysOperationLog, sysVisitLog } from '../../db/schema/index';

/**
 * The logs' retention (docs/architecture.md "Logs"): each kind is kept its own number of
 * days, set on the 定时任务 task of this type, and older rows are deleted by its runs. The
 * audit rows (before / after) go with the operations they belong to; audit rows of no
 * operation are never deleted.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shortest and the longest retention a task may set (days). */
export const MIN_RETENTION_DAYS = 7;
export const MAX_RETENTION_DAYS = 3650;

const days = (title: string, fallback: number) =>
  Type.Integer({
    minimum: MIN_RETENTION_DAYS,
    maximum: MAX_RETENTION_DAYS,
    default: fallback,
    title,
    errorMessage: `应为 ${MIN_RETENTION_DAYS}～${MAX_RETENTION_DAYS} 之间的整数（天）`,
  });

export const LogRetentionParams = Type.Object(
  {
    operationDays: days('操作日志保留天数', 180),
    loginDays: days('登录日志保留天数', 180),
    visitDays: days('访问日志保留天数', 90),
  },
  { additionalProperties: false },
);
export type LogRetention = Static<typeof LogRetentionParams>;

export const DEFAULT_LOG_RETENTION: LogRetention = { operationDays: 180, loginDays: 180, visitDays: 90 };

export interface PurgedLogs {
  operations: number;
  audits: number;
  logins: number;
  visits: number;
}

function cutoff(now: Date, keepDays: number): Date {
  const bounded = Math.min(MAX_RETENTION_DAYS, Math.max(MIN_RETENTION_DAYS, Math.floor(keepDays)));
  return new Date(now.getTime() - bounded * DAY_MS);
}

/**
 * Deletes the rows older than their kind's retention (bounded to
 * {@link MIN_RETENTION_DAYS}…{@link MAX_RETENTION_DAYS} whatever is passed) and answers
 * how many of each went.
 */
export async function purgeOldLogs(
  db: AppDatabase,
  retention: Partial<LogRetention> = {},
  now = new Date(),
): Promise<PurgedLogs> {
  const keep = { ...DEFAULT_LOG_RETENTION, ...retention };
  const operationsBefore = cutoff(now, keep.operationDays);
  return db.transaction(async (tx) => {
    // Only the before / after of a call's operation: rows written outside a route (no
    // operation_key: reviews, grants, plugins) are history kept for good.
    const expired = tx
      .select({ key: sysOperationLog.operationKey })
      .from(sysOperationLog)
      .where(lt(sysOperationLog.at, operationsBefore));
    const kept = tx
      .select({ key: sysOperationLog.operationKey })
      .from(sysOperationLog)
      .where(eq(sysOperationLog.operationKey, sysAuditLog.operationKey));
    const audits = await tx
      .delete(sysAuditLog)
      .where(
        and(
          isNotNull(sysAuditLog.operationKey),
          or(
            inArray(sysAuditLog.operationKey, expired),
            // A call whose operation row was never written: its audit rows age like one.
            and(lt(sysAuditLog.at, operationsBefore), notExists(kept)),
          ),
        ),
      )
      .returning({ id: sysAuditLog.id });
    const operations = await tx
      .delete(sysOperationLog)
      .where(lt(sysOperationLog.at, operationsBefore))
      .returning({ id: sysOperationLog.id });
    const logins = await tx
      .delete(sysLoginLog)
      .where(lt(sysLoginLog.at, cutoff(now, keep.loginDays)))
      .returning({ id: sysLoginLog.id });
    const visits = await tx
      .delete(sysVisitLog)
      .where(lt(sysVisitLog.at, cutoff(now, keep.visitDays)))
      .returning({ id: sysVisitLog.id });
    return { operations: operations.length, audits: audits.length, logins: logins.length, visits: visits.length };
  });
}

/** 清理过期日志: daily at 03:30 (China time). Needs registering in the job registry (server/src/jobs/). */
export const purgeOldLogsJob: JobType<LogRetention> = {
  name: 'purge-old-logs',
  title: '清理过期日志',
  description: '按保留天数删除过期的操作日志（含变更前后记录）、登录日志和访问日志',
  params: LogRetentionParams,
  defaultCron: '30 3 * * *',
  async run({ db, params, scheduledAt }) {
    const purged = await purgeOldLogs(db, params, scheduledAt);
    return `已删除操作日志 ${purged.operations} 条（变更记录 ${purged.audits} 条）、登录日志 ${purged.logins} 条、访问日志 ${purged.visits} 条`;
  },
};
