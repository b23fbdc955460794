import { declareAuditLabels } from '../shared/audit-labels';
import { JOB_TYPES } from '../../job-types';
import { taskCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import {
  addTask,
  cronPreview,
  deleteTasks,
  jobTypes,
  pauseTask,
  resumeTask,
  runTask,
  taskExport,
  taskRunExport,
  taskPage,
  taskRunPage,
  updateTask,
} from './service';

/** 系统管理 › 定时任务 (docs/architecture.md "Jobs"). */
export const taskRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  declareAuditLabels('task', {
    values: {
      status: { '1': '运行中', '2': '已暂停' },
      jobType: Object.fromEntries(JOB_TYPES.map((type) => [type.name, type.title])),
    },
  });
  route(app, taskCalls.page, (request) => taskPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, taskCalls.export, async (request, reply) => {
    const { columns, batches } = await taskExport(db, request.body);
    return sendXlsx(reply, {
      filename: '定时任务.xlsx',
      sheetName: '定时任务',
      columns,
      batches,
    });
  });

  route(app, taskCalls.jobTypes, () => jobTypes());
  route(app, taskCalls.checkCron, (request) => cronPreview(request.body.cron));
  route(app, taskCalls.runPage, (request) => taskRunPage(db, request.body));
  route(app, taskCalls.runsExport, async (request, reply) => {
    const { columns, batches } = await taskRunExport(db, request.body);
    return sendXlsx(reply, {
      filename: '执行记录.xlsx',
      sheetName: '执行记录',
      columns,
      batches,
    });
  });
  route(app, taskCalls.add, (request) => addTask(db, request, request.body));
  route(app, taskCalls.update, (request) => updateTask(db, request, request.body));
  route(app, taskCalls.delete, (request) => deleteTasks(db, request, request.body.ids));
  // 暂停 / 恢复 change the task's schedule: the edit permission.
  route(app, taskCalls.pause, (request) => pauseTask(db, request, Number(request.body.id)));
  route(app, taskCalls.resume, (request) => resumeTask(db, request, Number(request.body.id)));
  route(app, taskCalls.run, (request) => runTask(db, request, Number(request.body.id)));
};
