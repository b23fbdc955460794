import { trimmed } from '@cotton/sdk/validators';
import type {
  AddTaskBody,
  CronCheckResult,
  JobTypeInfo,
  ListExportBody,
  ListRequest,
  TaskRow,
  TaskRunPage,
  TaskRunRow,
  UpdTaskBody,
} from '@cotton/sdk/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysTaskRuns, sysTasks } from '../../db/schema/index';
import { checkCron, CRON_MESSAGES, nextRunTime, nextRunTimes } from '../../jobs/cron';
import { findJobType, type JobType } from '../../jobs/job-type';
import { checkParams, describeParams } from '../../jobs/params';
import { JOB_TYPES } from '../../job-types';
import { defineList, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../shared/audit';
import { defineAdminResource } from '../../lib/admin-resource/index';
import { chinaTime } from '../shared/china-time';
import { parseIdList } from '../shared/id-list';

/**
 * 系统管理 › 定时任务 (docs/architecture.md "Jobs"): tasks run job types on a schedule. The
 * calls only write tasks and queue runs; the job engine (server/src/jobs/scheduler.ts) in
 * the server processes runs them.
 */

export const TASK_MESSAGES = {
  notFound: '任务不存在或已删除',
  nameEmpty: '请输入任务名称',
  nameTaken: '该任务名称已被使用，请更换',
  unknownJobType: '任务类型不存在，请从列表中选择',
  jobTypeGone: '该任务的任务类型已不存在（代码中已移除），不能恢复或执行，只能删除',
  noTask: '请先选择要查看执行记录的任务',
} as const;

const NEXT_RUN_PREVIEW = 5;

// The outer row named in full: a bare column here would be read as the inner table's.
const outerTaskId = sql.raw('"sys_tasks"."id"');
const lastRun = sql`(select r.status, r.started_at from ${sysTaskRuns} r
  where r.task_id = ${outerTaskId} and r.status in ('success', 'failed')
  order by r.finished_at desc nulls last, r.id desc limit 1)`;
const lastResult = sql<string | null>`(select l.status from ${lastRun} l)`;
const lastRunTime = sql<Date | null>`(select l.started_at from ${lastRun} l)`.mapWith(sysTaskRuns.startedAt);
const pendingRuns = sql<number>`(select count(*)::int from ${sysTaskRuns} p
  where p.task_id = ${outerTaskId} and p.status in ('queued', 'running'))`;

/** The list's allow-list: what the client may filter, sort and super-query on. */
export const taskList = defineList<TaskRow>()({
  table: sysTasks,
  key: sysTasks.id,
  fields: {
    name: {
      label: '任务名称',
      column: sysTasks.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 24 },
    },
    jobType: {
      label: '任务类型',
      column: sysTasks.jobType,
      type: 'code',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      // A job type removed from the code keeps its key: the reader still learns which one it was.
      export: { width: 24, value: (row) => row.jobTypeTitle ?? row.jobType },
    },
    cron: { label: 'Cron 表达式', column: sysTasks.cron, type: 'text', superQuery: true, export: { width: 18 } },
    status: {
      label: '状态',
      column: sysTasks.status,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 10, value: (row) => (row.status === '2' ? '已暂停' : '运行中') },
    },
    nextRunTime: {
      label: '下次执行',
      column: sysTasks.nextRunAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => (row.nextRunTime ? chinaTime(row.nextRunTime) : '') },
    },
    lastResult: {
      label: '上次结果',
      export: { width: 10, value: (row) => (row.lastResult ? (LAST_RESULT_TEXT[row.lastResult] ?? '') : '') },
    },
    description: {
      label: '描述',
      column: sysTasks.description,
      type: 'text',
      superQuery: true,
      export: { width: 30, value: (row) => row.description ?? '' },
    },
    createTime: {
      label: '创建时间',
      column: sysTasks.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
  },
  defaultSort: { field: 'createTime', order: 'asc' },
});

function taskRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<TaskRow[]> => {
    const rows = await db
      .select({
        id: sysTasks.id,
        name: sysTasks.name,
        jobType: sysTasks.jobType,
        cron: sysTasks.cron,
        params: sysTasks.params,
        status: sysTasks.status,
        description: sysTasks.description,
        nextRunAt: sysTasks.nextRunAt,
        lastResult,
        lastRunTime,
        pendingRuns,
        createdAt: sysTasks.createdAt,
      })
      .from(sysTasks)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      jobType: row.jobType,
      jobTypeTitle: findJobType(row.jobType, JOB_TYPES)?.title ?? null,
      cron: row.cron,
      params: paramsForWire(row.params),
      status: row.status,
      description: row.description,
      nextRunTime: row.nextRunAt?.toISOString() ?? null,
      lastResult: row.lastResult,
      lastRunTime: row.lastRunTime?.toISOString() ?? null,
      pendingRuns: row.pendingRuns,
      createTime: row.createdAt.toISOString(),
    }));
  };
}

