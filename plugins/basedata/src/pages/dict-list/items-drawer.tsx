import { useState } from 'react';
import { Drawer, Message } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp } from '@arco-design/web-react/icon';
import { AdminListPage, adminColumns, fillText, toApiError, useTabDrawer } from '@cotton/sdk';
import type { AdminPageHandle, ListConfig } from '@cotton/sdk';
import type { AddDictItemBody, AdminDictItemRow, AdminDictRow } from '@cotton/sdk/contracts';
import { dictAdminCalls, dictAdminCodes } from '@cotton/sdk/calls';
import { idsBody, moveDictItem, setDictItemStatus } from '../../api';
import { StatusSwitch, statusDetailField } from '../../components/status';
import { getItemColumns } from './columns';
import { getItemForm } from './fields';
import type { DictItemFilters } from './fields';
import type { DictListLocale } from './locale/zh-CN';

type ItemPage = AdminPageHandle<AdminDictItemRow, DictItemFilters>;

/** 上移 / 下移 in the category's order, then the list again. */
async function move(page: ItemPage, row: AdminDictItemRow, direction: 'up' | 'down') {
  try {
    await moveDictItem({ id: row.id, direction });
    await page.reload();
  } catch (failure) {
    const error = toApiError(failure);
    if (!error.handled) Message.error(error.message);
  }
}

/** The items of one category as a list: its own 新增 / 编辑 are the page's form. */
function itemList(t: DictListLocale, dict: AdminDictRow, page: ItemPage): ListConfig<AdminDictItemRow> {
  return {
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
          onChanged={() => void page.reload()}
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
      actions: [
        {
          key: 'up',
          label: t['items.up'],
          icon: <IconArrowUp />,
          permission: dictAdminCodes.edit,
          onClick: (row) => move(page, row, 'up'),
        },
        {
          key: 'down',
          label: t['items.down'],
          icon: <IconArrowDown />,
          permission: dictAdminCodes.edit,
          onClick: (row) => move(page, row, 'down'),
        },
      ],
      delete: { confirm: (row) => fillText(t['items.confirm.delete'], { name: row.itemValue }) },
      width: 200,
    },
    defaultSort: { field: 'sort', order: 'asc' },
    storageKey: 'basedata-dict-items',
    exportFileName: `字典项-${dict.code}.xlsx`,
  };
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

function ItemsList({ t, dict }: { t: DictListLocale; dict: AdminDictRow }) {
  const [itemForm] = useState(() => getItemForm(t, dict.code));
  return (
    <AdminListPage<AdminDictItemRow, DictItemFilters, Omit<AddDictItemBody, 'categoryCode'>>
      title={fillText(t['items.title'], { name: dict.name, code: dict.code })}
      testId="dict-item"
      pageTestId="dict-items"
      embedded
      scrollY={420}
      addText={t['items.add']}
      form={itemForm}
      list={(page) => itemList(t, dict, page)}
    />
  );
}
