import { request } from '@cotton/sdk';
import { taskCalls } from '@cotton/sdk/calls';
import type { DelTaskBody } from '@cotton/sdk/contracts';

// 系统管理 › 定时任务 (docs/architecture.md "Jobs"); the calls and shapes are the wire
// contracts of `@cotton/sdk` (sdk/src/contracts/task.ts).

/** delTask's body for one task or several: the ids comma-joined. */
export function taskIdsBody(ids: string[]): DelTaskBody {
  return { ids: ids.join(',') };
}

export const getJobTypes = () => request.call(taskCalls.jobTypes, {});
export const checkCron = (cron: string) => request.call(taskCalls.checkCron, { cron });
export const pauseTask = (id: string) => request.call(taskCalls.pause, { id });
export const resumeTask = (id: string) => request.call(taskCalls.resume, { id });
export const runTask = (id: string) => request.call(taskCalls.run, { id });
