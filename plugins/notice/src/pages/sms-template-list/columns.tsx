import { Space, Tag } from '@arco-design/web-react';
import type { AdminColumn } from '@cotton/sdk';
import type { SmsTemplateRow } from '@cotton/sdk/contracts';
import { enabledOptions } from './fields';
import type { TemplateListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (编码, 名称, 状态) and 高级查询 (all but 变量). Sortable: 模板编码, 模板名称,
 * 创建时间 (the server's allow-list for getTemplateByPage).
 */
export function getTemplateColumns(t: TemplateListLocale): AdminColumn<SmsTemplateRow>[] {
  return [
    {
      title: t['templateList.fields.code'],
      dataIndex: 'code',
      sortable: true,
      width: 200,
      search: 'text',
      query: 'text',
      render: (_, row) => (
        <Space size={4}>
          {row.code}
          {row.system ? <Tag color="arcoblue">{t['templateList.systemTag']}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t['templateList.fields.name'],
      dataIndex: 'name',
      sortable: true,
      width: 150,
      search: 'text',
      query: 'text',
    },
    { title: t['templateList.fields.content'], dataIndex: 'content', width: 320, show: 'text', query: 'text' },
    {
      title: t['templateList.fields.variables'],
      dataIndex: 'variables',
      width: 180,
      render: (_, row) => row.variables.join('、'),
    },
    {
      title: t['templateList.fields.enabled'],
      dataIndex: 'enabled',
      width: 80,
      options: enabledOptions(t),
      search: 'select',
      query: 'code',
      // A flag, not a code.
      render: (_, row) =>
        row.enabled ? (
          <Tag color="green">{t['templateList.enabled']}</Tag>
        ) : (
          <Tag color="gray">{t['templateList.disabled']}</Tag>
        ),
    },
    {
      title: t['templateList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
