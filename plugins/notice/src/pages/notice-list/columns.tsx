import type { AdminColumn } from '@cotton/sdk';
import type { AdminNoticeRow } from '@cotton/sdk/contracts';
import { audienceOptions, statusOptions, typeOptions } from './fields';
import type { NoticeListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (标题, 类型, 状态) and 高级查询 (all of them). Sortable: 标题, 状态, 发布时间,
 * 已读人数, 创建时间 (the server's allow-list for getNoticeByPage).
 */
export function getNoticeColumns(t: NoticeListLocale): AdminColumn<AdminNoticeRow>[] {
  return [
    {
      title: t['noticeList.fields.title'],
      dataIndex: 'title',
      sortable: true,
      width: 260,
      show: 'text',
      search: 'text',
      query: 'text',
    },
    {
      title: t['noticeList.fields.type'],
      dataIndex: 'type',
      width: 80,
      options: typeOptions(t),
      search: 'select',
      query: 'code',
    },
    {
      title: t['noticeList.fields.audience'],
      dataIndex: 'audience',
      width: 110,
      options: audienceOptions(t),
      query: 'code',
    },
    {
      title: t['noticeList.fields.status'],
      dataIndex: 'status',
      sortable: true,
      width: 90,
      options: statusOptions(t),
      colors: { '0': 'gray', '1': 'green', '2': 'orange' },
      search: 'select',
      query: 'code',
    },
    { title: t['noticeList.fields.authorName'], dataIndex: 'authorName', width: 110, query: 'text' },
    {
      title: t['noticeList.fields.publishTime'],
      dataIndex: 'publishTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
    { title: t['noticeList.fields.readCount'], dataIndex: 'readCount', sortable: true, width: 100, query: 'number' },
    {
      title: t['noticeList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
