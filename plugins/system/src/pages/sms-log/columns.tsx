import { Badge } from '@arco-design/web-react';
import { EllipsisText, dash, formatDate } from '@cotton/sdk';
import type { SmsRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { SmsLogLocale } from './locale/zh-CN';
import { providerText } from './fields';

/** '1' 已发送 (green), '2' 发送失败 (red), '3' 未发送 — no SMS gateway (orange); anything else as it came. */
export function statusBadge(t: SmsLogLocale, status: SmsRow['status']) {
  const code = status === null || status === undefined ? '' : String(status);
  if (code === '1') return <Badge status="success" text={t['smsLog.status.sent']} />;
  if (code === '2') return <Badge status="error" text={t['smsLog.status.failed']} />;
  if (code === '3') return <Badge status="warning" text={t['smsLog.status.undelivered']} />;
  return dash(code);
}

/**
 * Sortable: 手机号码, 模板编码, 发送状态, 发送时间 (the server's allow-list for getSmsByPage).
 * 发送时间 is the list field `createTime` (what the sort and the export name) over the row's `createdAt`.
 */
export function getSmsColumns(t: SmsLogLocale): ListColumn<SmsRow>[] {
  return [
    { title: t['smsLog.fields.mobile'], dataIndex: 'mobile', sortable: true, width: 130 },
    {
      title: t['smsLog.fields.template'],
      dataIndex: 'templateCode',
      sortable: true,
      width: 170,
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
      render: (_, row) => providerText(t, row.provider),
    },
    {
      title: t['smsLog.fields.status'],
      dataIndex: 'status',
      sortable: true,
      width: 180,
      render: (_, row) => statusBadge(t, row.status),
    },
    {
      title: t['smsLog.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createdAt, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
