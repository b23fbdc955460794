import { Tag } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { LoginLogRow } from '@cotton/sdk/contracts';
import { methodOptions, successOptions } from './fields';
import type { LoginLogLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (账号, 方式, 结果; the days are `adminColumns`' extra) and 高级查询 (all
 * but 客户端). Sortable: 登录账号, 用户, 时间 (the server's allow-list for getLoginLogPage).
 */
export function getLoginColumns(t: LoginLogLocale): AdminColumn<LoginLogRow>[] {
  return [
    {
      title: t['loginLog.fields.account'],
      dataIndex: 'account',
      sortable: true,
      width: 180,
      show: 'text',
      search: 'text',
      query: 'text',
    },
    {
      title: t['loginLog.fields.loginName'],
      dataIndex: 'loginName',
      sortable: true,
      width: 120,
      query: 'text',
      render: (_, row) => dash(row.loginName),
    },
    {
      title: t['loginLog.fields.method'],
      dataIndex: 'method',
      width: 110,
      options: methodOptions(t),
      search: 'select',
      query: 'code',
    },
    {
      title: t['loginLog.fields.success'],
      dataIndex: 'success',
      width: 80,
      options: successOptions(t),
      search: 'select',
      query: 'code',
      // A flag, not a code.
      render: (_, row) =>
        row.success ? <Tag color="green">{t['loginLog.success']}</Tag> : <Tag color="red">{t['loginLog.failure']}</Tag>,
    },
    { title: t['loginLog.fields.reason'], dataIndex: 'reason', width: 200, show: 'text', query: 'text' },
    { title: t['loginLog.fields.ip'], dataIndex: 'ip', width: 130, query: 'text', render: (_, row) => dash(row.ip) },
    { title: t['loginLog.fields.userAgent'], dataIndex: 'userAgent', width: 240, show: 'text' },
    {
      title: t['loginLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
