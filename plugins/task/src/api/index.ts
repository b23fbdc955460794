import { request } from '@cotton/sdk';
import type {
  AddTaskBody,
  CronCheckResult,
  DelTaskBody,
  JobTypeList,
  TaskRunPage,
  TaskRunsBody,
  UpdTaskBody,
} from '@cotton/sdk';

// 系统管理 › 定时任务 (docs/architecture.md "Jobs"); the shapes are the wire contracts of
// `@cotton/sdk` (sdk/src/contracts/task.ts).

export const TASK_PAGE_URL = '/rest/task/getTaskPage';
export const TASK_EXPORT_URL = '/rest/task/exportTaskXls';
export const JOB_TYPES_URL = '/rest/task/getJobTypes';
export const CHECK_CRON_URL = '/rest/task/checkCron';
export const TASK_RUNS_URL = '/rest/task/getTaskRuns';
export const TASK_ADD_URL = '/rest/task/addTask';
export const TASK_UPDATE_URL = '/rest/task/updTask';
export const TASK_DELETE_URL = '/rest/task/delTask';
export const TASK_PAUSE_URL = '/rest/task/pauseTask';
export const TASK_RESUME_URL = '/rest/task/resumeTask';
export const TASK_RUN_URL = '/rest/task/runTask';

export const TASK_ADD_PERMISSION = 'system:task:add';
export const TASK_EDIT_PERMISSION = 'system:task:edit';
export const TASK_DELETE_PERMISSION = 'system:task:delete';
export const TASK_RUN_PERMISSION = 'system:task:run';

/** delTask's body for one task or several: the ids comma-joined. */
export function taskIdsBody(ids: string[]): DelTaskBody {
  return { ids: ids.join(',') };
}

export function getJobTypes(): Promise<JobTypeList> {
  return request.post<JobTypeList>(JOB_TYPES_URL, {});
}

export function checkCron(cron: string): Promise<CronCheckResult> {
  return request.post<CronCheckResult>(CHECK_CRON_URL, { cron });
}

export function getTaskRuns(body: TaskRunsBody): Promise<TaskRunPage> {
  return request.post<TaskRunPage>(TASK_RUNS_URL, body);
}

export function addTask(body: AddTaskBody): Promise<{ id: string }> {
  return request.post<{ id: string }>(TASK_ADD_URL, body);
}

export function updateTask(body: UpdTaskBody): Promise<unknown> {
  return request.post(TASK_UPDATE_URL, body);
}

export function pauseTask(id: string): Promise<unknown> {
  return request.post(TASK_PAUSE_URL, { id });
}

export function resumeTask(id: string): Promise<unknown> {
  return request.post(TASK_RESUME_URL, { id });
}

export function runTask(id: string): Promise<{ runId: string }> {
  return request.post<{ runId: string }>(TASK_RUN_URL, { id });
}
