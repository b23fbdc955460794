import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { OperationLogRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import { kindText } from './fields';
import type { OperationLogLocale } from './locale/zh-CN';

/** Sortable: 操作人, 耗时, 时间 (the server's allow-list for getOperationLogPage). */
export function getOperationColumns(t: OperationLogLocale): ListColumn<OperationLogRow>[] {
  return [
    { title: t['operationLog.fields.loginName'], dataIndex: 'loginName', sortable: true, width: 120 },
    {
      title: t['operationLog.fields.realname'],
      dataIndex: 'realname',
      width: 100,
      render: (_, row) => dash(row.realname),
    },
    {
      title: t['operationLog.fields.action'],
      dataIndex: 'action',
      width: 200,
      render: (_, row) => <EllipsisText text={row.action} />,
    },
    {
      title: t['operationLog.fields.kind'],
      dataIndex: 'kind',
      width: 90,
      render: (_, row) => kindText(t, row.kind),
    },
    {
      title: t['operationLog.fields.success'],
      dataIndex: 'success',
      width: 80,
      render: (_, row) =>
        row.success ? (
          <Tag color="green">{t['operationLog.success']}</Tag>
        ) : (
          <Tag color="red">{t['operationLog.failure']}</Tag>
        ),
    },
    {
      title: t['operationLog.fields.message'],
      dataIndex: 'message',
      width: 200,
      render: (_, row) => (row.message ? <EllipsisText text={row.message} /> : dash(row.message)),
    },
    { title: t['operationLog.fields.ip'], dataIndex: 'ip', width: 130, render: (_, row) => dash(row.ip) },
    { title: t['operationLog.fields.durationMs'], dataIndex: 'durationMs', sortable: true, width: 110 },
    {
      title: t['operationLog.fields.url'],
      dataIndex: 'url',
      width: 240,
      render: (_, row) => <EllipsisText text={row.url} />,
    },
    {
      title: t['operationLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
