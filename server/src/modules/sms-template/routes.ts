import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import { smsSenderFor } from '../sms/sender';
import {
  AddedSmsTemplateResponse,
  AddSmsTemplateBody,
  ListExportBody,
  ListRequest,
  SendMsgBody,
  SmsSentResponse,
  SmsTemplateDeletedResponse,
  SmsTemplateIdBody,
  SmsTemplateIdsBody,
  SmsTemplatePageResponse,
  SmsTemplateUpdatedResponse,
  UpdSmsTemplateBody,
} from './schema';
import {
  addSmsTemplate,
  deleteSmsTemplates,
  SMS_TEMPLATE_ADD_PERMISSION,
  SMS_TEMPLATE_DELETE_PERMISSION,
  SMS_TEMPLATE_EDIT_PERMISSION,
  SMS_TEMPLATE_EXPORT_COLUMNS,
  SMS_TEMPLATE_LIST_PERMISSION,
  SMS_TEMPLATE_SEND_PERMISSION,
  sendTemplateMessage,
  smsTemplateExport,
  smsTemplatePage,
  templateIds,
  updateSmsTemplate,
} from './service';

/** 系统管理 › 短信模板 (docs/architecture.md "SMS templates", docs/auth.md). */
export const smsTemplateRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const sender = smsSenderFor(app.config, app.log);

  app.post(
    '/rest/templateService/getTemplateByPage',
    {
      config: { permission: SMS_TEMPLATE_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: SmsTemplatePageResponse } },
    },
    async (request) => ok(await smsTemplatePage(db, request.body)),
  );

  app.post(
    '/rest/templateService/exportTemplateXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: SMS_TEMPLATE_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await smsTemplateExport(db, request.body);
      return sendXlsx(reply, {
        filename: '短信模板.xlsx',
        sheetName: '短信模板',
        columns: pickColumns(SMS_TEMPLATE_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/templateService/addTemplate',
    {
      config: { permission: SMS_TEMPLATE_ADD_PERMISSION },
      schema: { body: AddSmsTemplateBody, response: { 200: AddedSmsTemplateResponse } },
    },
    async (request) => ok(await addSmsTemplate(db, request, request.body)),
  );

  app.post(
    '/rest/templateService/updTemplate',
    {
      config: { permission: SMS_TEMPLATE_EDIT_PERMISSION },
      schema: { body: UpdSmsTemplateBody, response: { 200: SmsTemplateUpdatedResponse } },
    },
    async (request) => ok(await updateSmsTemplate(db, request, request.body)),
  );

  app.post(
    '/rest/templateService/deleteTemplateById',
    {
      config: { permission: SMS_TEMPLATE_DELETE_PERMISSION },
      schema: { body: SmsTemplateIdBody, response: { 200: SmsTemplateDeletedResponse } },
    },
    async (request) => ok(await deleteSmsTemplates(db, request, [Number(request.body.id)])),
  );

  app.post(
    '/rest/templateService/deleteTemplateByIds',
    {
      config: { permission: SMS_TEMPLATE_DELETE_PERMISSION },
      schema: { body: SmsTemplateIdsBody, response: { 200: SmsTemplateDeletedResponse } },
    },
    async (request) => ok(await deleteSmsTemplates(db, request, templateIds(request.body.ids))),
  );

  app.post(
    '/rest/templateService/sendMsg',
    {
      config: { permission: SMS_TEMPLATE_SEND_PERMISSION },
      schema: { body: SendMsgBody, response: { 200: SmsSentResponse } },
    },
    async (request) => ok(await sendTemplateMessage(db, sender, request, request.body)),
  );
};
