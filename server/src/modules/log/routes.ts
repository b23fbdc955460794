import { logCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { scopeUserOf } from '../data-scope/scope';
import { sendXlsx } from '../../lib/list/xlsx';
import {
  loginLogExport,
  loginLogPage,
  operationLogDetail,
  operationLogExport,
  operationLogPage,
  visitLogExport,
  visitLogPage,
} from './service';

/**
 * 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/auth.md "Logs"): page, detail and export,
 * read-only, each within the caller's data scope on its menu (service.ts). The exports are
 * themselves operations (导出), so 操作日志 shows who took a copy.
 */
export const logRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, logCalls.operationPage, (request) => operationLogPage(db, scopeUserOf(request), request.body));
  route(app, logCalls.operationDetail, (request) =>
    operationLogDetail(db, scopeUserOf(request), Number(request.body.id)),
  );

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, logCalls.operationExport, async (request, reply) => {
    const { columns, batches } = await operationLogExport(db, scopeUserOf(request), request.body);
    return sendXlsx(reply, {
      filename: '操作日志.xlsx',
      sheetName: '操作日志',
      columns,
      batches,
    });
  });

  route(app, logCalls.loginPage, (request) => loginLogPage(db, scopeUserOf(request), request.body));
  route(app, logCalls.loginExport, async (request, reply) => {
    const { columns, batches } = await loginLogExport(db, scopeUserOf(request), request.body);
    return sendXlsx(reply, {
      filename: '登录日志.xlsx',
      sheetName: '登录日志',
      columns,
      batches,
    });
  });

  route(app, logCalls.visitPage, (request) => visitLogPage(db, scopeUserOf(request), request.body));
  route(app, logCalls.visitExport, async (request, reply) => {
    const { columns, batches } = await visitLogExport(db, scopeUserOf(request), request.body);
    return sendXlsx(reply, {
      filename: '访问日志.xlsx',
      sheetName: '访问日志',
      columns,
      batches,
    });
  });
};
