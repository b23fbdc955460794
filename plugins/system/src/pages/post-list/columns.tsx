import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { PostListLocale } from './locale/zh-CN';

/** Sortable: 岗位编码, 岗位名称, 排序, 在岗人数, 创建时间 (the server's allow-list for getPostPage). */
export function getPostColumns(t: PostListLocale): ListColumn<AdminPostRow>[] {
  return [
    { title: t['postList.fields.code'], dataIndex: 'code', sortable: true, width: 140 },
    { title: t['postList.fields.name'], dataIndex: 'name', sortable: true, width: 140 },
    { title: t['postList.fields.sort'], dataIndex: 'sort', sortable: true, width: 80 },
    {
      title: t['postList.fields.status'],
      dataIndex: 'status',
      width: 90,
      render: (_, row) =>
        row.status === '1' ? (
          <Tag color="green">{t['postList.status.enabled']}</Tag>
        ) : (
          <Tag color="gray">{t['postList.status.disabled']}</Tag>
        ),
    },
    {
      title: t['postList.fields.description'],
      dataIndex: 'description',
      width: 220,
      render: (_, row) => (row.description ? <EllipsisText text={row.description} /> : dash(row.description)),
    },
    { title: t['postList.fields.userCount'], dataIndex: 'userCount', sortable: true, width: 100 },
    {
      title: t['postList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
