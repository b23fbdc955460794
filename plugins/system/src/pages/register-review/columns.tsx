import { EllipsisText, formatDate } from '@cotton/sdk';
import type { AdminRegisterApplyRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import { KindTag } from './components/KindTag';
import { StatusTag } from './components/StatusTag';
import type { RegisterReviewLocale } from './locale/zh-CN';

/** Sortable: 企业名称, 提交时间 (the server's allow-list for getApplyPage; newest first by default). */
export function getRegisterReviewColumns(t: RegisterReviewLocale): ListColumn<AdminRegisterApplyRow>[] {
  return [
    {
      title: t['registerReview.fields.kind'],
      dataIndex: 'kind',
      width: 100,
      render: (_, row) => <KindTag t={t} kind={row.kind} />,
    },
    {
      title: t['registerReview.fields.traderName'],
      dataIndex: 'traderName',
      sortable: true,
      width: 240,
      render: (_, row) => <EllipsisText text={row.traderName} length={20} />,
    },
    { title: t['registerReview.fields.uniformCreditCode'], dataIndex: 'uniformCreditCode', width: 190 },
    {
      title: t['registerReview.fields.accountTypeNames'],
      dataIndex: 'accountTypeNames',
      width: 180,
      render: (_, row) => <EllipsisText text={row.accountTypeNames} length={14} />,
    },
    {
      title: t['registerReview.fields.serviceArea'],
      dataIndex: 'serviceAreaName',
      width: 140,
      render: (_, row) => <EllipsisText text={row.serviceAreaName} />,
    },
    {
      title: t['registerReview.fields.status'],
      dataIndex: 'status',
      width: 100,
      render: (_, row) => <StatusTag t={t} status={row.status} />,
    },
    { title: t['registerReview.fields.round'], dataIndex: 'round', width: 70 },
    {
      title: t['registerReview.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 190,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
