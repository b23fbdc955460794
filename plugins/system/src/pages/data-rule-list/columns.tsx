import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminDataRuleRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { DataRuleListLocale } from './locale/zh-CN';

/** Sortable: 规则名称, 创建时间 (the server's allow-list for getDataRulePage). */
export function getDataRuleColumns(t: DataRuleListLocale): ListColumn<AdminDataRuleRow>[] {
  return [
    { title: t['dataRuleList.fields.menu'], dataIndex: 'menuName', width: 140 },
    { title: t['dataRuleList.fields.name'], dataIndex: 'name', sortable: true, width: 200 },
    {
      title: t['dataRuleList.fields.scope'],
      dataIndex: 'scope',
      width: 160,
      render: (_, row) => (
        <Tag color={row.scope === 'all' ? 'green' : 'arcoblue'}>{t[`dataRuleList.scope.${row.scope}`]}</Tag>
      ),
    },
    {
      title: t['dataRuleList.fields.roles'],
      dataIndex: 'roleNames',
      width: 220,
      render: (_, row) => (row.roleNames ? <EllipsisText text={row.roleNames} /> : dash(row.roleNames)),
    },
    {
      title: t['dataRuleList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
