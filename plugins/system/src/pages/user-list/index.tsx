import { useMemo, useState } from 'react';
import { Button, Message, Modal } from '@arco-design/web-react';
import { AdminListPage, Authorized, adminColumns, fillText, LIST_MESSAGES, toApiError } from '@cotton/sdk';
import type { AdminPageHandle, ListConfig } from '@cotton/sdk';
import type { AdminUserRow } from '@cotton/sdk/contracts';
import { CENTRE_USERS, setUsersFrozen, userIdsBody, type UserListRealm } from '../../api';
import { getUserColumns } from './columns';
import type { UserFilters, UserFormValues } from './fields';
import locale from './locale/zh-CN';
import { ResetPasswordModal } from './reset-password';
import { ThirdAccountsModal } from './third-accounts';
import { userForm } from './user-form';
import { OrgSideTree } from './org-side-tree';

const t = locale;
type UserPage = AdminPageHandle<AdminUserRow, UserFilters>;

interface UserActions {
  /** 冻结 / 解冻 (confirmed). */
  toggleFrozen: (row: AdminUserRow) => Promise<void>;
  resetPassword: (row: AdminUserRow) => void;
  thirdAccounts: (row: AdminUserRow) => void;
}

const nameOf = (row: AdminUserRow) => row.realname || row.loginName;

function userList(realm: UserListRealm, actions: UserActions): ListConfig<AdminUserRow> {
  const frozen = (row: AdminUserRow) => row.status === '2';
  return {
    rowKey: 'id',
    // An enterprise's accounts are all of one enterprise, with no organisation or posts (none of
    // them searched).
    ...adminColumns(
      getUserColumns(t).filter(
        (column) => realm.centre || !['enterpriseName', 'orgName', 'postNames'].includes(column.dataIndex ?? ''),
      ),
    ),
    calls: {
      list: realm.calls.page,
      // DelUser takes `{ ids }` for one user as for several.
      delete: { call: realm.calls.delete, body: (row) => userIdsBody([row.id]) },
      batchDelete: { call: realm.calls.delete, body: (ids) => userIdsBody(ids) },
      // The query as it stands (or the selected rows), streamed as an .xlsx.
      export: realm.export,
      // An .xlsx of new users (the template's columns); the refused rows come back with reasons.
      import: realm.import,
    },
    permissions: realm.permissions,
    rowActions: {
      actions: [
        {
          key: 'freeze',
          label: (row) => (frozen(row) ? t['userList.unfreeze'] : t['userList.freeze']),
          permission: realm.permissions.edit,
          status: (row) => (frozen(row) ? 'success' : 'warning'),
          confirm: (row) =>
            fillText(frozen(row) ? t['userList.confirm.unfreeze'] : t['userList.confirm.freeze'], {
              name: nameOf(row),
            }),
          onClick: actions.toggleFrozen,
        },
        {
          key: 'password',
          label: t['userList.resetPassword'],
          permission: realm.permissions.edit,
          onClick: actions.resetPassword,
        },
        // An enterprise's accounts log in with their password only.
        ...(realm.centre ? [{ key: 'third', label: t['userList.thirdAccounts'], onClick: actions.thirdAccounts }] : []),
      ],
      delete: { confirm: (row) => fillText(t['userList.confirm.delete'], { name: nameOf(row) }) },
      width: 360,
    },
    exportFileName: '用户列表.xlsx',
    importTemplateFileName: '用户导入模板.xlsx',
    storageKey: realm.storageKey,
  };
}

