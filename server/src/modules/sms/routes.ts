import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { DeletedResponse, DeleteSmsByIdBody, DeleteSmsByIdsBody, SmsPageBody, SmsPageResponse } from './schema';
import { deleteSmsById, deleteSmsByIds, SMS_DELETE_PERMISSION, SMS_LIST_PERMISSION, smsPage } from './service';

/** 系统管理 › 短信日志 (docs/auth.md "SMS log"). */
export const smsRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/smsService/getSmsByPage',
    { config: { permission: SMS_LIST_PERMISSION }, schema: { body: SmsPageBody, response: { 200: SmsPageResponse } } },
    async (request) => ok(await smsPage(db, request.body)),
  );

  app.post(
    '/rest/smsService/deleteSmsById',
    {
      config: { permission: SMS_DELETE_PERMISSION },
      schema: { body: DeleteSmsByIdBody, response: { 200: DeletedResponse } },
    },
    async (request) => ok(await deleteSmsById(db, request.body.id)),
  );

  app.post(
    '/rest/smsService/deleteSmsByIds',
    {
      config: { permission: SMS_DELETE_PERMISSION },
      schema: { body: DeleteSmsByIdsBody, response: { 200: DeletedResponse } },
    },
    async (request) => ok(await deleteSmsByIds(db, request.body.ids)),
  );
};
