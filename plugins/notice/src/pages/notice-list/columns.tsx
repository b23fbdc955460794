import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminNoticeRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import { audienceOptions, typeOptions } from './fields';
import type { NoticeListLocale } from './locale/zh-CN';

const STATUS_COLORS: Record<string, string> = { '0': 'gray', '1': 'green', '2': 'orange' };

export function statusTag(t: NoticeListLocale, status: string) {
  const label =
    status === '1'
      ? t['noticeList.status.published']
      : status === '2'
        ? t['noticeList.status.withdrawn']
        : t['noticeList.status.draft'];
  return <Tag color={STATUS_COLORS[status] ?? 'gray'}>{label}</Tag>;
}

/** Sortable: 标题, 状态, 发布时间, 已读人数, 创建时间 (the server's allow-list for getNoticeByPage). */
export function getNoticeColumns(t: NoticeListLocale): ListColumn<AdminNoticeRow>[] {
  const types = typeOptions(t);
  const audiences = audienceOptions(t);
  return [
    {
      title: t['noticeList.fields.title'],
      dataIndex: 'title',
      sortable: true,
      width: 260,
      render: (_, row) => <EllipsisText text={row.title} />,
    },
    {
      title: t['noticeList.fields.type'],
      dataIndex: 'type',
      width: 80,
      render: (_, row) => types.find((option) => option.value === row.type)?.label ?? row.type,
    },
    {
      title: t['noticeList.fields.audience'],
      dataIndex: 'audience',
      width: 110,
      render: (_, row) => audiences.find((option) => option.value === row.audience)?.label ?? row.audience,
    },
    {
      title: t['noticeList.fields.status'],
      dataIndex: 'status',
      sortable: true,
      width: 90,
      render: (_, row) => statusTag(t, row.status),
    },
    { title: t['noticeList.fields.authorName'], dataIndex: 'authorName', width: 110 },
    {
      title: t['noticeList.fields.publishTime'],
      dataIndex: 'publishTime',
      sortable: true,
      width: 180,
      render: (_, row) => (row.publishTime ? formatDate(row.publishTime, 'YYYY-MM-DD HH:mm:ss') : dash(null)),
    },
    { title: t['noticeList.fields.readCount'], dataIndex: 'readCount', sortable: true, width: 100 },
    {
      title: t['noticeList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
