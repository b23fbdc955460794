import { useState } from 'react';
import { Tag, Typography } from '@arco-design/web-react';
import { ListPage, createListStore, formatDate } from '@cotton/sdk';
import type { ListColumn, ListOption } from '@cotton/sdk';
import { postAdminCalls } from '@cotton/sdk/calls';
import type { AdminPostRow } from '@cotton/sdk/contracts';

/**
 * The server call that lists the rows, in the portal's generic list contract (`ListRequest`
 * → `ListAnswer<Row>`, see the SDK's API reports). The example lists the portal's posts
 * (岗位, permission `system:post:list`): a call of `@cotton/sdk/calls`, declared once in the
 * portal's contracts; point it at the list call you need.
 */
export const LIST_CALL = postAdminCalls.page;

/**
 * The permission codes this plugin declares in plugin.json (`permissions`): installing it
 * puts them under the menus showing `__COMPONENT__` in 角色管理's grant tree, so an
 * administrator grants them like the portal's own. 导出 shows only to holders of `export`
 * (the server checks its own code of the export call as well).
 */
export const CODES = { export: '__ID__:list:export' } as const;

/** The search form's values. */
interface Filters {
  name?: string;
  status?: string;
}

const STATUS_OPTIONS: ListOption[] = [
  { label: '启用', value: '1' },
  { label: '停用', value: '2' },
];

const COLUMNS: ListColumn<AdminPostRow>[] = [
  { title: '编码', dataIndex: 'code', sortable: true, width: 140 },
  { title: '名称', dataIndex: 'name', sortable: true, width: 160 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (_, row) => (row.status === '1' ? <Tag color="green">启用</Tag> : <Tag color="gray">停用</Tag>),
  },
  {
    title: '创建时间',
    dataIndex: 'createTime',
    sortable: true,
    width: 180,
    render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
  },
];

/** One store per mounted page: a revisit starts from page 1. */
function createStore() {
  return createListStore<AdminPostRow, Filters>({
    rowKey: 'id',
    columns: COLUMNS,
    searchFields: [
      { name: 'name', label: '名称', kind: 'text' },
      { name: 'status', label: '状态', kind: 'select', options: STATUS_OPTIONS },
    ],
    superQueryFields: [
      { name: 'code', label: '编码', type: 'text' },
      { name: 'name', label: '名称', type: 'text' },
    ],
    calls: { list: LIST_CALL, export: postAdminCalls.export },
    permissions: { export: CODES.export },
    exportFileName: '__ID__.xlsx',
    storageKey: '__ID__-list',
  });
}

/** The back-office list page: search, sort, pager, 高级查询, 列设置 — the SDK's `ListPage`. */
export function __COMPONENT__() {
  const [store] = useState(createStore);
  return (
    <ListPage<AdminPostRow, Filters>
      store={store}
      header={<Typography.Title heading={5}>__TITLE__</Typography.Title>}
    />
  );
}
