import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import {
  ListExportBody,
  ListRequest,
  LogDetailBody,
  LoginLogPageResponse,
  OperationLogDetailResponse,
  OperationLogPageResponse,
  VisitLogPageResponse,
} from './schema';
import {
  LOGIN_LOG_EXPORT_COLUMNS,
  LOGIN_LOG_EXPORT_PERMISSION,
  LOGIN_LOG_PERMISSION,
  loginLogExport,
  loginLogPage,
  OPERATION_LOG_EXPORT_COLUMNS,
  OPERATION_LOG_EXPORT_PERMISSION,
  OPERATION_LOG_PERMISSION,
  operationLogDetail,
  operationLogExport,
  operationLogPage,
  VISIT_LOG_EXPORT_COLUMNS,
  VISIT_LOG_EXPORT_PERMISSION,
  VISIT_LOG_PERMISSION,
  visitLogExport,
  visitLogPage,
} from './service';

/**
 * 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/auth.md "Logs"): page, detail and export,
 * read-only. The exports are themselves operations (导出), so 操作日志 shows who took a copy.
 */
export const logRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/log/getOperationLogPage',
    {
      config: { permission: OPERATION_LOG_PERMISSION },
      schema: { body: ListRequest, response: { 200: OperationLogPageResponse } },
    },
    async (request) => ok(await operationLogPage(db, request.body)),
  );

  app.post(
    '/rest/log/getOperationLogDetail',
    {
      config: { permission: OPERATION_LOG_PERMISSION },
      schema: { body: LogDetailBody, response: { 200: OperationLogDetailResponse } },
    },
    async (request) => ok(await operationLogDetail(db, Number(request.body.id))),
  );

  app.post(
    '/rest/log/exportOperationLog',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: OPERATION_LOG_EXPORT_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await operationLogExport(db, request.body);
      return sendXlsx(reply, {
        filename: '操作日志.xlsx',
        sheetName: '操作日志',
        columns: pickColumns(OPERATION_LOG_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/log/getLoginLogPage',
    {
      config: { permission: LOGIN_LOG_PERMISSION },
      schema: { body: ListRequest, response: { 200: LoginLogPageResponse } },
    },
    async (request) => ok(await loginLogPage(db, request.body)),
  );

  app.post(
    '/rest/log/exportLoginLog',
    { config: { permission: LOGIN_LOG_EXPORT_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await loginLogExport(db, request.body);
      return sendXlsx(reply, {
        filename: '登录日志.xlsx',
        sheetName: '登录日志',
        columns: pickColumns(LOGIN_LOG_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/log/getVisitLogPage',
    {
      config: { permission: VISIT_LOG_PERMISSION },
      schema: { body: ListRequest, response: { 200: VisitLogPageResponse } },
    },
    async (request) => ok(await visitLogPage(db, request.body)),
  );

  app.post(
    '/rest/log/exportVisitLog',
    { config: { permission: VISIT_LOG_EXPORT_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await visitLogExport(db, request.body);
      return sendXlsx(reply, {
        filename: '访问日志.xlsx',
        sheetName: '访问日志',
        columns: pickColumns(VISIT_LOG_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );
};
