import type { AdminColumn } from '@cotton/sdk';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import { statusOptions } from './fields';
import type { PostListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (编码, 名称, 状态) and 高级查询 (all of them). Sortable: 岗位编码, 岗位名称, 排序,
 * 在岗人数, 创建时间 (the server's allow-list for getPostPage).
 */
export function getPostColumns(t: PostListLocale): AdminColumn<AdminPostRow>[] {
  return [
    { title: t['postList.fields.code'], dataIndex: 'code', sortable: true, width: 140, search: 'text', query: 'text' },
    { title: t['postList.fields.name'], dataIndex: 'name', sortable: true, width: 140, search: 'text', query: 'text' },
    { title: t['postList.fields.sort'], dataIndex: 'sort', sortable: true, width: 80, query: 'number' },
    {
      title: t['postList.fields.status'],
      dataIndex: 'status',
      width: 90,
      options: statusOptions(t),
      colors: { '1': 'green', '2': 'gray' },
      search: 'select',
      query: 'code',
    },
    { title: t['postList.fields.description'], dataIndex: 'description', width: 220, show: 'text', query: 'text' },
    { title: t['postList.fields.userCount'], dataIndex: 'userCount', sortable: true, width: 100, query: 'number' },
    {
      title: t['postList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
