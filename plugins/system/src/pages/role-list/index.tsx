import { useState } from 'react';
import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { AddRoleBody, AdminRoleRow } from '@cotton/sdk/contracts';
import { roleAdminCalls, roleAdminCodes } from '@cotton/sdk/calls';
import { roleIdsBody } from '../../api';
import { getRoleColumns } from './columns';
import { getRoleForm } from './fields';
import type { RoleFilters } from './fields';
import { GrantDrawer } from './grant-drawer';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getRoleForm(t);

/**
 * 系统管理 › 角色管理 (`/system/role`, `system:role:list`): the generic admin list of
 * `@cotton/sdk` over /rest/role/getRolePage, with 新增 / 编辑 (a drawer), 授权 (the grant
 * tree) and 删除 (refused by the server while users hold the role); each by permission code.
 */
export function RoleList() {
  const [grantRole, setGrantRole] = useState<AdminRoleRow | null>(null);
  return (
    <AdminListPage<AdminRoleRow, RoleFilters, AddRoleBody>
      title={t['roleList.title']}
      testId="role"
      form={FORM}
      list={{
        rowKey: 'id',
        ...adminColumns(getRoleColumns(t)),
        calls: {
          list: roleAdminCalls.page,
          // delRole takes `{ ids }` for one role as for several.
          delete: { call: roleAdminCalls.delete, body: (row) => roleIdsBody([row.id]) },
          batchDelete: { call: roleAdminCalls.delete, body: (ids) => roleIdsBody(ids) },
          export: roleAdminCalls.export,
        },
        permissions: {
          add: roleAdminCodes.add,
          edit: roleAdminCodes.edit,
          delete: roleAdminCodes.delete,
          export: roleAdminCodes.export,
        },
        exportFileName: '角色列表.xlsx',
        rowActions: {
          testId: (row) => row.code,
          actions: [
            { key: 'grant', label: t['roleList.grant'], permission: roleAdminCodes.grant, onClick: setGrantRole },
          ],
          delete: { confirm: (row) => fillText(t['roleList.confirm.delete'], { name: row.name }) },
          width: 200,
        },
        storageKey: 'system-role-list',
      }}
    >
      {() => <GrantDrawer t={t} role={grantRole} onClose={() => setGrantRole(null)} />}
    </AdminListPage>
  );
}
