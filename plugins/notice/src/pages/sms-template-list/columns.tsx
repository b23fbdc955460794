import { Space, Tag } from '@arco-design/web-react';
import { EllipsisText, formatDate } from '@cotton/sdk';
import type { SmsTemplateRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { TemplateListLocale } from './locale/zh-CN';

/** Sortable: 模板编码, 模板名称, 创建时间 (the server's allow-list for getTemplateByPage). */
export function getTemplateColumns(t: TemplateListLocale): ListColumn<SmsTemplateRow>[] {
  return [
    {
      title: t['templateList.fields.code'],
      dataIndex: 'code',
      sortable: true,
      width: 200,
      render: (_, row) => (
        <Space size={4}>
          {row.code}
          {row.system ? <Tag color="arcoblue">{t['templateList.systemTag']}</Tag> : null}
        </Space>
      ),
    },
    { title: t['templateList.fields.name'], dataIndex: 'name', sortable: true, width: 150 },
    {
      title: t['templateList.fields.content'],
      dataIndex: 'content',
      width: 320,
      render: (_, row) => <EllipsisText text={row.content} />,
    },
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
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
