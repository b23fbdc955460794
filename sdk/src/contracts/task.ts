import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { EmptyBody, IdListText, Nullable, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListRequest } from './list';

// 系统管理 › 定时任务 (docs/architecture.md "Jobs"): `/rest/task/…` calls of the back office.
// The list is a generic admin list (contracts/list.ts): filters `name` (any part), `jobType`,
// `status`; sort on `name`, `jobType`, `nextRunTime`, `createTime`.

/** A task as the list shows it. */
export const TaskRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The job type's key (`purge-login-records`). */
  jobType: Type.String(),
  /** The job type's title; `null` when the code no longer has that job type. */
  jobTypeTitle: Nullable(Type.String()),
  cron: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  /** '1' 运行中, '2' 已暂停. */
  status: Type.String(),
  description: Nullable(Type.String()),
  /** ISO 8601; `null` while paused. */
  nextRunTime: Nullable(Type.String()),
  /** The latest finished run: 'success' | 'failed'; `null` before the first. */
  lastResult: Nullable(Type.String()),
  /** ISO 8601 start of that run. */
  lastRunTime: Nullable(Type.String()),
  /** Runs queued or under way now. */
  pendingRuns: Type.Integer(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type TaskRow = Static<typeof TaskRow>;

/** `POST /rest/task/getTaskPage` → `dataSet`. */
export const TaskPage = ListAnswer(TaskRow);
export type TaskPage = Static<typeof TaskPage>;

/** One parameter of a job type, as the task form renders it. */
export const JobParamField = Type.Object({
  name: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  kind: Type.Union([Type.Literal('string'), Type.Literal('integer'), Type.Literal('number'), Type.Literal('boolean')]),
  required: Type.Boolean(),
  defaultValue: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  minimum: Nullable(Type.Number()),
  maximum: Nullable(Type.Number()),
  maxLength: Nullable(Type.Integer()),
});
export type JobParamField = Static<typeof JobParamField>;

/** A job type the code registers (server/src/jobs/registry.ts). */
export const JobTypeInfo = Type.Object({
  name: Type.String(),
  title: Type.String(),
  description: Type.String(),
  defaultCron: Nullable(Type.String()),
  params: Type.Array(JobParamField),
});
export type JobTypeInfo = Static<typeof JobTypeInfo>;

/** `POST /rest/task/getJobTypes` → `dataSet`. */
export const JobTypeList = Type.Array(JobTypeInfo);
export type JobTypeList = Static<typeof JobTypeList>;

const CronText = Type.String({ maxLength: 128, title: 'Cron 表达式' });

/** `POST /rest/task/checkCron`. */
export const CheckCronBody = Type.Object({ cron: CronText });
export type CheckCronBody = Static<typeof CheckCronBody>;

/** `checkCron` → `dataSet`: the next five run times (ISO 8601), or why the expression is refused. */
export const CronCheckResult = Type.Object({
  valid: Type.Boolean(),
  message: Nullable(Type.String()),
  nextRunTimes: Type.Array(Type.String()),
});
export type CronCheckResult = Static<typeof CronCheckResult>;

// The wire's validator may turn a value into text on the way (99 → '99'): the server reads
// each value as its job type's parameter declares it (server/src/jobs/params.ts).
const ParamValue = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Number({ minimum: -1e15, maximum: 1e15 }),
  Type.Boolean(),
  Type.Null(),
]);

const taskFields = {
  name: Type.String({ minLength: 1, maxLength: 64, title: '任务名称' }),
  cron: CronText,
  params: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), ParamValue, { maxProperties: 32, title: '任务参数' }),
  ),
  description: Type.Optional(Nullable(Type.String({ maxLength: 256, title: '描述' }))),
};

/** `POST /rest/task/addTask`: a task starts running (scheduled) at once. */
export const AddTaskBody = Type.Object({
  jobType: Type.String({ minLength: 1, maxLength: 64, title: '任务类型' }),
  ...taskFields,
});
export type AddTaskBody = Static<typeof AddTaskBody>;

/** `POST /rest/task/updTask`: the job type does not change. */
export const UpdTaskBody = Type.Object({ id: RecordId('任务编号'), ...taskFields });
export type UpdTaskBody = Static<typeof UpdTaskBody>;

/** `POST /rest/task/delTask`: one task or several (comma-joined), with their history. */
export const DelTaskBody = Type.Object({ ids: IdListText('任务编号') });
export type DelTaskBody = Static<typeof DelTaskBody>;

