import { AddSmsTemplateBody } from '@cotton/sdk/contracts';
import type { FastifyRequest } from 'fastify';
import type { RowImport } from '../../lib/list/import-rows';
import type { ImportSheet } from '../../lib/list/xlsx-import';
import { addSmsTemplate } from './service';

/**
 * 短信模板 › 导入: each row is a 新增短信模板 (lib/list/import-rows.ts): the variables named in
 * 变量 (joined by 、 or ,) checked as the form checks them — each a well-formed name, each
 * used in the content as `${name}`, every placeholder declared.
 */

type SmsTemplateImportKey = 'code' | 'name' | 'content' | 'variables' | 'status';

export const SMS_TEMPLATE_IMPORT_SHEET: ImportSheet<SmsTemplateImportKey> = {
  columns: [
    { key: 'code', header: '模板编码', width: 20, required: true },
    { key: 'name', header: '模板名称', width: 20, required: true },
    { key: 'content', header: '模板内容', width: 60, required: true },
    { key: 'variables', header: '变量', width: 24 },
    { key: 'status', header: '状态', width: 10 },
  ],
  maxRows: 500,
};

export function smsTemplateImport(request: FastifyRequest): RowImport<SmsTemplateImportKey, typeof AddSmsTemplateBody> {
  return {
    sheet: SMS_TEMPLATE_IMPORT_SHEET,
    body: AddSmsTemplateBody,
    unique: ['code'],
    toBody: (read) => ({
      code: read.text('code'),
      name: read.text('name'),
      content: read.text('content'),
      variables: read.list('variables'),
      enabled: read.status('status') === '1',
    }),
    store: (tx, body) => addSmsTemplate(tx, request, body),
  };
}
