import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { AdminDictRow } from '@cotton/sdk/contracts';
import { dictAdminCalls, dictAdminCodes } from '@cotton/sdk/calls';
import { idsBody } from '../../api';
import { getDictColumns } from './columns';
import { DictFormDrawer } from './dict-form';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { DictFilters } from './fields';
import { ItemsDrawer } from './items-drawer';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

interface DictActions {
  edit: (row: AdminDictRow) => void;
  /** 字典项: the category's items. */
  items: (row: AdminDictRow) => void;
}

function createDictStore({ edit, items }: DictActions) {
  const t = locale;
  return createListStore<AdminDictRow, DictFilters>({
    rowKey: 'id',
    columns: getDictColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: dictAdminCalls.page,
      export: dictAdminCalls.export,
      delete: { call: dictAdminCalls.delete, body: (row) => idsBody([row.id]) },
      batchDelete: { call: dictAdminCalls.delete, body: (ids) => idsBody(ids) },
    },
    permissions: { add: dictAdminCodes.add, edit: dictAdminCodes.edit, delete: dictAdminCodes.delete },
    rowActions: {
      testIdPrefix: 'dict',
      testId: (row) => row.code,
      edit: { onClick: edit },
      actions: [{ key: 'items', label: t['dictList.items'], onClick: items }],
      // The system's own categories are refused by the server.
      delete: {
        confirm: (row) => fillText(t['dictList.confirm.delete'], { name: row.name }),
        visible: (row) => !row.system,
      },
      width: 200,
    },
    defaultSort: { field: 'code', order: 'asc' },
    storageKey: 'basedata-dict-list',
    exportFileName: '数据字典.xlsx',
  });
}

type FormState = { visible: false } | { visible: true; dict: AdminDictRow | null };

/**
 * 系统管理 › 数据字典 (`/system/dict`, `system:dict:list`): the categories over
 * /rest/dict/getDictPage with 新增 / 编辑 / 删除 (refused for the system's own) and 字典项,
 * a drawer with the category's items in their order.
 */
export function DictList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [itemsOf, setItemsOf] = useState<AdminDictRow | null>(null);
  const [store] = useState(() =>
    createDictStore({ edit: (dict) => setFormState({ visible: true, dict }), items: setItemsOf }),
  );

  return (
    <div className={styles.container} data-testid="dict-list">
      <ListPage<AdminDictRow, DictFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['dictList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={dictAdminCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="dict-add"
              onClick={() => setFormState({ visible: true, dict: null })}
            >
              {t['dictList.add']}
            </Button>
          </Authorized>
        }
      />
      <DictFormDrawer
        t={t}
        visible={formState.visible}
        dict={formState.visible ? formState.dict : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
      <ItemsDrawer
        t={t}
        dict={itemsOf}
        onClose={() => {
          setItemsOf(null);
          // Item counts changed with the items.
          void store.load();
        }}
      />
    </div>
  );
}
