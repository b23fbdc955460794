import { formatDate } from '@cotton/sdk';
import type { AdminFormConfig, ListColumn } from '@cotton/sdk';
import type { AddOrgBody, AdminOrgRow } from '@cotton/sdk/contracts';
import { orgAdminCalls } from '@cotton/sdk/calls';
import { ORG_CODE_PATTERN } from '@cotton/sdk/validators';
import type { OrgListLocale } from './locale/zh-CN';

/** The tree table's columns, the name indented by depth. */
export function getOrgColumns(t: OrgListLocale): ListColumn<AdminOrgRow>[] {
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
        type: 'text',
        required: true,
        maxLength: 32,
        pattern: { match: ORG_CODE_PATTERN, message: t['orgList.rules.code'] },
      },
      {
        name: 'name',
        label: t['orgList.fields.name'],
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
