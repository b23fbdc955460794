import type { ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';
import { formatDate, type ListColumn } from '@cotton/sdk';
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
      width: 260,
      fixed: 'right',
      render: (_, row) => actions(row),
    },
  ];
}

/**
 * 详情's lines: the tree's columns with the parent (name and code) and the level, which the
 * tree shows by its indentation only.
 */
export function getOrgDetailColumns(t: OrgListLocale, orgs: AdminOrgRow[]): Array<ListColumn<AdminOrgRow>> {
  const byId = new Map(orgs.map((org) => [org.id, org]));
  const ancestors = (org: AdminOrgRow) => {
    const above: AdminOrgRow[] = [];
    for (let parent = byId.get(org.parentId ?? ''); parent && above.length < orgs.length;) {
      above.unshift(parent);
      parent = byId.get(parent.parentId ?? '');
    }
    return above;
  };
  return [
    { title: t['orgList.fields.name'], dataIndex: 'name' },
    { title: t['orgList.fields.code'], dataIndex: 'code' },
    {
      title: t['orgList.fields.parent'],
      dataIndex: 'parentId',
      render: (_, org) => {
        const parent = org.parentId ? byId.get(org.parentId) : undefined;
        return parent ? `${parent.name}（${parent.code}）` : t['orgList.form.rootParent'];
      },
    },
    {
      title: t['orgList.fields.path'],
      dataIndex: 'path',
      render: (_, org) => [...ancestors(org).map((item) => item.name), org.name].join(' / '),
    },
    { title: t['orgList.fields.level'], dataIndex: 'level', render: (_, org) => ancestors(org).length + 1 },
    { title: t['orgList.fields.sort'], dataIndex: 'sort' },
    { title: t['orgList.fields.userCount'], dataIndex: 'userCount' },
    {
      title: t['orgList.fields.createTime'],
      dataIndex: 'createTime',
      render: (_, org) => formatDate(org.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