export async function taskPage(db: AppDatabase, body: ListRequest) {
  return taskList.page<TaskRow>(db, body, { rows: taskRows(db) });
}

const LAST_RESULT_TEXT: Record<string, string> = { success: '成功', failed: '失败' };

export async function taskExport(db: AppDatabase, body: ListExportBody) {
  return taskList.exportRows(db, body, { rows: taskRows(db) });
}

const outerRunTaskId = sql.raw('"sys_task_runs"."task_id"');
const runTaskName = sql<string>`(select t.name from ${sysTasks} t where t.id = ${outerRunTaskId})`;

/**
 * 执行记录's allow-list, for its page (one task's runs: `taskId` required) and its 导出 (one
 * task's runs or every task's). The task's name is in every file, whatever columns are shown:
 * the page shows the runs within their task, the file says which.
 */
export const taskRunList = defineList<TaskRunExportRow>()({
  table: sysTaskRuns,
  key: sysTaskRuns.id,
  fields: {
    taskId: { label: '任务', column: sysTaskRuns.taskId, type: 'number', filter: 'eq' },
    taskName: {
      label: '任务名称',
      column: runTaskName,
      type: 'text',
      filter: 'like',
      superQuery: true,
      export: { width: 24, always: true },
    },
    scheduledFrom: { label: '计划日期起', column: sysTaskRuns.scheduledAt, type: 'date', filter: 'ge' },
    scheduledTo: { label: '计划日期止', column: sysTaskRuns.scheduledAt, type: 'date', filter: 'le' },
    scheduledTime: {
      label: '计划时间',
      column: sysTaskRuns.scheduledAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.scheduledTime) },
    },
    trigger: {
      label: '触发方式',
      column: sysTaskRuns.trigger,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 10, value: (row) => RUN_TRIGGER_TEXT[row.trigger] ?? row.trigger },
    },
    startTime: {
      label: '开始时间',
      column: sysTaskRuns.startedAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => orEmpty(row.startTime) },
    },
    endTime: {
      label: '结束时间',
      column: sysTaskRuns.finishedAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => orEmpty(row.endTime) },
    },
    durationMs: {
      label: '耗时',
      column: sysTaskRuns.durationMs,
      type: 'number',
      sortable: true,
      superQuery: true,
      export: { width: 10, value: (row) => durationText(row.durationMs) },
    },
    status: {
      label: '状态',
      column: sysTaskRuns.status,
      type: 'code',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: { width: 10, value: (row) => RUN_STATUS_TEXT[row.status] ?? row.status },
    },
    attempts: {
      label: '执行次数',
      column: sysTaskRuns.attempts,
      type: 'number',
      superQuery: true,
      export: { width: 10 },
    },
    result: {
      label: '结果说明',
      column: sysTaskRuns.result,
      type: 'text',
      superQuery: true,
      export: { width: 32, value: (row) => row.result ?? '' },
    },
    error: {
      label: '错误信息',
      column: sysTaskRuns.error,
      type: 'text',
      superQuery: true,
      export: { width: 48, value: (row) => row.error ?? '' },
    },
  },
  defaultSort: { field: 'scheduledTime', order: 'desc' },
});

/** A run as 执行记录.xlsx writes it: the run with its task's name. */
export type TaskRunExportRow = TaskRunRow & { taskName: string };

const RUN_TRIGGER_TEXT: Record<string, string> = { cron: '按计划', manual: '立即执行' };
const RUN_STATUS_TEXT: Record<string, string> = {
  queued: '等待执行',
  running: '执行中',
  success: '成功',
  failed: '失败',
};

/** A run's duration as the page shows it (`850 毫秒`, `12.5 秒`). */
export function durationText(ms: number | null): string {
  if (ms === null) return '';
  return ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;
}

const orEmpty = (iso: string | null) => (iso ? chinaTime(iso) : '');

function runOf(run: typeof sysTaskRuns.$inferSelect): TaskRunRow {
  return {
    id: String(run.id),
    trigger: run.trigger,
    scheduledTime: run.scheduledAt.toISOString(),
    status: run.status,
    startTime: run.startedAt?.toISOString() ?? null,
    endTime: run.finishedAt?.toISOString() ?? null,
    durationMs: run.durationMs,
    result: run.result,
    error: run.error,
    attempts: run.attempts,
  };
}

