import { useState } from 'react';
import { Alert, Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { AdminDataRuleRow } from '@cotton/sdk/contracts';
import { dataRuleCalls, dataRuleCodes } from '@cotton/sdk/calls';
import { dataRuleIdsBody } from '../../api';
import { getDataRuleColumns } from './columns';
import { DataRuleFormDrawer } from './data-rule-form';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { DataRuleFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createDataRuleStore(edit: (row: AdminDataRuleRow) => void) {
  const t = locale;
  return createListStore<AdminDataRuleRow, DataRuleFilters>({
    rowKey: 'id',
    columns: getDataRuleColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: dataRuleCalls.page,
      delete: { call: dataRuleCalls.delete, body: (row) => dataRuleIdsBody([row.id]) },
      batchDelete: { call: dataRuleCalls.delete, body: (ids) => dataRuleIdsBody(ids) },
      export: dataRuleCalls.export,
    },
    permissions: {
      add: dataRuleCodes.add,
      edit: dataRuleCodes.edit,
      delete: dataRuleCodes.delete,
      export: dataRuleCodes.export,
    },
    exportFileName: '数据权限.xlsx',
    rowActions: {
      testIdPrefix: 'data-rule',
      edit: { onClick: edit },
      delete: { confirm: (row) => fillText(t['dataRuleList.confirm.delete'], { name: row.name }) },
      width: 140,
    },
    storageKey: 'system-data-rule-list',
  });
}

type FormState = { visible: false } | { visible: true; rule: AdminDataRuleRow | null };

/**
 * 系统管理 › 数据权限 (`/system/data-rule`, `system:datarule:list`): the rules limiting which
 * rows of a menu's list the roles they are given to see, on the generic admin list.
 */
export function DataRuleList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [store] = useState(() => createDataRuleStore((rule) => setFormState({ visible: true, rule })));

  return (
    <div className={styles.container} data-testid="data-rule-list">
      <ListPage<AdminDataRuleRow, DataRuleFilters>
        store={store}
        header={
          <>
            <Typography.Title heading={5} className={styles.title}>
              {t['dataRuleList.title']}
            </Typography.Title>
            <Alert type="info" content={t['dataRuleList.hint']} style={{ marginBottom: 16 }} />
          </>
        }
        toolbar={
          <Authorized code={dataRuleCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="data-rule-add"
              onClick={() => setFormState({ visible: true, rule: null })}
            >
              {t['dataRuleList.add']}
            </Button>
          </Authorized>
        }
      />
      <DataRuleFormDrawer
        t={t}
        visible={formState.visible}
        rule={formState.visible ? formState.rule : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
    </div>
  );
}
