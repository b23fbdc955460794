import { appAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { addApp, appExport, appOptions, appPage, deleteApps, updateApp } from './service';

/** 系统管理 › 应用管理 (docs/auth.md "App administration"). */
export const appAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, appAdminCalls.page, (request) => appPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, appAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await appExport(db, request.body);
    return sendXlsx(reply, {
      filename: '应用列表.xlsx',
      sheetName: '应用',
      columns,
      batches,
    });
  });

  route(app, appAdminCalls.options, () => appOptions(db));
  route(app, appAdminCalls.add, (request) => addApp(db, request, request.body));
  route(app, appAdminCalls.update, (request) => updateApp(db, request, request.body));
  route(app, appAdminCalls.delete, (request) => deleteApps(db, request, request.body.ids));
};
