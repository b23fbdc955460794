import { EllipsisText, formatDate } from '@cotton/sdk';
import type { AdminColumn, CodeValue } from '@cotton/sdk';
import type { AdminRegisterApplyRow } from '@cotton/sdk/contracts';
import { KindTag } from './components/KindTag';
import { StatusTag } from './components/StatusTag';
import { kindOptions, statusOptions } from './fields';
import type { RegisterReviewLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (企业名称, 统一社会信用代码, 所属服务区域, 类型; 状态 is the buttons above
 * it) and 高级查询 (those, 状态 and 提交时间): what getApplyPage filters. Sortable: 企业名称,
 * 提交时间 (the server's allow-list; newest first by default).
 */
export function getRegisterReviewColumns(
  t: RegisterReviewLocale,
  areas: readonly CodeValue[],
): AdminColumn<AdminRegisterApplyRow>[] {
  return [
    {
      title: t['registerReview.fields.kind'],
      dataIndex: 'kind',
      width: 100,
      options: kindOptions(t),
      search: 'select',
      query: 'code',
      render: (_, row) => <KindTag t={t} kind={row.kind} />,
    },
    {
      title: t['registerReview.fields.traderName'],
      dataIndex: 'traderName',
      sortable: true,
      width: 240,
      search: 'text',
      query: 'text',
      render: (_, row) => <EllipsisText text={row.traderName} length={20} />,
    },
    {
      title: t['registerReview.fields.uniformCreditCode'],
      dataIndex: 'uniformCreditCode',
      width: 190,
      search: 'text',
      query: 'text',
    },
    {
      title: t['registerReview.fields.accountTypeNames'],
      dataIndex: 'accountTypeNames',
      width: 180,
      render: (_, row) => <EllipsisText text={row.accountTypeNames} length={14} />,
    },
    {
      title: t['registerReview.fields.serviceArea'],
      dataIndex: 'serviceAreaName',
      filterName: 'serviceAreaCode',
      width: 140,
      options: areas.map((area) => ({ label: area.value, value: area.code })),
      search: 'select',
      query: 'code',
      render: (_, row) => <EllipsisText text={row.serviceAreaName} />,
    },
    {
      title: t['registerReview.fields.status'],
      dataIndex: 'status',
      width: 100,
      options: statusOptions(t),
      query: 'code',
      render: (_, row) => <StatusTag t={t} status={row.status} />,
    },
    { title: t['registerReview.fields.round'], dataIndex: 'round', width: 70 },
    {
      title: t['registerReview.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 190,
      query: 'date',
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
