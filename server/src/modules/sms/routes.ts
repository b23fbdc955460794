import { smsCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { deleteSmsById, deleteSmsByIds, smsExport, smsPage } from './service';

/** 系统管理 › 短信日志 (docs/auth.md "SMS log"). */
export const smsRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, smsCalls.page, (request) => smsPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, smsCalls.export, async (request, reply) => {
    const { columns, batches } = await smsExport(db, request.body);
    return sendXlsx(reply, {
      filename: '短信日志.xlsx',
      sheetName: '短信日志',
      columns,
      batches,
    });
  });

  route(app, smsCalls.delete, (request) => deleteSmsById(db, request, request.body.id));
  route(app, smsCalls.deleteMany, (request) => deleteSmsByIds(db, request, request.body.ids));
};
