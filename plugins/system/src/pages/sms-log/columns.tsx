import type { TableColumnProps } from '@arco-design/web-react';
import { Badge, Button } from '@arco-design/web-react';
import { Authorized, EllipsisText, dash, formatDate } from '@cotton/sdk';
import { SMS_DELETE_PERMISSION } from '../../api';
import type { SmsRow } from '@cotton/sdk';
import type { SmsLogLocale } from './locale/zh-CN';

export interface ColumnOptions {
  /** First row's number on this page (pageNum − 1) × pageSize + 1. */
  firstIndex: number;
  /** Adds the 操作 column with 删除; only for holders of system:sms:delete. */
  onDelete?: (row: SmsRow) => void;
}

/** '1' 已发送 (green), '2' 发送失败 (red), '3' 未发送 — no SMS gateway (orange); anything else as it came. */
export function statusBadge(t: SmsLogLocale, status: SmsRow['status']) {
  const code = status === null || status === undefined ? '' : String(status);
  if (code === '1') return <Badge status="success" text={t['smsLog.status.sent']} />;
  if (code === '2') return <Badge status="error" text={t['smsLog.status.failed']} />;
  if (code === '3') return <Badge status="warning" text={t['smsLog.status.undelivered']} />;
  return dash(code);
}

export function getColumns(t: SmsLogLocale, { firstIndex, onDelete }: ColumnOptions): TableColumnProps<SmsRow>[] {
  const columns: TableColumnProps<SmsRow>[] = [
    {
      title: t['smsLog.columns.index'],
      dataIndex: 'index',
      width: 70,
      align: 'center',
      render: (_: unknown, _row: SmsRow, index: number) => firstIndex + index,
    },
    { title: t['smsLog.columns.mobile'], dataIndex: 'mobile', width: 130 },
    {
      title: t['smsLog.columns.template'],
      dataIndex: 'templateCode',
      width: 150,
      render: (_: unknown, row: SmsRow) => dash(row.templateCode),
    },
    {
      title: t['smsLog.columns.content'],
      dataIndex: 'content',
      width: 320,
      render: (_: unknown, row: SmsRow) => <EllipsisText text={row.content} />,
    },
    {
      title: t['smsLog.columns.provider'],
      dataIndex: 'provider',
      width: 110,
      render: (_: unknown, row: SmsRow) => dash(row.provider),
    },
    {
      title: t['smsLog.columns.status'],
      dataIndex: 'status',
      width: 110,
      render: (_: unknown, row: SmsRow) => statusBadge(t, row.status),
    },
    {
      title: t['smsLog.columns.createTime'],
      dataIndex: 'createdAt',
      width: 180,
      render: (_: unknown, row: SmsRow) => formatDate(row.createdAt, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
  if (onDelete) {
    columns.push({
      title: t['smsLog.columns.operations'],
      dataIndex: 'operations',
      width: 90,
      fixed: 'right',
      align: 'center',
      render: (_: unknown, row: SmsRow) => (
        <Authorized code={SMS_DELETE_PERMISSION}>
          <Button
            type="text"
            status="danger"
            size="small"
            data-testid={`sms-delete-${row.id}`}
            onClick={() => onDelete(row)}
          >
            {t['smsLog.delete']}
          </Button>
        </Authorized>
      ),
    });
  }
  return columns;
}
