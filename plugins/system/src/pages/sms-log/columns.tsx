import { Badge } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { AdminColumn } from '@cotton/sdk';
import type { SmsRow } from '@cotton/sdk/contracts';
import type { SmsLogLocale } from './locale/zh-CN';
import { providerText, statusOptions } from './fields';

/** '1' 已发送 (green), '2' 发送失败 (red), '3' 未发送 — no SMS gateway (orange); anything else as it came. */
export function statusBadge(t: SmsLogLocale, status: SmsRow['status']) {
  const code = status === null || status === undefined ? '' : String(status);
  if (code === '1') return <Badge status="success" text={t['smsLog.status.sent']} />;
  if (code === '2') return <Badge status="error" text={t['smsLog.status.failed']} />;
  if (code === '3') return <Badge status="warning" text={t['smsLog.status.undelivered']} />;
  return dash(code);
}

/**
 * The columns, with 查询 (手机号码, 模板编码, 发送状态; then the sending days) and
 * 高级查询 (all but 短信内容). Sortable: 手机号码, 模板编码, 发送状态, 发送时间 (the server's allow-list
 * for getSmsByPage). 发送时间 is the list field `createTime` (what the sort, the export and 高级查询
 * name) over the row's `createdAt`.
 */
export function getSmsColumns(t: SmsLogLocale): AdminColumn<SmsRow>[] {
  return [
    {
      title: t['smsLog.fields.mobile'],
      dataIndex: 'mobile',
      sortable: true,
      width: 130,
      search: 'text',
      query: 'text',
    },
    {
      title: t['smsLog.fields.template'],
      dataIndex: 'templateCode',
      sortable: true,
      width: 170,
      search: 'text',
      query: 'text',
      render: (_, row) => dash(row.templateCode),
    },
    {
      title: t['smsLog.fields.content'],
      dataIndex: 'content',
      width: 320,
      render: (_, row) => <EllipsisText text={row.content} />,
    },
    {
      title: t['smsLog.fields.provider'],
      dataIndex: 'provider',
      width: 110,
      query: 'text',
      render: (_, row) => providerText(t, row.provider),
    },
    {
      title: t['smsLog.fields.status'],
      dataIndex: 'status',
      sortable: true,
      width: 180,
      options: statusOptions(t),
      search: 'select',
      query: 'code',
      render: (_, row) => statusBadge(t, row.status),
    },
    {
      title: t['smsLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      query: 'date',
      render: (_, row) => formatDate(row.createdAt, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
