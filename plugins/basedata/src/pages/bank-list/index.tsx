import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, ListPage, createListStore } from '@cotton/sdk';
import type { AdminBankRow } from '@cotton/sdk/contracts';
import type { ListStore } from '@cotton/sdk';
import { bankCalls, bankCodes } from '@cotton/sdk/calls';
import { setBankStatus } from '../../api';
import { StatusSwitch, statusDetailField } from '../../components/status';
import { BankFormDrawer } from './bank-form';
import { getBankColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { BankFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

type BankStore = ListStore<AdminBankRow, BankFilters>;

function createBankStore(edit: (row: AdminBankRow) => void): BankStore {
  const t = locale;
  let created: BankStore | null = null;
  const store = createListStore<AdminBankRow, BankFilters>({
    rowKey: 'id',
    columns: getBankColumns(t, (row) => (
      <StatusSwitch
        status={row.status}
        permission={bankCodes.edit}
        testId={`bank-status-${row.code}`}
        change={(status) => setBankStatus({ ids: row.id, status })}
        onChanged={() => void created?.load()}
      />
    )),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: bankCalls.page,
      export: bankCalls.export,
      import: { call: bankCalls.import, template: bankCalls.importTemplate },
    },
    permissions: { add: bankCodes.add, edit: bankCodes.edit, import: bankCodes.import },
    detail: { fields: [statusDetailField(t['bankList.fields.status'])] },
    rowActions: { testIdPrefix: 'bank', testId: (row) => row.code, edit: { onClick: edit }, width: 100 },
    defaultSort: { field: 'sort', order: 'asc' },
    storageKey: 'basedata-bank-list',
    exportFileName: '银行.xlsx',
  });
  created = store;
  return store;
}

type FormState = { visible: false } | { visible: true; bank: AdminBankRow | null };

/**
 * 系统管理 › 银行管理 (`/system/bank`, `system:bank:list`): the banks registration offers
 * (`/rest/bank/queryBanks`, enabled ones) and those for settlement accounts
 * (`/rest/bank/queryAccountBanks`, flagged); 新增, 编辑 and the 启用 / 停用 switch. Banks are
 * disabled, not deleted: applications hold their names.
 */
export function BankList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [store] = useState(() => createBankStore((bank) => setFormState({ visible: true, bank })));

  return (
    <div className={styles.container} data-testid="bank-list">
      <ListPage<AdminBankRow, BankFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['bankList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={bankCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="bank-add"
              onClick={() => setFormState({ visible: true, bank: null })}
            >
              {t['bankList.add']}
            </Button>
          </Authorized>
        }
      />
      <BankFormDrawer
        t={t}
        visible={formState.visible}
        bank={formState.visible ? formState.bank : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
    </div>
  );
}
