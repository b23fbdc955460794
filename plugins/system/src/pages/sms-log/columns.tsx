import type { TableColumnProps } from '@arco-design/web-react';
import { Badge, Button } from '@arco-design/web-react';
import { Authorized, EllipsisText, dash, formatDate } from '@cotton/sdk';
import { SMS_DELETE_PERMISSION } from '../../api';
import type { SmsLogRow } from '../../api';
import type { SmsLogLocale } from './locale/zh-CN';

export interface ColumnOptions {
  /** First row's number on this page (pageNum − 1) × pageSize + 1. */
  firstIndex: number;
  /** Adds the 操作 column with 删除; only for holders of system:sms:delete. */
  onDelete?: (row: SmsLogRow) => void;
}

/** '1' 已发送 (green), '2' 发送失败 (red); anything else as it came. */
export function statusBadge(t: SmsLogLocale, status: SmsLogRow['status']) {
  const code = status === null || status === undefined ? '' : String(status);
  if (code === '1') return <Badge status="success" text={t['smsLog.status.sent']} />;
  if (code === '2') return <Badge status="error" text={t['smsLog.status.failed']} />;
  return dash(code);
}

export function getColumns(t: SmsLogLocale, { firstIndex, onDelete }: ColumnOptions): TableColumnProps<SmsLogRow>[] {
  const columns: TableColumnProps<SmsLogRow>[] = [
    {
      title: t['smsLog.columns.index'],
      dataIndex: 'index',
      width: 70,
      align: 'center',
      render: (_: unknown, _row: SmsLogRow, index: number) => firstIndex + index,
    },
    { title: t['smsLog.columns.mobile'], dataIndex: 'mobile', width: 130 },
    {
      title: t['smsLog.columns.template'],
      dataIndex: 'templateCode',
      width: 150,
      render: (_: unknown, row: SmsLogRow) => dash(row.templateName || row.templateCode),
    },
    {
      title: t['smsLog.columns.content'],
      dataIndex: 'content',
      width: 320,
      render: (_: unknown, row: SmsLogRow) => <EllipsisText text={row.content ?? ''} />,
    },
    {
      title: t['smsLog.columns.provider'],
      dataIndex: 'provider',
      width: 110,
      render: (_: unknown, row: SmsLogRow) => dash(row.provider),
    },
    {
      title: t['smsLog.columns.status'],
      dataIndex: 'status',
      width: 110,
      render: (_: unknown, row: SmsLogRow) => statusBadge(t, row.status),
    },
    {
      title: t['smsLog.columns.createTime'],
      dataIndex: 'createTime',
      width: 180,
      render: (_: unknown, row: SmsLogRow) => formatDate(row.createTime ?? row.createdAt, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
  if (onDelete) {
    columns.push({
      title: t['smsLog.columns.operations'],
      dataIndex: 'operations',
      width: 90,
      fixed: 'right',
      align: 'center',
      render: (_: unknown, row: SmsLogRow) => (
        <Authorized code={SMS_DELETE_PERMISSION}>
          <Button type="text" status="danger" size="small" data-testid={`sms-delete-${row.id}`} onClick={() => onDelete(row)}>
            {t['smsLog.delete']}
          </Button>
        </Authorized>
      ),
    });
  }
  return columns;
}
