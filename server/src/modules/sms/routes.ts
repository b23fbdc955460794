import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import {
  DeletedResponse,
  DeleteSmsByIdBody,
  DeleteSmsByIdsBody,
  SmsExportBody,
  SmsPageBody,
  SmsPageResponse,
} from './schema';
import {
  deleteSmsById,
  deleteSmsByIds,
  SMS_DELETE_PERMISSION,
  SMS_EXPORT_COLUMNS,
  SMS_LIST_PERMISSION,
  smsExport,
  smsPage,
} from './service';

/** 系统管理 › 短信日志 (docs/auth.md "SMS log"). */
export const smsRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/smsService/getSmsByPage',
    { config: { permission: SMS_LIST_PERMISSION }, schema: { body: SmsPageBody, response: { 200: SmsPageResponse } } },
    async (request) => ok(await smsPage(db, request.body)),
  );

  app.post(
    '/rest/smsService/exportSmsXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: SMS_LIST_PERMISSION }, schema: { body: SmsExportBody } },
    async (request, reply) => {
      const { columns, batches } = await smsExport(db, request.body);
      return sendXlsx(reply, {
        filename: '短信日志.xlsx',
        sheetName: '短信日志',
        columns: pickColumns(SMS_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/smsService/deleteSmsById',
    {
      config: { permission: SMS_DELETE_PERMISSION },
      schema: { body: DeleteSmsByIdBody, response: { 200: DeletedResponse } },
    },
    async (request) => ok(await deleteSmsById(db, request, request.body.id)),
  );

  app.post(
    '/rest/smsService/deleteSmsByIds',
    {
      config: { permission: SMS_DELETE_PERMISSION },
      schema: { body: DeleteSmsByIdsBody, response: { 200: DeletedResponse } },
    },
    async (request) => ok(await deleteSmsByIds(db, request, request.body.ids)),
  );
};
