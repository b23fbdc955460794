import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import {
  AddedTaskResponse,
  AddTaskBody,
  CheckCronBody,
  CronCheckResponse,
  DelTaskBody,
  EmptyBody,
  JobTypesResponse,
  ListExportBody,
  ListRequest,
  TaskDeletedResponse,
  TaskIdBody,
  TaskPageResponse,
  TaskRunPageResponse,
  TaskRunQueuedResponse,
  TaskRunsBody,
  TaskUpdatedResponse,
  UpdTaskBody,
} from './schema';
import {
  addTask,
  cronPreview,
  deleteTasks,
  jobTypes,
  pauseTask,
  resumeTask,
  runTask,
  TASK_ADD_PERMISSION,
  TASK_DELETE_PERMISSION,
  TASK_EDIT_PERMISSION,
  TASK_EXPORT_COLUMNS,
  TASK_LIST_PERMISSION,
  TASK_RUN_PERMISSION,
  taskExport,
  taskPage,
  taskRuns,
  updateTask,
} from './service';

/** 系统管理 › 定时任务 (docs/architecture.md "Jobs"). */
export const taskRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/task/getTaskPage',
    {
      config: { permission: TASK_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: TaskPageResponse } },
    },
    async (request) => ok(await taskPage(db, request.body)),
  );

  app.post(
    '/rest/task/exportTaskXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: TASK_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await taskExport(db, request.body);
      return sendXlsx(reply, {
        filename: '定时任务.xlsx',
        sheetName: '定时任务',
        columns: pickColumns(TASK_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/task/getJobTypes',
    { config: { permission: TASK_LIST_PERMISSION }, schema: { body: EmptyBody, response: { 200: JobTypesResponse } } },
    async () => ok(jobTypes()),
  );

  app.post(
    '/rest/task/checkCron',
    {
      config: { permission: TASK_LIST_PERMISSION },
      schema: { body: CheckCronBody, response: { 200: CronCheckResponse } },
    },
    async (request) => ok(cronPreview(request.body.cron)),
  );

  app.post(
    '/rest/task/getTaskRuns',
    {
      config: { permission: TASK_LIST_PERMISSION },
      schema: { body: TaskRunsBody, response: { 200: TaskRunPageResponse } },
    },
    async (request) => ok(await taskRuns(db, request.body)),
  );

  app.post(
    '/rest/task/addTask',
    {
      config: { permission: TASK_ADD_PERMISSION },
      schema: { body: AddTaskBody, response: { 200: AddedTaskResponse } },
    },
    async (request) => ok(await addTask(db, request, request.body)),
  );

  app.post(
    '/rest/task/updTask',
    {
      config: { permission: TASK_EDIT_PERMISSION },
      schema: { body: UpdTaskBody, response: { 200: TaskUpdatedResponse } },
    },
    async (request) => ok(await updateTask(db, request, request.body)),
  );

  app.post(
    '/rest/task/delTask',
    {
      config: { permission: TASK_DELETE_PERMISSION },
      schema: { body: DelTaskBody, response: { 200: TaskDeletedResponse } },
    },
    async (request) => ok(await deleteTasks(db, request, request.body.ids)),
  );

  // 暂停 / 恢复 change the task's schedule: the edit permission.
  app.post(
    '/rest/task/pauseTask',
    {
      config: { permission: TASK_EDIT_PERMISSION },
      schema: { body: TaskIdBody, response: { 200: TaskUpdatedResponse } },
    },
    async (request) => ok(await pauseTask(db, request, Number(request.body.id))),
  );

  app.post(
    '/rest/task/resumeTask',
    {
      config: { permission: TASK_EDIT_PERMISSION },
      schema: { body: TaskIdBody, response: { 200: TaskUpdatedResponse } },
    },
    async (request) => ok(await resumeTask(db, request, Number(request.body.id))),
  );

  app.post(
    '/rest/task/runTask',
    {
      config: { permission: TASK_RUN_PERMISSION },
      schema: { body: TaskIdBody, response: { 200: TaskRunQueuedResponse } },
    },
    async (request) => ok(await runTask(db, request, Number(request.body.id))),
  );
};
