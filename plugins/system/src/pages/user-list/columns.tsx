import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminUserRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { UserListLocale } from './locale/zh-CN';

/** '1' 正常 (green), '2' 冻结 (red); anything else as it came. */
export function statusTag(t: UserListLocale, status: AdminUserRow['status']) {
  if (status === '1') return <Tag color="green">{t['userList.status.normal']}</Tag>;
  if (status === '2') return <Tag color="red">{t['userList.status.frozen']}</Tag>;
  return dash(status);
}

/** Sortable: 登录名, 姓名, 创建时间 (the server's allow-list for getUserPage). */
export function getUserColumns(t: UserListLocale): ListColumn<AdminUserRow>[] {
  return [
    { title: t['userList.fields.loginName'], dataIndex: 'loginName', sortable: true, width: 150 },
    { title: t['userList.fields.realname'], dataIndex: 'realname', sortable: true, width: 120 },
    {
      title: t['userList.fields.phone'],
      dataIndex: 'phone',
      width: 130,
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
    {
      title: t['userList.fields.org'],
      dataIndex: 'orgName',
      width: 140,
      render: (_, row) => (row.orgName ? <EllipsisText text={row.orgName} /> : dash(row.orgName)),
    },
    {
      title: t['userList.fields.posts'],
      dataIndex: 'postNames',
      width: 140,
      render: (_, row) => (row.postNames ? <EllipsisText text={row.postNames} /> : dash(row.postNames)),
    },
    {
      title: t['userList.fields.roles'],
      dataIndex: 'roleNames',
      width: 180,
      render: (_, row) => (row.roleNames ? <EllipsisText text={row.roleNames} /> : dash(row.roleNames)),
    },
    {
      title: t['userList.fields.status'],
      dataIndex: 'status',
      width: 90,
      render: (_, row) => statusTag(t, row.status),
    },
    {
      title: t['userList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