/** The page's runs: the run alone (the drawer is the task's). */
function taskRunPageRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<TaskRunRow[]> => {
    const rows = await db
      .select()
      .from(sysTaskRuns)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(runOf);
  };
}

/** The file's runs: each with its task's name. */
function taskRunRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<TaskRunExportRow[]> => {
    const rows = await db
      .select({ run: sysTaskRuns, taskName: runTaskName })
      .from(sysTaskRuns)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ run, taskName }) => ({ ...runOf(run), taskName }));
  };
}

/**
 * The task the page's `filters.taskId` names: required (400), and still there (404, a task
 * deleted while its history was open). A value that is not a record id is the list's to
 * refuse (“任务”应为数字).
 */
async function requireTask(db: AppDatabase, body: Partial<ListRequest>): Promise<void> {
  const value = body.filters?.taskId;
  const blank = (item: unknown) => item === undefined || item === null || String(item).trim() === '';
  if (blank(value) || (Array.isArray(value) && value.every(blank))) throw new ApiError('400', TASK_MESSAGES.noTask);
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  if (!/^\d{1,15}$/.test(text)) return;
  const id = Number(text);
  const [task] = id <= 2147483647 ? await db.select({ id: sysTasks.id }).from(sysTasks).where(eq(sysTasks.id, id)) : [];
  if (!task) throw new ApiError('404', TASK_MESSAGES.notFound);
}

/** 执行记录: one page of a task's runs (`filters.taskId`), as the list query says. */
export async function taskRunPage(db: AppDatabase, body: ListRequest): Promise<TaskRunPage> {
  await requireTask(db, body);
  return taskRunList.page<TaskRunRow>(db, body, { rows: taskRunPageRows(db) });
}

/** 执行记录's 导出: a task's runs (`filters.taskId`) or every task's, or the selected runs. */
export async function taskRunExport(db: AppDatabase, body: ListExportBody) {
  return taskRunList.exportRows(db, body, { rows: taskRunRows(db) });
}

function paramsForWire(params: Record<string, unknown>): TaskRow['params'] {
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number | boolean | null] =>
        entry[1] === null || ['string', 'number', 'boolean'].includes(typeof entry[1]),
    ),
  );
}

export function jobTypes(types: readonly JobType[] = JOB_TYPES): JobTypeInfo[] {
  return types.map((type) => ({
    name: type.name,
    title: type.title,
    description: type.description,
    defaultCron: type.defaultCron ?? null,
    params: describeParams(type.params),
  }));
}

/** The next five run times of a schedule, or why it is refused (the form shows either as it is typed). */
export function cronPreview(cron: string, now = new Date()): CronCheckResult {
  const checked = checkCron(cron);
  if (!checked.ok) return { valid: false, message: checked.message, nextRunTimes: [] };
  try {
    const times = nextRunTimes(checked.cron, now, NEXT_RUN_PREVIEW);
    return { valid: true, message: null, nextRunTimes: times.map((time) => time.toISOString()) };
  } catch {
    return { valid: false, message: CRON_MESSAGES.never, nextRunTimes: [] };
  }
}

const AUDITED_TASK = {
  id: sysTasks.id,
  name: sysTasks.name,
  jobType: sysTasks.jobType,
  cron: sysTasks.cron,
  params: sysTasks.params,
  status: sysTasks.status,
  description: sysTasks.description,
};

/** The fields a save writes, each checked as the form checks it, with the message under its field. */
function fieldsOf(body: AddTaskBody | UpdTaskBody, type: JobType) {
  const name = trimmed(body.name);
  if (name === '') throw new ApiError('400', TASK_MESSAGES.nameEmpty);
  const cron = checkCron(body.cron);
  if (!cron.ok) throw new ApiError('400', cron.message);
  const params = checkParams(type.params, body.params ?? {});
  if (!params.ok) throw new ApiError('400', params.message);
  const description = trimmed(body.description);
  return { name, cron: cron.cron, params: params.params, description: description === '' ? null : description };
}

/**
 * 定时任务's writes (docs/architecture.md "Admin resources"): names are unique whatever the case;
 * a task is read `for update` (the job engine claims it the same way); its history goes with
 * it (cascade), and a run under way finishes unrecorded. 暂停 / 恢复 are its status change.
 */
