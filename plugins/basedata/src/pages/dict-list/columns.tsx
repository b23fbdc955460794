import type { ReactNode } from 'react';
import { Tag, Tooltip } from '@arco-design/web-react';
import type { AdminColumn } from '@cotton/sdk';
import type { AdminDictItemRow, AdminDictRow } from '@cotton/sdk/contracts';
import { STATUS_OPTIONS } from '../../components/status';
import type { DictListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (编码, 名称) and 高级查询 (all of them). Sortable: 字典编码, 字典名称, 字典项,
 * 创建时间 (the server's allow-list for getDictPage).
 */
export function getDictColumns(t: DictListLocale): AdminColumn<AdminDictRow>[] {
  return [
    {
      title: t['dictList.fields.code'],
      dataIndex: 'code',
      sortable: true,
      width: 220,
      search: 'text',
      query: 'text',
      render: (_, row) => (
        <>
          {row.code}
          {row.system && (
            <Tooltip content={t['dictList.systemHint']}>
              <Tag size="small" color="arcoblue" style={{ marginLeft: 6 }}>
                {t['dictList.system']}
              </Tag>
            </Tooltip>
          )}
        </>
      ),
    },
    { title: t['dictList.fields.name'], dataIndex: 'name', sortable: true, width: 160, search: 'text', query: 'text' },
    { title: t['dictList.fields.description'], dataIndex: 'description', width: 220, show: 'text', query: 'text' },
    {
      title: t['dictList.fields.itemCount'],
      dataIndex: 'itemCount',
      sortable: true,
      width: 100,
      query: 'number',
      render: (_, row) => `${row.enabledCount} / ${row.itemCount}`,
    },
    {
      title: t['dictList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}

/** The items' columns, with 查询 (名称, 状态). Sortable: 字典项编码, 字典项名称, 排序 (the default), 创建时间. */
export function getItemColumns(
  t: DictListLocale,
  status: (row: AdminDictItemRow) => ReactNode,
): AdminColumn<AdminDictItemRow>[] {
  return [
    { title: t['items.fields.itemCode'], dataIndex: 'itemCode', sortable: true, width: 120 },
    { title: t['items.fields.itemValue'], dataIndex: 'itemValue', sortable: true, width: 180, search: 'text' },
    { title: t['items.fields.sort'], dataIndex: 'sort', sortable: true, width: 80 },
    {
      title: t['items.fields.status'],
      dataIndex: 'status',
      width: 100,
      options: STATUS_OPTIONS,
      search: 'select',
      render: (_, row) => status(row),
    },
  ];
}
