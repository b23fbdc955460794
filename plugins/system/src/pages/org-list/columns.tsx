import { formatDate } from '@cotton/sdk';
import type { AdminColumn, AdminFormConfig, ListColumn } from '@cotton/sdk';
import type { AddOrgBody, AdminOrgRow } from '@cotton/sdk/contracts';
import { orgAdminCalls } from '@cotton/sdk/calls';
import { ORG_CODE_PATTERN } from '@cotton/sdk/validators';
import type { OrgListLocale } from './locale/zh-CN';

/**
 * The tree table's columns, the name indented by depth; 高级查询 offers each (the server's
 * organisation list checks them again), and the found list sorts by each.
 */
export function getOrgColumns(t: OrgListLocale): AdminColumn<AdminOrgRow>[] {
  return [
    { title: t['orgList.fields.name'], dataIndex: 'name', width: 280, query: 'text' },
    { title: t['orgList.fields.code'], dataIndex: 'code', width: 160, query: 'text' },
    { title: t['orgList.fields.sort'], dataIndex: 'sort', width: 80, query: 'number' },
    { title: t['orgList.fields.userCount'], dataIndex: 'userCount', width: 110, query: 'number' },
    { title: t['orgList.fields.createTime'], dataIndex: 'createTime', width: 180, show: 'time', query: 'date' },
  ];
}

/** 新增机构 / 编辑机构 (the parent first, added by the tree page): code, name and order. */
export function getOrgForm(t: OrgListLocale): AdminFormConfig<AdminOrgRow, AddOrgBody> {
  return {
    noun: t['orgList.noun'],
    fields: [
      {
        name: 'code',
        label: t['orgList.fields.code'],
        unique: { tableName: 'sys_orgs', fieldName: 'code' },
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: ORG_CODE_PATTERN, message: t['orgList.rules.code'] },
      },
      {
        name: 'name',
        label: t['orgList.fields.name'],
        // Among the children of the parent chosen (the tree page's first field).
        unique: { tableName: 'sys_orgs', fieldName: 'name', withinField: 'parentId' },
        type: 'text',
        required: true,
        maxLength: 64,
        refusal: ['同名机构'],
      },
      { name: 'sort', label: t['orgList.fields.sort'], type: 'number', max: 9999, initialValue: 0 },
    ],
    add: { call: orgAdminCalls.add },
    update: { call: orgAdminCalls.update },
  };
}

/**
 * 详情's lines: the tree's columns with the parent (name and code) and the level, which the
 * tree shows by its indentation only.
 */
export function getOrgDetailColumns(t: OrgListLocale, orgs: readonly AdminOrgRow[]): Array<ListColumn<AdminOrgRow>> {
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
        // A parent outside what the caller sees: its name, from the row.
        return parent ? `${parent.name}（${parent.code}）` : (org.parentName ?? t['orgList.form.rootParent']);
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