/** Freezes (`freeze`) or unfreezes users, says what happened and reloads; a refusal shows the server's message. */
async function setFrozen(page: UserPage, realm: UserListRealm, ids: string[], freeze: boolean) {
  try {
    const { updated, unchanged } = await setUsersFrozen(ids, freeze ? '2' : '1', realm);
    // Someone may have frozen or unfrozen them since the page was loaded: say what happened.
    if (updated === 0) {
      const single = ids.length === 1;
      if (freeze) Message.info(single ? t['userList.alreadyFrozen'] : t['userList.allAlreadyFrozen']);
      else Message.info(single ? t['userList.alreadyUnfrozen'] : t['userList.allAlreadyUnfrozen']);
    } else if (unchanged > 0) {
      Message.success(
        fillText(freeze ? t['userList.partlyFrozen'] : t['userList.partlyUnfrozen'], { updated, unchanged }),
      );
    } else Message.success(freeze ? t['userList.frozen'] : t['userList.unfrozen']);
    await page.reload();
  } catch (failure) {
    const apiError = toApiError(failure);
    if (!apiError.handled) Message.error(apiError.message);
  }
}

/** 批量冻结 / 批量解冻: the selected users, after a confirmation naming how many. */
function setSelectionFrozen(page: UserPage, realm: UserListRealm, freeze: boolean) {
  const ids = [...page.store.selection];
  if (ids.length === 0) {
    Message.warning(LIST_MESSAGES.selectFirst);
    return;
  }
  Modal.confirm({
    title: freeze ? t['userList.batchFreeze'] : t['userList.batchUnfreeze'],
    content: fillText(freeze ? t['userList.confirm.batchFreeze'] : t['userList.confirm.batchUnfreeze'], {
      count: String(ids.length),
    }),
    onOk: () => setFrozen(page, realm, ids, freeze),
  });
}

export interface UserListProps {
  /** Whose accounts: the centre's (系统管理 › 用户管理) by default. */
  realm?: UserListRealm;
}

/**
 * 系统管理 › 用户管理 (`/system/user`, `system:user:list`): the generic admin list of
 * `@cotton/sdk` over /rest/user/getUserPage, with 新增 / 编辑 (the declared form of `user-form.tsx`), 冻结 /
 * 解冻 and 批量冻结 / 批量解冻, 重置密码 and 删除 (each confirmed; by permission code), 第三方账号
 * (a modal) and the organisation tree beside the list. With the enterprise realm it is
 * 企业管理 › 用户管理 (EnterpriseUserList): no tree, organisation, posts or third-party accounts.
 */
export function UserList({ realm = CENTRE_USERS }: UserListProps) {
  const codes = realm.permissions;
  const [passwordUser, setPasswordUser] = useState<AdminUserRow | null>(null);
  const [thirdUser, setThirdUser] = useState<AdminUserRow | null>(null);
  const form = useMemo(() => userForm(t, realm), [realm]);
  return (
    <AdminListPage<AdminUserRow, UserFilters, UserFormValues>
      title={realm.centre ? t['userList.title'] : t['userList.enterpriseTitle']}
      testId="user"
      list={(page) =>
        userList(realm, {
          toggleFrozen: (row) => setFrozen(page, realm, [row.id], row.status !== '2'),
          resetPassword: setPasswordUser,
          thirdAccounts: setThirdUser,
        })
      }
      aside={realm.centre ? (page) => <OrgSideTree t={t} store={page.store} /> : undefined}
      form={form}
      toolbar={(page) => (
        <>
          <Authorized code={codes.edit}>
            <Button
              status="warning"
              data-testid="user-batch-freeze"
              onClick={() => setSelectionFrozen(page, realm, true)}
            >
              {t['userList.batchFreeze']}
            </Button>
          </Authorized>
          <Authorized code={codes.edit}>
            <Button data-testid="user-batch-unfreeze" onClick={() => setSelectionFrozen(page, realm, false)}>
              {t['userList.batchUnfreeze']}
            </Button>
          </Authorized>
        </>
      )}
    >
      {() => (
        <>
          <ResetPasswordModal t={t} user={passwordUser} onClose={() => setPasswordUser(null)} realm={realm} />
          <ThirdAccountsModal t={t} user={thirdUser} onClose={() => setThirdUser(null)} />
        </>
      )}
    </AdminListPage>
  );
}
