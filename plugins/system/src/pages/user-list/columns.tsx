import { EllipsisText, dash } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { AdminUserRow } from '@cotton/sdk/contracts';
import { statusOptions } from './fields';
import type { UserListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (登录名, 姓名, 手机号, 状态) and 高级查询 (those and 创建时间). Sortable:
 * 登录名, 姓名, 创建时间 (the server's allow-list for getUserPage). 状态: '1' 正常 (green), '2' 冻结
 * (red); anything else as it came.
 */
export function getUserColumns(t: UserListLocale): AdminColumn<AdminUserRow>[] {
  return [
    {
      title: t['userList.fields.loginName'],
      dataIndex: 'loginName',
      sortable: true,
      width: 150,
      search: 'text',
      query: 'text',
    },
    {
      title: t['userList.fields.realname'],
      dataIndex: 'realname',
      sortable: true,
      width: 120,
      search: 'text',
      query: 'text',
    },
    {
      title: t['userList.fields.phone'],
      dataIndex: 'phone',
      width: 130,
      search: 'text',
      query: 'text',
      render: (_, row) => dash(row.phone),
    },
    {
      title: t['userList.fields.email'],
      dataIndex: 'email',
      width: 200,
      render: (_, row) => dash(row.email),
    },
    {
      title: t['userList.fields.enterprise'],
      dataIndex: 'enterpriseName',
      width: 200,
      render: (_, row) => <EllipsisText text={row.enterpriseName} />,
    },
    { title: t['userList.fields.org'], dataIndex: 'orgName', width: 140, show: 'text' },
    { title: t['userList.fields.posts'], dataIndex: 'postNames', width: 140, show: 'text' },
    { title: t['userList.fields.roles'], dataIndex: 'roleNames', width: 180, show: 'text' },
    {
      title: t['userList.fields.status'],
      dataIndex: 'status',
      width: 90,
      options: statusOptions(t),
      colors: { '1': 'green', '2': 'red' },
      search: 'select',
      query: 'code',
    },
    {
      title: t['userList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
