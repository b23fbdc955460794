import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { VisitLogRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { VisitLogLocale } from './locale/zh-CN';

/** Sortable: 用户, 页面, 时间 (the server's allow-list for getVisitLogPage). */
export function getVisitColumns(t: VisitLogLocale): ListColumn<VisitLogRow>[] {
  return [
    {
      title: t['visitLog.fields.loginName'],
      dataIndex: 'loginName',
      sortable: true,
      width: 120,
      render: (_, row) => dash(row.loginName),
    },
    {
      title: t['visitLog.fields.realname'],
      dataIndex: 'realname',
      width: 100,
      render: (_, row) => dash(row.realname),
    },
    { title: t['visitLog.fields.menuName'], dataIndex: 'menuName', sortable: true, width: 140 },
    {
      title: t['visitLog.fields.path'],
      dataIndex: 'path',
      width: 200,
      render: (_, row) => <EllipsisText text={row.path} />,
    },
    { title: t['visitLog.fields.ip'], dataIndex: 'ip', width: 130, render: (_, row) => dash(row.ip) },
    {
      title: t['visitLog.fields.userAgent'],
      dataIndex: 'userAgent',
      width: 240,
      render: (_, row) => (row.userAgent ? <EllipsisText text={row.userAgent} /> : dash(row.userAgent)),
    },
    {
      title: t['visitLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
