import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { LoginLogRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import { methodText } from './fields';
import type { LoginLogLocale } from './locale/zh-CN';

/** Sortable: 登录账号, 用户, 时间 (the server's allow-list for getLoginLogPage). */
export function getLoginColumns(t: LoginLogLocale): ListColumn<LoginLogRow>[] {
  return [
    {
      title: t['loginLog.fields.account'],
      dataIndex: 'account',
      sortable: true,
      width: 180,
      render: (_, row) => (row.account ? <EllipsisText text={row.account} /> : dash(row.account)),
    },
    {
      title: t['loginLog.fields.loginName'],
      dataIndex: 'loginName',
      sortable: true,
      width: 120,
      render: (_, row) => dash(row.loginName),
    },
    {
      title: t['loginLog.fields.method'],
      dataIndex: 'method',
      width: 110,
      render: (_, row) => methodText(t, row.method),
    },
    {
      title: t['loginLog.fields.success'],
      dataIndex: 'success',
      width: 80,
      render: (_, row) =>
        row.success ? <Tag color="green">{t['loginLog.success']}</Tag> : <Tag color="red">{t['loginLog.failure']}</Tag>,
    },
    {
      title: t['loginLog.fields.reason'],
      dataIndex: 'reason',
      width: 200,
      render: (_, row) => (row.reason ? <EllipsisText text={row.reason} /> : dash(row.reason)),
    },
    { title: t['loginLog.fields.ip'], dataIndex: 'ip', width: 130, render: (_, row) => dash(row.ip) },
    {
      title: t['loginLog.fields.userAgent'],
      dataIndex: 'userAgent',
      width: 240,
      render: (_, row) => (row.userAgent ? <EllipsisText text={row.userAgent} /> : dash(row.userAgent)),
    },
    {
      title: t['loginLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
