import { useState } from 'react';
import { Button, Message, Modal, Popconfirm, Space, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { Authorized, createListStore, fillText, LIST_MESSAGES, ListPage, toApiError } from '@cotton/sdk';
import type { AdminUserRow } from '@cotton/sdk';
import {
  USER_ADD_PERMISSION,
  USER_DELETE_PERMISSION,
  USER_DELETE_URL,
  USER_EDIT_PERMISSION,
  USER_EXPORT_PERMISSION,
  USER_EXPORT_URL,
  USER_IMPORT_PERMISSION,
  USER_IMPORT_TEMPLATE_URL,
  USER_IMPORT_URL,
  USER_PAGE_URL,
  setUsersFrozen,
  userIdsBody,
} from '../../api';
import { getUserColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { UserFilters } from './fields';
import locale from './locale/zh-CN';
import { ResetPasswordModal } from './reset-password';
import { ThirdAccountsModal } from './third-accounts';
import { UserFormDrawer } from './user-form';
import { OrgSideTree } from './org-side-tree';
import styles from './style/index.module.css';

function createUserStore() {
  const t = locale;
  return createListStore<AdminUserRow, UserFilters>({
    rowKey: 'id',
    columns: getUserColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: {
      list: USER_PAGE_URL,
      // DelUser takes `{ ids }` for one user as for several.
      delete: { url: USER_DELETE_URL, body: (row) => userIdsBody([row.id]) },
      batchDelete: { url: USER_DELETE_URL, body: (ids) => userIdsBody(ids) },
      // The query as it stands (or the selected rows), streamed as an .xlsx.
      export: USER_EXPORT_URL,
      // An .xlsx of new users (the template's columns); the refused rows come back with reasons.
      import: { url: USER_IMPORT_URL, template: USER_IMPORT_TEMPLATE_URL },
    },
    permissions: {
      add: USER_ADD_PERMISSION,
      edit: USER_EDIT_PERMISSION,
      delete: USER_DELETE_PERMISSION,
      export: USER_EXPORT_PERMISSION,
      import: USER_IMPORT_PERMISSION,
    },
    exportFileName: '用户列表.xlsx',
    importTemplateFileName: '用户导入模板.xlsx',
    storageKey: 'system-user-list',
  });
}

/** The form drawer's state: closed, adding, or editing a user. */
type FormState = { visible: false } | { visible: true; user: AdminUserRow | null };

/**
 * 系统管理 › 用户管理 (`/system/user`, `system:user:list`): the generic admin list of
 * `@cotton/sdk` over /rest/user/getUserPage, with 新增 / 编辑 (a drawer), 冻结 / 解冻,
 * 重置密码 and 删除 (each confirmed; by permission code), and 第三方账号 (a modal).
 */
export function UserList() {
  const t = locale;
  const [store] = useState(createUserStore);
  const [formState, setFormState] = useState<FormState>({ visible: false });
  const [passwordUser, setPasswordUser] = useState<AdminUserRow | null>(null);
  const [thirdUser, setThirdUser] = useState<AdminUserRow | null>(null);

  async function setFrozen(ids: string[], freeze: boolean) {
    try {
      await setUsersFrozen(ids, freeze ? '2' : '1');
      Message.success(freeze ? t['userList.frozen'] : t['userList.unfrozen']);
      await store.load();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    }
  }

  const toggleFrozen = (row: AdminUserRow) => setFrozen([row.id], row.status !== '2');

  /** 批量冻结 / 批量解冻: the selected users, after a confirmation naming how many. */
  function setSelectionFrozen(freeze: boolean) {
    const ids = [...store.selection];
    if (ids.length === 0) {
      Message.warning(LIST_MESSAGES.selectFirst);
      return;
    }
    Modal.confirm({
      title: freeze ? t['userList.batchFreeze'] : t['userList.batchUnfreeze'],
      content: fillText(freeze ? t['userList.confirm.batchFreeze'] : t['userList.confirm.batchUnfreeze'], {
        count: String(ids.length),
      }),
      onOk: () => setFrozen(ids, freeze),
    });
  }

  const rowActions = (row: AdminUserRow) => {
    const name = row.realname || row.loginName;
    const frozen = row.status === '2';
    return (
      <Space size={4}>
        <Authorized code={USER_EDIT_PERMISSION}>
          <Button
            type="text"
            size="small"
            data-testid={`user-edit-${row.id}`}
            onClick={() => setFormState({ visible: true, user: row })}
          >
            {t['userList.edit']}
          </Button>
          <Popconfirm
            title={fillText(frozen ? t['userList.confirm.unfreeze'] : t['userList.confirm.freeze'], { name })}
            onOk={() => toggleFrozen(row)}
          >
            <Button
              type="text"
              size="small"
              status={frozen ? 'success' : 'warning'}
              data-testid={`user-freeze-${row.id}`}
            >
              {frozen ? t['userList.unfreeze'] : t['userList.freeze']}
            </Button>
          </Popconfirm>
          <Button type="text" size="small" data-testid={`user-password-${row.id}`} onClick={() => setPasswordUser(row)}>
            {t['userList.resetPassword']}
          </Button>
        </Authorized>
        <Button type="text" size="small" data-testid={`user-third-${row.id}`} onClick={() => setThirdUser(row)}>
          {t['userList.thirdAccounts']}
        </Button>
        <Authorized code={USER_DELETE_PERMISSION}>
          <Popconfirm
            title={fillText(t['userList.confirm.delete'], { name })}
            okButtonProps={{ status: 'danger' }}
            onOk={() => store.delete(row)}
          >
            <Button type="text" size="small" status="danger" data-testid={`user-delete-${row.id}`}>
              {t['userList.delete']}
            </Button>
          </Popconfirm>
        </Authorized>
      </Space>
    );
  };

  return (
    <div className={styles.container} data-testid="user-list">
      <div className={styles.body}>
        <OrgSideTree t={t} store={store} />
        <div className={styles.main}>
          <ListPage<AdminUserRow, UserFilters>
            store={store}
            header={
              <Typography.Title heading={5} className={styles.title}>
                {t['userList.title']}
              </Typography.Title>
            }
            toolbar={
              <>
                <Authorized code={USER_ADD_PERMISSION}>
                  <Button
                    type="primary"
                    icon={<IconPlus />}
                    data-testid="user-add"
                    onClick={() => setFormState({ visible: true, user: null })}
                  >
                    {t['userList.add']}
                  </Button>
                </Authorized>
                <Authorized code={USER_EDIT_PERMISSION}>
                  <Button status="warning" data-testid="user-batch-freeze" onClick={() => setSelectionFrozen(true)}>
                    {t['userList.batchFreeze']}
                  </Button>
                </Authorized>
                <Authorized code={USER_EDIT_PERMISSION}>
                  <Button data-testid="user-batch-unfreeze" onClick={() => setSelectionFrozen(false)}>
                    {t['userList.batchUnfreeze']}
                  </Button>
                </Authorized>
              </>
            }
            rowActions={rowActions}
            rowActionsWidth={360}
          />
        </div>
      </div>
      <UserFormDrawer
        t={t}
        visible={formState.visible}
        user={formState.visible ? formState.user : null}
        onClose={() => setFormState({ visible: false })}
        onSaved={() => {
          setFormState({ visible: false });
          void store.load();
        }}
      />
      <ResetPasswordModal t={t} user={passwordUser} onClose={() => setPasswordUser(null)} />
      <ThirdAccountsModal t={t} user={thirdUser} onClose={() => setThirdUser(null)} />
    </div>
  );
}
