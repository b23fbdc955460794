import { useState } from 'react';
import { Button, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, ListPage } from '@cotton/sdk';
import type { AdminRoleRow } from '@cotton/sdk/contracts';
import { roleAdminCalls, roleAdminCodes } from '@cotton/sdk/calls';
import { roleIdsBody } from '../../api';
import { getRoleColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { RoleFilters } from './fields';
import { GrantDrawer } from './grant-drawer';
import locale from './locale/zh-CN';
import { RoleFormDrawer } from './role-form';
import styles from './style/index.module.css';

interface RoleActions {
  edit: (row: AdminRoleRow) => void;
  /** 授权: the grant tree. */
  grant: (row: AdminRoleRow) => void;
}

function createRoleStore({ edit, grant }: RoleActions) {
  const t = locale;
  return createListStore<AdminRoleRow, RoleFilters>({
    rowKey: 'id',
    columns: getRoleColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
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
      testIdPrefix: 'role',
      testId: (row) => row.code,
      edit: { onClick: edit },
      actions: [{ key: 'grant', label: t['roleList.grant'], permission: roleAdminCodes.grant, onClick: grant }],
      delete: { confirm: (row) => fillText(t['roleList.confirm.delete'], { name: row.name }) },
      width: 200,
    },
    storageKey: 'system-role-list',
  });
}

/** The form drawer's state: closed, adding, or editing a role. */
type FormState = { visible: false } | { visible: true; role: AdminRoleRow | null };

/**
 * 系统管理 › 角色管理 (`/system/role`, `system:role:list`): the generic admin list of
 * `@cotton/sdk` over /rest/role/getRolePage, with 新增 / 编辑 (a drawer), 授权 (the grant
 * tree) and 删除 (refused by the server while users hold the role); each by permission code.
 */
export function RoleList() {
  const t = locale;
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [grantRole, setGrantRole] = useState<AdminRoleRow | null>(null);
  const [store] = useState(() =>
    createRoleStore({ edit: (role) => setFormState({ visible: true, role }), grant: setGrantRole }),
  );

  return (
    <div className={styles.container} data-testid="role-list">
      <ListPage<AdminRoleRow, RoleFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['roleList.title']}
          </Typography.Title>
        }
        toolbar={
          <Authorized code={roleAdminCodes.add}>
            <Button
              type="primary"
              icon={<IconPlus />}
              data-testid="role-add"
              onClick={() => setFormState({ visible: true, role: null })}
            >
              {t['roleList.add']}
            </Button>
          </Authorized>
        }
      />
      <RoleFormDrawer
        t={t}
        visible={formState.visible}
        role={formState.visible ? formState.role : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
      <GrantDrawer t={t} role={grantRole} onClose={() => setGrantRole(null)} />
    </div>
  );
}
