import { dash } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { VisitLogRow } from '@cotton/sdk/contracts';
import type { VisitLogLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (用户, 页面; the days are `adminColumns`' extra) and 高级查询 (all but
 * 客户端). Sortable: 用户, 页面, 时间 (the server's allow-list for getVisitLogPage).
 */
export function getVisitColumns(t: VisitLogLocale): AdminColumn<VisitLogRow>[] {
  return [
    {
      title: t['visitLog.fields.loginName'],
      dataIndex: 'loginName',
      sortable: true,
      width: 120,
      search: 'text',
      query: 'text',
      render: (_, row) => dash(row.loginName),
    },
    {
      title: t['visitLog.fields.realname'],
      dataIndex: 'realname',
      width: 100,
      query: 'text',
      render: (_, row) => dash(row.realname),
    },
    {
      title: t['visitLog.fields.menuName'],
      dataIndex: 'menuName',
      sortable: true,
      width: 140,
      search: 'text',
      query: 'text',
    },
    { title: t['visitLog.fields.path'], dataIndex: 'path', width: 200, show: 'text', query: 'text' },
    { title: t['visitLog.fields.ip'], dataIndex: 'ip', width: 130, query: 'text', render: (_, row) => dash(row.ip) },
    { title: t['visitLog.fields.userAgent'], dataIndex: 'userAgent', width: 240, show: 'text' },
    {
      title: t['visitLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
