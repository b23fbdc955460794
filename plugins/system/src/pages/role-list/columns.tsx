import { Space, Tag } from '@arco-design/web-react';
import { dash } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { AdminRoleRow } from '@cotton/sdk/contracts';
import type { RoleListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (编码, 名称) and 高级查询 (all but 授予范围). Sortable: 角色编码, 角色名称,
 * 用户数, 创建时间 (the server's allow-list for getRolePage).
 */
export function getRoleColumns(t: RoleListLocale): AdminColumn<AdminRoleRow>[] {
  return [
    { title: t['roleList.fields.code'], dataIndex: 'code', sortable: true, width: 160, search: 'text', query: 'text' },
    { title: t['roleList.fields.name'], dataIndex: 'name', sortable: true, width: 160, search: 'text', query: 'text' },
    { title: t['roleList.fields.description'], dataIndex: 'description', width: 260, show: 'text', query: 'text' },
    { title: t['roleList.fields.userCount'], dataIndex: 'userCount', sortable: true, width: 100, query: 'number' },
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
      show: 'time',
      query: 'date',
    },
  ];
}
