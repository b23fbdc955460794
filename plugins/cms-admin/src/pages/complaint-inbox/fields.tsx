import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import type { AdminColumn, ListOption } from '@cotton/sdk';
import type { CmsLocale } from '../../locale/zh-CN';

export interface ComplaintFilters {
  name?: string;
  phone?: string;
  complaintType?: string;
  status?: string;
  createTime?: string;
}

const TYPES = ['COMPLAINT', 'SUGGESTION', 'CONSULT'] as const;
const STATUSES = ['NEW', 'HANDLING', 'ANSWERED'] as const;
const STATUS_COLORS: Record<string, string> = { NEW: 'orange', HANDLING: 'arcoblue', ANSWERED: 'green' };

export const typeName = (t: CmsLocale, type: string) =>
  (TYPES as readonly string[]).includes(type) ? t[`complaint.type.${type as (typeof TYPES)[number]}`] : type;
export const statusName = (t: CmsLocale, status: string) =>
  (STATUSES as readonly string[]).includes(status)
    ? t[`complaint.status.${status as (typeof STATUSES)[number]}`]
    : status;

export function statusTag(t: CmsLocale, status: string) {
  return <Tag color={STATUS_COLORS[status] ?? 'gray'}>{statusName(t, status)}</Tag>;
}

export const typeOptions = (t: CmsLocale): ListOption[] => TYPES.map((value) => ({ label: typeName(t, value), value }));
export const statusOptions = (t: CmsLocale): ListOption[] =>
  STATUSES.map((value) => ({ label: statusName(t, value), value }));

/**
 * The columns, with 查询 (all but 内容 and 处理人) and 高级查询 (all of them, and the page's 处理时间,
 * which has no column). Sortable: 姓名, 处理状态, 提交时间, 处理时间. Every text is React text: markup shows as
 * typed.
 */
export function getComplaintColumns(t: CmsLocale): AdminColumn<AdminComplaintRow>[] {
  return [
    { title: t['complaint.name'], dataIndex: 'name', sortable: true, width: 100, search: 'text', query: 'text' },
    { title: t['complaint.phone'], dataIndex: 'phone', width: 130, search: 'text', query: 'text' },
    {
      title: t['complaint.type'],
      dataIndex: 'complaintType',
      width: 80,
      options: typeOptions(t),
      search: 'select',
      query: 'code',
      // A type without a label as it came, even empty.
      render: (_, row) => typeName(t, row.complaintType),
    },
    {
      title: t['complaint.content'],
      dataIndex: 'content',
      width: 300,
      query: 'text',
      render: (_, row) => <EllipsisText text={row.content} />,
    },
    {
      title: t['complaint.status'],
      dataIndex: 'status',
      sortable: true,
      width: 100,
      options: statusOptions(t),
      search: 'select',
      query: 'code',
      // A status without a label in a gray tag.
      render: (_, row) => statusTag(t, row.status),
    },
    {
      title: t['complaint.handler'],
      dataIndex: 'handlerName',
      width: 100,
      query: 'text',
      render: (_, row) => dash(row.handlerName),
    },
    {
      title: t['complaint.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 170,
      search: 'date',
      query: 'date',
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
