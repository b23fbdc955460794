import type { ReactNode } from 'react';
import type { AdminRegionRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { RegionListLocale } from './locale/zh-CN';

const LEVEL_KEYS = { 1: 'regionList.level.1', 2: 'regionList.level.2', 3: 'regionList.level.3' } as const;

/** Sortable: 区域代码, 区域名称, 级别, 排序 (the default) — the server's allow-list for getRegionPage. */
export function getRegionColumns(
  t: RegionListLocale,
  status: (row: AdminRegionRow) => ReactNode,
): ListColumn<AdminRegionRow>[] {
  return [
    { title: t['regionList.fields.code'], dataIndex: 'code', sortable: true, width: 110 },
    { title: t['regionList.fields.name'], dataIndex: 'name', sortable: true, width: 200 },
    {
      title: t['regionList.fields.level'],
      dataIndex: 'level',
      sortable: true,
      width: 90,
      render: (_, row) => t[LEVEL_KEYS[row.level as 1 | 2 | 3]] ?? String(row.level),
    },
    { title: t['regionList.fields.sort'], dataIndex: 'sort', sortable: true, width: 80 },
    { title: t['regionList.fields.status'], dataIndex: 'status', width: 100, render: (_, row) => status(row) },
    { title: t['regionList.fields.childCount'], dataIndex: 'childCount', width: 100 },
  ];
}
