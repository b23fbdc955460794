import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Message,
  Modal,
  Skeleton,
  Table,
  Tag,
  type TableColumnProps,
} from '@arco-design/web-react';
import { dash, fillText, formatDate, toApiError, useQuery } from '@cotton/sdk';
import type { ThirdAccount } from '@cotton/sdk/contracts';
import { queryMyThirdAccounts, startThirdBind, unbindThirdAccount } from '../../api';
import type { AccountCenterLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

/** How the last binding ended (`?thirdBind=` of the callback's redirect), as the page shows it. */
export interface ThirdBindNotice {
  success: boolean;
  message: string;
}

export interface ThirdAccountsProps {
  t: AccountCenterLocale;
  /** The outcome of the binding the browser comes back from, shown above the list. */
  notice?: ThirdBindNotice | null;
  onNoticeClose?: () => void;
  /** Opens the provider's authorisation page (default: `window.location.assign`). */
  assign?: (url: string) => void;
}

/** A row: a binding, or a configured provider the user has not bound. */
type Row =
  | { key: string; kind: 'bound'; providerName: string; account: ThirdAccount }
  | { key: string; kind: 'unbound'; providerName: string; provider: string };

const openPage = (url: string) => window.location.assign(url);

/**
 * 第三方账号: the user's bindings (provider, account id, bound time) with 解除绑定, and 绑定
 * for each configured provider not bound yet — which goes to the provider and back to the
 * account centre (docs/auth.md, "Third-party accounts").
 */
export function ThirdAccounts({ t, notice = null, onNoticeClose, assign = openPage }: ThirdAccountsProps) {
  const { data, loading, error, reload } = useQuery(queryMyThirdAccounts, [], { silent: true });
  const [starting, setStarting] = useState<string | null>(null);

  async function bind(provider: string) {
    setStarting(provider);
    try {
      const { authorizeUrl } = await startThirdBind(provider);
      // Only a web address: never a script URL, whatever the answer holds.
      if (!/^https?:\/\//i.test(authorizeUrl)) throw new Error(t['accountCenter.third.bindFailed']);
      assign(authorizeUrl);
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error(apiError.message);
      setStarting(null);
    }
  }

  function confirmUnbind(account: ThirdAccount) {
    Modal.confirm({
      title: t['accountCenter.third.unbindTitle'],
      content: fillText(t['accountCenter.third.unbindConfirm'], {
        provider: account.providerName,
        account: account.externalId,
      }),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        try {
          await unbindThirdAccount({ provider: account.provider, externalId: account.externalId });
          Message.success(t['accountCenter.third.unbound']);
        } catch (failure) {
          const apiError = toApiError(failure);
          if (!apiError.handled) Message.error(apiError.message);
        }
        reload();
      },
    });
  }

  const bound = new Set(data?.accounts.map((account) => account.provider));
  const rows: Row[] = [
    ...(data?.accounts ?? []).map((account): Row => ({
      key: `bound:${account.provider}:${account.externalId}`,
      kind: 'bound',
      providerName: account.providerName,
      account,
    })),
    ...(data?.providers ?? [])
      .filter((provider) => !bound.has(provider.id))
      .map((provider): Row => ({
        key: `unbound:${provider.id}`,
        kind: 'unbound',
        providerName: provider.name,
        provider: provider.id,
      })),
  ];

  const columns: TableColumnProps<Row>[] = [
    { title: t['accountCenter.third.provider'], dataIndex: 'providerName' },
    {
      title: t['accountCenter.third.account'],
      render: (_, row) =>
        row.kind === 'bound' ? row.account.externalId : <Tag>{t['accountCenter.third.notBound']}</Tag>,
    },
    {
      title: t['accountCenter.third.boundAt'],
      render: (_, row) => (row.kind === 'bound' ? formatDate(row.account.boundAt, 'YYYY-MM-DD HH:mm:ss') : dash(null)),
    },
    {
      title: t['accountCenter.third.actions'],
      width: 120,
      render: (_, row) =>
        row.kind === 'bound' ? (
          <Button
            type="text"
            size="small"
            status="danger"
            data-testid={`third-unbind-${row.account.provider}`}
            onClick={() => confirmUnbind(row.account)}
          >
            {t['accountCenter.third.unbind']}
          </Button>
        ) : (
          <Button
            type="text"
            size="small"
            loading={starting === row.provider}
            disabled={starting !== null && starting !== row.provider}
            data-testid={`third-bind-${row.provider}`}
            onClick={() => void bind(row.provider)}
          >
            {t['accountCenter.third.bind']}
          </Button>
        ),
    },
  ];

  return (
    <div data-testid="account-third-accounts">
      {notice && (
        <Alert
          className={styles.tip}
          type={notice.success ? 'success' : 'error'}
          content={notice.message}
          closable
          onClose={onNoticeClose}
          data-testid="account-third-notice"
        />
      )}
      <Alert className={styles.tip} content={t['accountCenter.third.tip']} />
      {error ? (
        <Alert
          type="error"
          content={fillText(t['accountCenter.third.loadFailed'], { message: error.message })}
          action={
            <Button size="mini" type="primary" onClick={reload}>
              {t['accountCenter.retry']}
            </Button>
          }
          data-testid="account-third-error"
        />
      ) : loading && !data ? (
        <Skeleton animation text={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Empty description={t['accountCenter.third.none']} />
      ) : (
        <Table<Row> rowKey="key" columns={columns} data={rows} pagination={false} border={false} />
      )}
    </div>
  );
}
