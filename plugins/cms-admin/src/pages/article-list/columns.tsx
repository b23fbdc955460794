import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { CmsLocale } from '../../locale/zh-CN';

/** '1' 已发布, '2' 已撤回 (published, then withdrawn), else 草稿 (never published). */
export function statusTag(t: CmsLocale, status: string) {
  if (status === '1') return <Tag color="green">{t['status.published']}</Tag>;
  if (status === '2') return <Tag color="orange">{t['status.withdrawn']}</Tag>;
  return <Tag color="gray">{t['status.draft']}</Tag>;
}

/** Sortable: 标题, 排序, 发布时间, 更新时间 (the server's allow-list for getContentPage). */
export function getArticleColumns(t: CmsLocale): ListColumn<AdminContentRow>[] {
  return [
    {
      title: t['common.title'],
      dataIndex: 'title',
      sortable: true,
      width: 280,
      render: (_, row) => <EllipsisText text={row.title} />,
    },
    { title: t['common.catalog'], dataIndex: 'catalogTitle', width: 120 },
    { title: t['common.status'], dataIndex: 'status', width: 90, render: (_, row) => statusTag(t, row.status) },
    { title: t['common.author'], dataIndex: 'author', width: 100, render: (_, row) => dash(row.author) },
    { title: t['common.sort'], dataIndex: 'sort', sortable: true, width: 80 },
    {
      title: t['common.publishTime'],
      dataIndex: 'publishTime',
      sortable: true,
      width: 170,
      render: (_, row) => (row.status === '1' ? formatDate(row.publishTime, 'YYYY-MM-DD HH:mm') : dash(null)),
    },
    {
      title: t['common.updateTime'],
      dataIndex: 'updateTime',
      sortable: true,
      width: 170,
      render: (_, row) => formatDate(row.updateTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
