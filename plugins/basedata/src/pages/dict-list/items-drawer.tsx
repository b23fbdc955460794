import { useState } from 'react';
import { Button, Drawer, Message } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconPlus } from '@arco-design/web-react/icon';
import {
  AdminFormDrawer,
  adminColumns,
  Authorized,
  createListStore,
  fillText,
  ListPage,
  toApiError,
  useTabDrawer,
} from '@cotton/sdk';
import type { AddDictItemBody, AdminDictItemRow, AdminDictRow } from '@cotton/sdk/contracts';
import type { ListStore } from '@cotton/sdk';
import { dictAdminCalls, dictAdminCodes } from '@cotton/sdk/calls';
import { idsBody, moveDictItem, setDictItemStatus } from '../../api';
import { StatusSwitch, statusDetailField } from '../../components/status';
import { getItemColumns } from './columns';
import { getItemForm } from './fields';
import type { DictItemFilters } from './fields';
import type { DictListLocale } from './locale/zh-CN';

type ItemStore = ListStore<AdminDictItemRow, DictItemFilters>;

interface ItemActions {
  edit: (row: AdminDictItemRow) => void;
  /** 上移 / 下移 in the category's order. */
  move: (row: AdminDictItemRow, direction: 'up' | 'down') => Promise<void>;
}

function createItemStore(t: DictListLocale, dict: AdminDictRow, { edit, move }: ItemActions): ItemStore {
  // The status cell reloads the list it sits in, created just below.
  let created: ItemStore | null = null;
  const store = createListStore<AdminDictItemRow, DictItemFilters>({
    rowKey: 'id',
    // The category stays whatever the search form or 重置 do.
    fixedFilters: { categoryCode: dict.code },
    ...adminColumns(
      getItemColumns(t, (row) => (
        <StatusSwitch
          status={row.status}
          permission={dictAdminCodes.edit}
          testId={`dict-item-status-${row.itemCode}`}
          change={(status) => setDictItemStatus({ ids: row.id, status })}
          onChanged={() => void created?.load()}
        />
      )),
    ),
    calls: {
      list: dictAdminCalls.itemPage,
      export: dictAdminCalls.itemExport,
      // Into the dictionary shown: sent with the file.
      import: {
        call: dictAdminCalls.itemImport,
        template: dictAdminCalls.itemImportTemplate,
        fields: { categoryCode: dict.code },
      },
      // The system's own categories refuse deletes (the server says so): their items are disabled instead.
      delete: dict.system ? undefined : { call: dictAdminCalls.itemDelete, body: (row) => idsBody([row.id]) },
      batchDelete: dict.system ? undefined : { call: dictAdminCalls.itemDelete, body: (ids) => idsBody(ids) },
    },
    permissions: {
      add: dictAdminCodes.add,
      edit: dictAdminCodes.edit,
      delete: dictAdminCodes.delete,
      import: dictAdminCodes.import,
    },
    detail: { fields: [statusDetailField(t['items.fields.status'])] },
    rowActions: {
      testIdPrefix: 'dict-item',
      testId: (row) => row.itemCode,
      edit: { onClick: edit },
      actions: [
        {
          key: 'up',
          label: t['items.up'],
          icon: <IconArrowUp />,
          permission: dictAdminCodes.edit,
          onClick: (row) => move(row, 'up'),
        },
        {
          key: 'down',
          label: t['items.down'],
          icon: <IconArrowDown />,
          permission: dictAdminCodes.edit,
          onClick: (row) => move(row, 'down'),
        },
      ],
      delete: { confirm: (row) => fillText(t['items.confirm.delete'], { name: row.itemValue }) },
      width: 200,
    },
    defaultSort: { field: 'sort', order: 'asc' },
    storageKey: 'basedata-dict-items',
    exportFileName: `字典项-${dict.code}.xlsx`,
  });
  created = store;
  return store;
}

export interface ItemsDrawerProps {
  t: DictListLocale;
  /** The category whose items are shown; `null`: closed. */
  dict: AdminDictRow | null;
  onClose: () => void;
}

/** The items of one category: order (上移 / 下移), 启用 / 停用, add, edit, delete, export. */
export function ItemsDrawer({ t, dict, onClose }: ItemsDrawerProps) {
  // A drawer of the page belongs to its tab (kept open, as left, when switching tabs and back).
  const tabDrawer = useTabDrawer();
  return (
    <Drawer
      {...tabDrawer}
      width={820}
      title={dict ? fillText(t['items.title'], { name: dict.name, code: dict.code }) : ''}
      visible={dict !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      {dict && <ItemsList key={dict.code} t={t} dict={dict} />}
    </Drawer>
  );
}

type FormState = { visible: false } | { visible: true; item: AdminDictItemRow | null };

function ItemsList({ t, dict }: { t: DictListLocale; dict: AdminDictRow }) {
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [itemForm] = useState(() => getItemForm(t, dict.code));
  const [store] = useState(() =>
    createItemStore(t, dict, {
      edit: (item) => setFormState({ visible: true, item }),
      move: async (row, direction) => {
        try {
          await moveDictItem({ id: row.id, direction });
          await store.load();
        } catch (failure) {
          const error = toApiError(failure);
          if (!error.handled) Message.error(error.message);
        }
      },
    }),
  );

  return (
    <div data-testid="dict-items">
      <ListPage<AdminDictItemRow, DictItemFilters>
        store={store}
        toolbar={
          <Authorized code={dictAdminCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="dict-item-add"
              onClick={() => setFormState({ visible: true, item: null })}
            >
              {t['items.add']}
            </Button>
          </Authorized>
        }
        scrollY={420}
      />
      <AdminFormDrawer<AdminDictItemRow, Omit<AddDictItemBody, 'categoryCode'>>
        form={itemForm}
        rowKey="id"
        testId="dict-item-form"
        visible={formState.visible}
        row={formState.visible ? formState.item : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
    </div>
  );
}
