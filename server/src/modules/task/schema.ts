import { CronCheckResult, Envelope, JobTypeList, ListDeleted, TaskPage, TaskRunPage } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 系统管理 › 定时任务: the wire contracts (sdk/src/contracts/task.ts, list.ts).
export {
  AddTaskBody,
  CheckCronBody,
  DelTaskBody,
  EmptyBody,
  ListExportBody,
  ListRequest,
  TaskIdBody,
  TaskRunsBody,
  UpdTaskBody,
} from '@cotton/sdk/contracts';

export const TaskPageResponse = Envelope(TaskPage);
export const JobTypesResponse = Envelope(JobTypeList);
export const CronCheckResponse = Envelope(CronCheckResult);
export const TaskRunPageResponse = Envelope(TaskRunPage);
export const TaskDeletedResponse = Envelope(ListDeleted);
/** addTask answers the new task's id. */
export const AddedTaskResponse = Envelope(Type.Object({ id: Type.String() }));
/** updTask, pauseTask, resumeTask: 0 when nothing changed (already paused / running). */
export const TaskUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
/** runTask answers the queued run's id. */
export const TaskRunQueuedResponse = Envelope(Type.Object({ runId: Type.String() }));
