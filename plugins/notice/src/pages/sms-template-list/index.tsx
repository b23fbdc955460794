import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { SmsTemplateRow } from '@cotton/sdk/contracts';
import { smsTemplateCalls, smsTemplateCodes } from '@cotton/sdk/calls';
import { getTemplateColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { TemplateFilters } from './fields';
import locale from './locale/zh-CN';
import { SendDialog } from './send-dialog';
import styles from './style/index.module.css';
import { TemplateFormDrawer } from './template-form';

interface TemplateActions {
  edit: (row: SmsTemplateRow) => void;
  /** 测试发送. */
  send: (row: SmsTemplateRow) => void;
}

function createTemplateStore({ edit, send }: TemplateActions) {
  const t = locale;
  return createListStore<SmsTemplateRow, TemplateFilters>({
    rowKey: 'id',
    columns: getTemplateColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
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
      testIdPrefix: 'template',
      testId: (row) => row.code,
      edit: { onClick: edit },
      actions: [
        {
          key: 'send',
          label: t['templateList.send'],
          permission: smsTemplateCodes.send,
          visible: (row) => row.enabled,
          onClick: send,
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
  });
}

type FormState = { visible: false } | { visible: true; template: SmsTemplateRow | null };

/**
 * 系统管理 › 短信模板 (`/system/sms-template`, `system:smstemplate:list`): the generic admin
 * list over /rest/templateService/getTemplateByPage with 新增 / 编辑 (a drawer), 删除 and
 * 批量删除 (system templates refused by the server), 导出 and 测试发送 (sendMsg).
 */
export function SmsTemplateList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [sending, setSending] = useState<SmsTemplateRow | null>(null);
  const [store] = useState(() =>
    createTemplateStore({ edit: (template) => setFormState({ visible: true, template }), send: setSending }),
  );

  return (
    <div className={styles.container} data-testid="sms-template-list">
      <ListPage<SmsTemplateRow, TemplateFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['templateList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={smsTemplateCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="template-add"
              onClick={() => setFormState({ visible: true, template: null })}
            >
              {t['templateList.add']}
            </Button>
          </Authorized>
        }
      />
      <TemplateFormDrawer
        t={t}
        visible={formState.visible}
        template={formState.visible ? formState.template : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
      <SendDialog t={t} template={sending} onClose={() => setSending(null)} />
    </div>
  );
}
