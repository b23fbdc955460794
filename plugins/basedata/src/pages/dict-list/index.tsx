import { useState } from 'react';
import { Button, Popconfirm, Space, Typography } from '@arco-design/web-react';
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

function createDictStore() {
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
  const [store] = useState(createDictStore);
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [itemsOf, setItemsOf] = useState<AdminDictRow | null>(null);

  const rowActions = (row: AdminDictRow) => (
    <Space size={4}>
      <Button type="text" size="small" data-testid={`dict-items-${row.code}`} onClick={() => setItemsOf(row)}>
        {t['dictList.items']}
      </Button>
      <Authorized code={dictAdminCodes.edit}>
        <Button
          type="text"
          size="small"
          data-testid={`dict-edit-${row.code}`}
          onClick={() => setFormState({ visible: true, dict: row })}
        >
          {t['dictList.edit']}
        </Button>
      </Authorized>
      {!row.system && (
        <Authorized code={dictAdminCodes.delete}>
          <Popconfirm
            title={fillText(t['dictList.confirm.delete'], { name: row.name })}
            okButtonProps={{ status: 'danger' }}
            onOk={() => store.delete(row)}
          >
            <Button type="text" size="small" status="danger" data-testid={`dict-delete-${row.code}`}>
              {t['dictList.delete']}
            </Button>
          </Popconfirm>
        </Authorized>
      )}
    </Space>
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
        rowActions={rowActions}
        rowActionsWidth={200}
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
