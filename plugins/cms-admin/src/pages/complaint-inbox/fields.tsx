import { Tag } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminComplaintRow } from '@cotton/sdk/contracts';
import type { ListColumn, ListOption, ListSearchField, ListSuperQueryField } from '@cotton/sdk';
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

export function getSearchFields(t: CmsLocale): ListSearchField[] {
  return [
    { name: 'name', label: t['complaint.name'], kind: 'text' },
    { name: 'phone', label: t['complaint.phone'], kind: 'text' },
    { name: 'complaintType', label: t['complaint.type'], kind: 'select', options: typeOptions(t) },
    { name: 'status', label: t['complaint.status'], kind: 'select', options: statusOptions(t) },
    { name: 'createTime', label: t['complaint.createTime'], kind: 'date' },
  ];
}

export function getSuperQueryFields(t: CmsLocale): ListSuperQueryField[] {
  return [
    { name: 'name', label: t['complaint.name'], type: 'text' },
    { name: 'phone', label: t['complaint.phone'], type: 'text' },
    { name: 'complaintType', label: t['complaint.type'], type: 'code', options: typeOptions(t) },
    { name: 'status', label: t['complaint.status'], type: 'code', options: statusOptions(t) },
    { name: 'content', label: t['complaint.content'], type: 'text' },
    { name: 'handlerName', label: t['complaint.handler'], type: 'text' },
    { name: 'createTime', label: t['complaint.createTime'], type: 'date' },
    { name: 'handleTime', label: t['complaint.handleTime'], type: 'date' },
  ];
}

/** Sortable: 姓名, 处理状态, 提交时间, 处理时间. Every text is React text: markup shows as typed. */
export function getComplaintColumns(t: CmsLocale): ListColumn<AdminComplaintRow>[] {
  return [
    { title: t['complaint.name'], dataIndex: 'name', sortable: true, width: 100 },
    { title: t['complaint.phone'], dataIndex: 'phone', width: 130 },
    {
      title: t['complaint.type'],
      dataIndex: 'complaintType',
      width: 80,
      render: (_, row) => typeName(t, row.complaintType),
    },
    {
      title: t['complaint.content'],
      dataIndex: 'content',
      width: 300,
      render: (_, row) => <EllipsisText text={row.content} />,
    },
    {
      title: t['complaint.status'],
      dataIndex: 'status',
      sortable: true,
      width: 100,
      render: (_, row) => statusTag(t, row.status),
    },
    { title: t['complaint.handler'], dataIndex: 'handlerName', width: 100, render: (_, row) => dash(row.handlerName) },
    {
      title: t['complaint.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 170,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
