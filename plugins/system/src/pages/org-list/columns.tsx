import type { ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';
import { formatDate } from '@cotton/sdk';
import type { AdminOrgRow } from '@cotton/sdk/contracts';
import type { OrgListLocale } from './locale/zh-CN';

export function getOrgColumns(
  t: OrgListLocale,
  actions: (org: AdminOrgRow) => ReactNode,
): Array<TableColumnProps<AdminOrgRow>> {
  return [
    { title: t['orgList.fields.name'], dataIndex: 'name', width: 280 },
    { title: t['orgList.fields.code'], dataIndex: 'code', width: 160 },
    { title: t['orgList.fields.sort'], dataIndex: 'sort', width: 80 },
    { title: t['orgList.fields.userCount'], dataIndex: 'userCount', width: 110 },
    {
      title: t['orgList.fields.createTime'],
      dataIndex: 'createTime',
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t['orgList.fields.actions'],
      dataIndex: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, row) => actions(row),
    },
  ];
}
