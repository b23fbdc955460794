import type { AdminColumn } from '@cotton/sdk';
import type { AdminDataRuleRow } from '@cotton/sdk/contracts';
import { scopeOptions } from './fields';
import type { DataRuleListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (名称, 范围) and 高级查询 (名称, 范围, 创建时间). Sortable: 规则名称, 创建时间
 * (the server's allow-list for getDataRulePage).
 */
export function getDataRuleColumns(t: DataRuleListLocale): AdminColumn<AdminDataRuleRow>[] {
  return [
    { title: t['dataRuleList.fields.menu'], dataIndex: 'menuName', width: 140 },
    {
      title: t['dataRuleList.fields.name'],
      dataIndex: 'name',
      sortable: true,
      width: 200,
      search: 'text',
      query: 'text',
    },
    {
      title: t['dataRuleList.fields.scope'],
      dataIndex: 'scope',
      width: 160,
      options: scopeOptions(t),
      colors: { all: 'green', org_and_below: 'arcoblue', org: 'arcoblue', self: 'arcoblue' },
      search: 'select',
      query: 'code',
    },
    { title: t['dataRuleList.fields.roles'], dataIndex: 'roleNames', width: 220, show: 'text' },
    {
      title: t['dataRuleList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
