import { smsTemplateCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { importRows, registerListImport } from '../../lib/list/import-rows';
import { smsSenderFor } from '../sms/sender';
import { smsTemplateImport, SMS_TEMPLATE_IMPORT_SHEET } from './import';
import {
  addSmsTemplate,
  deleteSmsTemplates,
  sendTemplateMessage,
  smsTemplateExport,
  smsTemplatePage,
  templateIds,
  updateSmsTemplate,
} from './service';

/** 系统管理 › 短信模板 (docs/architecture.md "SMS templates", docs/auth.md). */
export const smsTemplateRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  const sender = smsSenderFor(app.config, app.log);

  route(app, smsTemplateCalls.page, (request) => smsTemplatePage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, smsTemplateCalls.export, async (request, reply) => {
    const { columns, batches } = await smsTemplateExport(db, request.body);
    return sendXlsx(reply, {
      filename: '短信模板.xlsx',
      sheetName: '短信模板',
      columns,
      batches,
    });
  });

  route(app, smsTemplateCalls.add, (request) => addSmsTemplate(db, request, request.body));
  route(app, smsTemplateCalls.update, (request) => updateSmsTemplate(db, request, request.body));
  route(app, smsTemplateCalls.delete, (request) => deleteSmsTemplates(db, request, [Number(request.body.id)]));
  route(app, smsTemplateCalls.deleteMany, (request) => deleteSmsTemplates(db, request, templateIds(request.body.ids)));
  route(app, smsTemplateCalls.send, (request) => sendTemplateMessage(db, sender, request, request.body));

  await registerListImport(
    app,
    { template: smsTemplateCalls.importTemplate, upload: smsTemplateCalls.import },
    { filename: '短信模板导入模板.xlsx', sheetName: '短信模板', sheet: SMS_TEMPLATE_IMPORT_SHEET },
    (request, rows) => importRows(db, rows, smsTemplateImport(request)),
  );
};
