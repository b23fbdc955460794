import type { ReactNode } from 'react';
import type { AdminColumn } from '@cotton/sdk';
import type { AdminBankRow } from '@cotton/sdk/contracts';
import { STATUS_OPTIONS } from '../../components/status';
import { yesNoOptions } from './fields';
import type { BankListLocale } from './locale/zh-CN';

/**
 * The columns, with 查询 (代码, 名称, 状态, 结算银行; the name asked first) and 高级查询 (all of
 * them). Sortable: 银行代码, 银行名称, 排序 (the default), 创建时间
 * (the server's allow-list for getBankPage).
 */
export function getBankColumns(
  t: BankListLocale,
  status: (row: AdminBankRow) => ReactNode,
): AdminColumn<AdminBankRow>[] {
  return [
    { title: t['bankList.fields.code'], dataIndex: 'code', sortable: true, width: 110, search: 'text', query: 'text' },
    { title: t['bankList.fields.name'], dataIndex: 'name', sortable: true, width: 220, search: 'text', query: 'text' },
    { title: t['bankList.fields.sort'], dataIndex: 'sort', sortable: true, width: 80, query: 'number' },
    {
      title: t['bankList.fields.status'],
      dataIndex: 'status',
      width: 100,
      options: STATUS_OPTIONS,
      search: 'select',
      query: 'code',
      render: (_, row) => status(row),
    },
    {
      title: t['bankList.fields.accountBank'],
      dataIndex: 'accountBank',
      width: 140,
      options: yesNoOptions(t),
      search: 'select',
      query: 'code',
      // A flag, not a code: 是 / 否.
      render: (_, row) => (row.accountBank ? t['bankList.yes'] : t['bankList.no']),
    },
    {
      title: t['bankList.fields.createTime'],
      dataIndex: 'createTime',
      sortable: true,
      width: 180,
      show: 'time',
      query: 'date',
    },
  ];
}
