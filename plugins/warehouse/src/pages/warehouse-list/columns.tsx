import type { TableColumnProps } from '@arco-design/web-react';
import { Button } from '@arco-design/web-react';
import { EllipsisText, dash, formatMoney } from '@cotton/sdk';
import type { WhsRow } from '@cotton/sdk';
import type { WarehouseListLocale } from './locale/zh-CN';

type MoneyKey =
  | 'cottonAutomobileInFee'
  | 'cottonAutomobileOutFee'
  | 'cottonIndoorRate'
  | 'cottonOutdoorRate'
  | 'cottonExamineMoveFee';

function moneyColumn(
  t: WarehouseListLocale,
  key: MoneyKey,
  options: { zeroAsDash?: boolean } = {},
): TableColumnProps<WhsRow> {
  return {
    title: t[`warehouseList.columns.${key}`],
    dataIndex: key,
    align: 'right',
    width: 150,
    render: (_: unknown, row: WhsRow) => formatMoney(row[key], options),
  };
}

/**
 * Columns of the public warehouse list. Fees are in yuan with 2 decimals and thousands
 * separators; the official-inspection handling fee (公检搬倒费) shows `--` when it is 0.
 */
export function getColumns(t: WarehouseListLocale, onDetail: (row: WhsRow) => void): TableColumnProps<WhsRow>[] {
  return [
    {
      title: t['warehouseList.columns.warehouseName'],
      dataIndex: 'warehouseName',
      width: 240,
      fixed: 'left',
      render: (_: unknown, row: WhsRow) => <EllipsisText text={row.warehouseName} length={18} />,
    },
    {
      title: t['warehouseList.columns.regionProviceName'],
      dataIndex: 'regionProviceName',
      width: 120,
      render: (_: unknown, row: WhsRow) => dash(row.regionProviceName),
    },
    {
      title: t['warehouseList.columns.addressDetail'],
      dataIndex: 'addressDetail',
      width: 240,
      render: (_: unknown, row: WhsRow) => <EllipsisText text={row.addressDetail ?? ''} length={18} />,
    },
    {
      title: t['warehouseList.columns.contactName'],
      dataIndex: 'contactName',
      width: 100,
      render: (_: unknown, row: WhsRow) => dash(row.contactName),
    },
    {
      title: t['warehouseList.columns.contactPhone'],
      dataIndex: 'contactPhone',
      width: 140,
      render: (_: unknown, row: WhsRow) => dash(row.contactPhone),
    },
    moneyColumn(t, 'cottonAutomobileInFee'),
    moneyColumn(t, 'cottonAutomobileOutFee'),
    moneyColumn(t, 'cottonIndoorRate'),
    moneyColumn(t, 'cottonOutdoorRate'),
    moneyColumn(t, 'cottonExamineMoveFee', { zeroAsDash: true }),
    {
      title: t['warehouseList.columns.operations'],
      dataIndex: 'operations',
      width: 90,
      fixed: 'right',
      align: 'center',
      render: (_: unknown, row: WhsRow) => (
        <Button
          type="text"
          size="small"
          data-testid={`warehouse-detail-link-${row.warehouseCode}`}
          onClick={() => onDetail(row)}
        >
          {t['warehouseList.columns.operations.detail']}
        </Button>
      ),
    },
  ];
}
