import { Tag } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { OperationLogRow } from '@cotton/sdk/contracts';
import { kindOptions, successOptions } from './fields';
import type { OperationLogLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (操作人, 类型, 结果; the days are `adminColumns`' extra) and 高级查询
 * (in the page's order: 请求地址 before IP 地址, 耗时 and 时间). Sortable: 操作人, 耗时, 时间 (the server's allow-list for
 * getOperationLogPage).
 */
export function getOperationColumns(t: OperationLogLocale): AdminColumn<OperationLogRow>[] {
  return [
    {
      title: t['operationLog.fields.loginName'],
      dataIndex: 'loginName',
      sortable: true,
      width: 120,
      search: 'text',
      query: 'text',
    },
    {
      title: t['operationLog.fields.realname'],
      dataIndex: 'realname',
      width: 100,
      query: 'text',
      render: (_, row) => dash(row.realname),
    },
    { title: t['operationLog.fields.action'], dataIndex: 'action', width: 200, show: 'text' },
    {
      title: t['operationLog.fields.kind'],
      dataIndex: 'kind',
      width: 90,
      options: kindOptions(t),
      search: 'select',
      query: 'code',
    },
    {
      title: t['operationLog.fields.success'],
      dataIndex: 'success',
      width: 80,
      options: successOptions(t),
      search: 'select',
      query: 'code',
      // A flag, not a code.
      render: (_, row) =>
        row.success ? (
          <Tag color="green">{t['operationLog.success']}</Tag>
        ) : (
          <Tag color="red">{t['operationLog.failure']}</Tag>
        ),
    },
    { title: t['operationLog.fields.message'], dataIndex: 'message', width: 200, show: 'text' },
    {
      title: t['operationLog.fields.ip'],
      dataIndex: 'ip',
      width: 130,
      query: 'text',
      render: (_, row) => dash(row.ip),
    },
    {
      title: t['operationLog.fields.durationMs'],
      dataIndex: 'durationMs',
      sortable: true,
      width: 110,
      query: 'number',
    },
    { title: t['operationLog.fields.url'], dataIndex: 'url', width: 240, show: 'text', query: 'text' },
    {
      title: t['operationLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
