import { Space, Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminRoleRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { RoleListLocale } from './locale/zh-CN';

/** Sortable: 角色编码, 角色名称, 用户数, 创建时间 (the server's allow-list for getRolePage). */
export function getRoleColumns(t: RoleListLocale): ListColumn<AdminRoleRow>[] {
  return [
    { title: t['roleList.fields.code'], dataIndex: 'code', sortable: true, width: 160 },
    { title: t['roleList.fields.name'], dataIndex: 'name', sortable: true, width: 160 },
    {
      title: t['roleList.fields.description'],
      dataIndex: 'description',
      width: 260,
      render: (_, row) => (row.description ? <EllipsisText text={row.description} /> : dash(row.description)),
    },
    { title: t['roleList.fields.userCount'], dataIndex: 'userCount', sortable: true, width: 100 },
    {
      title: t['roleList.fields.reach'],
      dataIndex: 'holdsAll',
      width: 180,
      render: (_, row) =>
        row.holdsAll || row.enterpriseGrantable ? (
          <Space size={4}>
            {row.holdsAll && <Tag color="red">{t['roleList.reach.all']}</Tag>}
            {row.enterpriseGrantable && <Tag color="arcoblue">{t['roleList.reach.enterprise']}</Tag>}
          </Space>
        ) : (
          dash(null)
        ),
    },
    {
      title: t['roleList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