export const taskResource = defineAdminResource({
  entity: 'task',
  action: 'task',
  table: sysTasks,
  key: sysTasks.id,
  audited: AUDITED_TASK,
  notFound: TASK_MESSAGES.notFound,
  lock: true,
  // 批量删除 of tasks gone meanwhile deletes the rest (none left: `deleted: 0`).
  missing: 'ignore',
  unique: [{ field: 'name', message: TASK_MESSAGES.nameTaken, caseInsensitive: true }],
  // 暂停 / 恢复 are its status change: `task.pause`, `task.resume`.
  status: { field: 'status', verb: (status) => (status === '2' ? 'pause' : 'resume') },
});

/** The audit pair of 暂停 / 恢复: the status only. */
const statusPicture = (row: { status: string }, status: string) => ({
  before: { status: row.status },
  after: { status },
});

export async function addTask(db: AppDatabase, request: FastifyRequest, body: AddTaskBody, now = new Date()) {
  const type = findJobType(body.jobType, JOB_TYPES);
  if (!type) throw new ApiError('400', TASK_MESSAGES.unknownJobType);
  const fields = fieldsOf(body, type);
  const row = await taskResource.add(
    db,
    request,
    { jobType: type.name, ...fields, status: '1', nextRunAt: nextRunTime(fields.cron, now) },
    { audit: () => ({ jobType: type.name, ...fields, status: '1' }) },
  );
  return { id: String(row.id) };
}

async function lockedTask(tx: Tx, id: number) {
  const [task] = await tx.select(AUDITED_TASK).from(sysTasks).where(eq(sysTasks.id, id)).for('update');
  if (!task) throw new ApiError('404', TASK_MESSAGES.notFound);
  return task;
}

export async function updateTask(db: AppDatabase, request: FastifyRequest, body: UpdTaskBody, now = new Date()) {
  let fields: ReturnType<typeof fieldsOf> | null = null;
  return taskResource.update(
    db,
    request,
    Number(body.id),
    (_tx, before) => {
      const type = findJobType(before.jobType, JOB_TYPES);
      if (!type) throw new ApiError('400', TASK_MESSAGES.jobTypeGone);
      fields = fieldsOf(body, type);
      // A new schedule counts from now; a paused task stays paused.
      const nextRunAt = before.status === '1' ? nextRunTime(fields.cron, now) : null;
      return { ...fields, nextRunAt, updatedAt: now };
    },
    { audit: (before) => ({ before, after: { ...before, ...fields } }) },
  );
}

export async function deleteTasks(db: AppDatabase, request: FastifyRequest, idsText: string) {
  return taskResource.remove(db, request, parseIdList(idsText, '任务编号'));
}

/** 暂停 (`task.pause`): no next run until resumed; a task already paused is left alone (`updated: 0`). */
export async function pauseTask(db: AppDatabase, request: FastifyRequest, id: number, now = new Date()) {
  return taskResource.setStatus(db, request, [id], '2', {
    missing: 'refuse-any',
    values: () => ({ nextRunAt: null, updatedAt: now }),
    audit: statusPicture,
  });
}

/**
 * 恢复 (`task.resume`): refused while its job type is gone; slots missed while paused are not
 * made up — the schedule carries on from now. A running task is left alone (`updated: 0`).
 */
export async function resumeTask(db: AppDatabase, request: FastifyRequest, id: number, now = new Date()) {
  return taskResource.setStatus(db, request, [id], '1', {
    missing: 'refuse-any',
    check: (_tx, rows) => {
      if (rows.some((row) => !findJobType(row.jobType, JOB_TYPES)))
        throw new ApiError('400', TASK_MESSAGES.jobTypeGone);
    },
    values: (row) => {
      const cron = checkCron(row.cron);
      if (!cron.ok) throw new ApiError('400', cron.message);
      return { nextRunAt: nextRunTime(cron.cron, now), updatedAt: now };
    },
    audit: statusPicture,
  });
}

/** 立即执行: a run queued for the first process free to take it (paused tasks too). */
export async function runTask(db: AppDatabase, request: FastifyRequest, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const task = await lockedTask(tx, id);
    if (!findJobType(task.jobType, JOB_TYPES)) throw new ApiError('400', TASK_MESSAGES.jobTypeGone);
    const [run] = await tx
      .insert(sysTaskRuns)
      .values({ taskId: id, trigger: 'manual', scheduledAt: now })
      .returning({ id: sysTaskRuns.id });
    await recordAudit(tx, request, {
      action: 'task.run',
      entity: 'task',
      entityId: id,
      after: { runId: run.id, name: task.name },
    });
    return { runId: String(run.id) };
  });
}
