import {
  Alert,
  Button,
  Empty,
  Message,
  Modal,
  Popconfirm,
  Skeleton,
  Table,
  type TableColumnProps,
} from '@arco-design/web-react';
import { Authorized, fillText, formatDate, toApiError, useQuery } from '@cotton/sdk';
import type { AdminUserRow, ThirdAccount } from '@cotton/sdk/contracts';
import { userAdminCodes } from '@cotton/sdk/calls';
import { deleteUserThirdAccount, queryUserThirdAccounts } from '../../api/third-accounts';
import type { UserListLocale } from './locale/zh-CN';

export interface ThirdAccountsModalProps {
  t: UserListLocale;
  /** The user whose bindings are shown; `null`: closed. */
  user: AdminUserRow | null;
  onClose: () => void;
}

/**
 * 第三方账号: the third-party login bindings of a user (provider, account id, bound time) and
 * 解除绑定 for `system:user:edit` (docs/auth.md, "Third-party accounts").
 */
export function ThirdAccountsModal({ t, user, onClose }: ThirdAccountsModalProps) {
  return (
    <Modal
      title={t['userList.third.title']}
      visible={user !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t['userList.third.close']}</Button>}
      style={{ width: 680 }}
      unmountOnExit
    >
      {user && <ThirdAccountList t={t} user={user} />}
    </Modal>
  );
}

/** The list, loaded each time the modal opens. */
function ThirdAccountList({ t, user }: { t: UserListLocale; user: AdminUserRow }) {
  const { id } = user;
  const { data, loading, error, reload } = useQuery(() => queryUserThirdAccounts(id), [id], { silent: true });

  async function unbind(account: ThirdAccount) {
    try {
      await deleteUserThirdAccount({ id, provider: account.provider, externalId: account.externalId });
      Message.success(t['userList.third.unbound']);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
    }
    reload();
  }

  const columns: TableColumnProps<ThirdAccount>[] = [
    { title: t['userList.third.provider'], dataIndex: 'providerName' },
    { title: t['userList.third.account'], dataIndex: 'externalId' },
    {
      title: t['userList.third.boundAt'],
      dataIndex: 'boundAt',
      render: (value: string) => formatDate(value, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['userList.third.actions'],
      width: 110,
      render: (_, account) => (
        <Authorized code={userAdminCodes.edit}>
          <Popconfirm
            title={fillText(t['userList.third.confirm'], {
              provider: account.providerName,
              account: account.externalId,
            })}
            okButtonProps={{ status: 'danger' }}
            onOk={() => unbind(account)}
          >
            <Button type="text" size="small" status="danger" data-testid={`user-third-unbind-${account.provider}`}>
              {t['userList.third.unbind']}
            </Button>
          </Popconfirm>
        </Authorized>
      ),
    },
  ];

  return (
    <div data-testid="user-third-accounts">
      <p>{fillText(t['userList.password.user'], { name: `${user.realname}（${user.loginName}）` })}</p>
      {error ? (
        <Alert type="error" content={fillText(t['userList.third.loadFailed'], { message: error.message })} />
      ) : loading && !data ? (
        <Skeleton animation text={{ rows: 2 }} />
      ) : (data?.accounts.length ?? 0) === 0 ? (
        <Empty description={t['userList.third.none']} />
      ) : (
        <Table<ThirdAccount>
          rowKey={(account) => `${account.provider}:${account.externalId}`}
          columns={columns}
          data={data?.accounts ?? []}
          pagination={false}
          border={false}
        />
      )}
    </div>
  );
}
