import { useState } from 'react';
import { Button, Popconfirm, Space, Typography } from '@arco-design/web-react';
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

function createTemplateStore() {
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
    },
    permissions: {
      add: smsTemplateCodes.add,
      edit: smsTemplateCodes.edit,
      delete: smsTemplateCodes.delete,
      export: smsTemplateCodes.list,
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
  const [store] = useState(createTemplateStore);
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [sending, setSending] = useState<SmsTemplateRow | null>(null);

  const rowActions = (row: SmsTemplateRow) => (
    <Space size={4}>
      <Authorized code={smsTemplateCodes.edit}>
        <Button
          type="text"
          size="small"
          data-testid={`template-edit-${row.code}`}
          onClick={() => setFormState({ visible: true, template: row })}
        >
          {t['templateList.edit']}
        </Button>
      </Authorized>
      {row.enabled && (
        <Authorized code={smsTemplateCodes.send}>
          <Button type="text" size="small" data-testid={`template-send-${row.code}`} onClick={() => setSending(row)}>
            {t['templateList.send']}
          </Button>
        </Authorized>
      )}
      {!row.system && (
        <Authorized code={smsTemplateCodes.delete}>
          <Popconfirm
            title={fillText(t['templateList.confirm.delete'], { name: row.name })}
            okButtonProps={{ status: 'danger' }}
            onOk={() => store.delete(row)}
          >
            <Button type="text" size="small" status="danger" data-testid={`template-delete-${row.code}`}>
              {t['templateList.delete']}
            </Button>
          </Popconfirm>
        </Authorized>
      )}
    </Space>
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
        rowActions={rowActions}
        rowActionsWidth={200}
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
