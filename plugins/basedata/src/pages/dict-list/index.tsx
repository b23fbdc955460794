import { useState } from 'react';
import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { AddDictBody, AdminDictRow } from '@cotton/sdk/contracts';
import { dictAdminCalls, dictAdminCodes } from '@cotton/sdk/calls';
import { idsBody } from '../../api';
import { getDictColumns } from './columns';
import { getDictForm } from './fields';
import type { DictFilters } from './fields';
import { ItemsDrawer } from './items-drawer';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getDictForm(t);

/**
 * 系统管理 › 数据字典 (`/system/dict`, `system:dict:list`): the categories over
 * /rest/dict/getDictPage with 新增 / 编辑 / 删除 (refused for the system's own) and 字典项,
 * a drawer with the category's items in their order.
 */
export function DictList() {
  const [itemsOf, setItemsOf] = useState<AdminDictRow | null>(null);
  return (
    <AdminListPage<AdminDictRow, DictFilters, AddDictBody>
      title={t['dictList.title']}
      testId="dict"
      form={FORM}
      list={{
        rowKey: 'id',
        ...adminColumns(getDictColumns(t)),
        calls: {
          list: dictAdminCalls.page,
          export: dictAdminCalls.export,
          delete: { call: dictAdminCalls.delete, body: (row) => idsBody([row.id]) },
          batchDelete: { call: dictAdminCalls.delete, body: (ids) => idsBody(ids) },
        },
        permissions: { add: dictAdminCodes.add, edit: dictAdminCodes.edit, delete: dictAdminCodes.delete },
        rowActions: {
          testId: (row) => row.code,
          actions: [{ key: 'items', label: t['dictList.items'], onClick: setItemsOf }],
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
      }}
    >
      {(page) => (
        <ItemsDrawer
          t={t}
          dict={itemsOf}
          onClose={() => {
            setItemsOf(null);
            // Item counts changed with the items.
            void page.reload();
          }}
        />
      )}
    </AdminListPage>
  );
}
