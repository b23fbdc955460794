import type { ReactNode } from 'react';
import { formatDate } from '@cotton/sdk';
import type { AdminBankRow } from '@cotton/sdk/contracts';
import type { ListColumn } from '@cotton/sdk';
import type { BankListLocale } from './locale/zh-CN';

/** Sortable: 银行代码, 银行名称, 排序 (the default), 创建时间 (the server's allow-list for getBankPage). */
export function getBankColumns(
  t: BankListLocale,
  status: (row: AdminBankRow) => ReactNode,
): ListColumn<AdminBankRow>[] {
  return [
    { title: t['bankList.fields.code'], dataIndex: 'code', sortable: true, width: 110 },
    { title: t['bankList.fields.name'], dataIndex: 'name', sortable: true, width: 220 },
    { title: t['bankList.fields.sort'], dataIndex: 'sort', sortable: true, width: 80 },
    { title: t['bankList.fields.status'], dataIndex: 'status', width: 100, render: (_, row) => status(row) },
    {
      title: t['bankList.fields.accountBank'],
      dataIndex: 'accountBank',
      width: 140,
      render: (_, row) => (row.accountBank ? t['bankList.yes'] : t['bankList.no']),
    },
    {
      title: t['bankList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      render: (_, row) => formatDate(row.createTime, 'YYYY-MM-DD HH:mm:ss'),
    },
  ];
}