/** `POST /rest/task/pauseTask`, `resumeTask`, `runTask` (立即执行: queued for the next free process). */
export const TaskIdBody = Type.Object({ id: RecordId('任务编号') });
export type TaskIdBody = Static<typeof TaskIdBody>;

/** A run in a task's history. */
export const TaskRunRow = Type.Object({
  id: Type.String(),
  /** 'cron' (on schedule) or 'manual' (立即执行). */
  trigger: Type.String(),
  /** ISO 8601: the schedule's time, or when 立即执行 was pressed. */
  scheduledTime: Type.String(),
  /** 'queued' | 'running' | 'success' | 'failed'. */
  status: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  durationMs: Nullable(Type.Integer()),
  result: Nullable(Type.String()),
  error: Nullable(Type.String()),
  /** How many times a process took it up (more than 1: a process died while running it). */
  attempts: Type.Integer(),
});
export type TaskRunRow = Static<typeof TaskRunRow>;

/** `POST /rest/task/getTaskRunPage` → `dataSet`: a page of one task's history. */
export const TaskRunPage = ListAnswer(TaskRunRow);
export type TaskRunPage = Static<typeof TaskRunPage>;

/** addTask → `dataSet`: the new task's id. */
const AddedTask = Type.Object({ id: Type.String() });

/** updTask, pauseTask, resumeTask → `dataSet`: 0 when nothing changed (already paused / running). */
const TaskUpdated = Type.Object({ updated: Type.Integer() });

/** runTask → `dataSet`: the queued run's id. */
const TaskRunQueued = Type.Object({ runId: Type.String() });

/** 系统管理 › 定时任务's permission codes. */
export const taskCodes = defineCodes({
  list: 'system:task:list',
  add: 'system:task:add',
  edit: 'system:task:edit',
  delete: 'system:task:delete',
  run: 'system:task:run',
});

/** 系统管理 › 定时任务's calls. 暂停 / 恢复 change the task's schedule: the edit permission. */
export const taskCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/task/getTaskPage',
    permission: taskCodes.list,
    body: ListRequest,
    answer: TaskPage,
  }),
  export: defineCall({
    method: 'POST',
    path: '/rest/task/exportTaskXls',
    permission: taskCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  jobTypes: defineCall({
    method: 'POST',
    path: '/rest/task/getJobTypes',
    permission: taskCodes.list,
    body: EmptyBody,
    answer: JobTypeList,
  }),
  checkCron: defineCall({
    method: 'POST',
    path: '/rest/task/checkCron',
    permission: taskCodes.list,
    body: CheckCronBody,
    answer: CronCheckResult,
  }),
  /**
   * 执行记录, a generic list of one task's runs: `filters.taskId` is required (the task whose
   * history is shown); also `status`, `trigger` and the planned days `scheduledFrom` /
   * `scheduledTo`; sort on the times, `durationMs` and `status`; newest planned first.
   */
  runPage: defineCall({
    method: 'POST',
    path: '/rest/task/getTaskRunPage',
    permission: taskCodes.list,
    body: ListRequest,
    answer: TaskRunPage,
  }),
  /**
   * 执行记录 as a file: the runs the list query matches (`filters.taskId`: one task's, as the page
   * sends it; without it every task's), in the list's sort, or the selected run ids, the
   * columns shown (`field`) with the task's name always → 执行记录.xlsx. Like the tasks' own
   * 导出, the list code is enough.
   */
  runsExport: defineCall({
    method: 'POST',
    path: '/rest/task/exportTaskRunXls',
    permission: taskCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/task/addTask',
    permission: taskCodes.add,
    body: AddTaskBody,
    answer: AddedTask,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/task/updTask',
    permission: taskCodes.edit,
    body: UpdTaskBody,
    answer: TaskUpdated,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/rest/task/delTask',
    permission: taskCodes.delete,
    body: DelTaskBody,
    answer: ListDeleted,
  }),
  pause: defineCall({
    method: 'POST',
    path: '/rest/task/pauseTask',
    permission: taskCodes.edit,
    body: TaskIdBody,
    answer: TaskUpdated,
  }),
  resume: defineCall({
    method: 'POST',
    path: '/rest/task/resumeTask',
    permission: taskCodes.edit,
    body: TaskIdBody,
    answer: TaskUpdated,
  }),
  run: defineCall({
    method: 'POST',
    path: '/rest/task/runTask',
    permission: taskCodes.run,
    body: TaskIdBody,
    answer: TaskRunQueued,
  }),
};
