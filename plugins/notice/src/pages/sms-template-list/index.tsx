import { useState } from 'react';
import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { AddSmsTemplateBody, SmsTemplateRow } from '@cotton/sdk/contracts';
import { smsTemplateCalls, smsTemplateCodes } from '@cotton/sdk/calls';
import { getTemplateColumns } from './columns';
import { getTemplateForm } from './fields';
import type { TemplateFilters } from './fields';
import locale from './locale/zh-CN';
import { SendDialog } from './send-dialog';

const t = locale;
const FORM = getTemplateForm(t);

/**
 * 系统管理 › 短信模板 (`/system/sms-template`, `system:smstemplate:list`): the generic admin
 * list over /rest/templateService/getTemplateByPage with 新增 / 编辑 (a drawer), 删除 and
 * 批量删除 (system templates refused by the server), 导出 and 测试发送 (sendMsg).
 */
export function SmsTemplateList() {
  const [sending, setSending] = useState<SmsTemplateRow | null>(null);
  return (
    <AdminListPage<SmsTemplateRow, TemplateFilters, AddSmsTemplateBody>
      title={t['templateList.title']}
      testId="template"
      form={FORM}
      list={{
        rowKey: 'id',
        ...adminColumns(getTemplateColumns(t)),
        calls: {
          list: smsTemplateCalls.page,
          delete: { call: smsTemplateCalls.delete },
          batchDelete: { call: smsTemplateCalls.deleteMany },
          export: smsTemplateCalls.export,
          import: { call: smsTemplateCalls.import, template: smsTemplateCalls.importTemplate },
        },
        permissions: {
          add: smsTemplateCodes.add,
          edit: smsTemplateCodes.edit,
          delete: smsTemplateCodes.delete,
          export: smsTemplateCodes.list,
          import: smsTemplateCodes.import,
        },
        rowActions: {
          testId: (row) => row.code,
          actions: [
            {
              key: 'send',
              label: t['templateList.send'],
              permission: smsTemplateCodes.send,
              visible: (row) => row.enabled,
              onClick: setSending,
            },
          ],
          // The system's own templates are refused by the server.
          delete: {
            confirm: (row) => fillText(t['templateList.confirm.delete'], { name: row.name }),
            visible: (row) => !row.system,
          },
          width: 200,
        },
        exportFileName: '短信模板.xlsx',
        storageKey: 'notice-sms-template-list',
      }}
    >
      {() => <SendDialog t={t} template={sending} onClose={() => setSending(null)} />}
    </AdminListPage>
  );
}
