import { EllipsisText, dash, formatMoney } from '@cotton/sdk';
import type { LightTableColumn } from '@cotton/sdk';
import type { WhsRow } from '@cotton/sdk/contracts';
import type { WarehouseListLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

type MoneyKey =
  | 'cottonAutomobileInFee'
  | 'cottonAutomobileOutFee'
  | 'cottonIndoorRate'
  | 'cottonOutdoorRate'
  | 'cottonExamineMoveFee';

/** Column widths (px): together they fit the list at 1366 px without scrolling sideways. */
export const COLUMN_WIDTHS = {
  warehouseName: 200,
  regionProviceName: 96,
  addressDetail: 180,
  contactName: 80,
  contactPhone: 128,
  fee: 100,
  operations: 68,
} as const;

/** The width of every column together: the table's width, below which it scrolls sideways. */
export const TABLE_WIDTH =
  COLUMN_WIDTHS.warehouseName +
  COLUMN_WIDTHS.regionProviceName +
  COLUMN_WIDTHS.addressDetail +
  COLUMN_WIDTHS.contactName +
  COLUMN_WIDTHS.contactPhone +
  5 * COLUMN_WIDTHS.fee +
  COLUMN_WIDTHS.operations;

/** Keys of the columns that are not data: the column setting never hides them. */
export const ACTION_COLUMN_KEYS = ['operations'];

function moneyColumn(
  t: WarehouseListLocale,
  key: MoneyKey,
  unit: 'perTonne' | 'perTonneDay',
  options: { zeroAsDash?: boolean } = {},
): LightTableColumn<WhsRow> {
  return {
    key,
    // Name and unit on two lines, so that a 100 px column shows the whole header.
    title: (
      <span className={styles['fee-title']}>
        <span>{t[`warehouseList.columns.${key}`]}</span>
        <span className={styles['fee-unit']}>{t[`warehouseList.unit.${unit}`]}</span>
      </span>
    ),
    label: `${t[`warehouseList.columns.${key}`]}${t[`warehouseList.unit.${unit}`]}`,
    align: 'right',
    width: COLUMN_WIDTHS.fee,
    render: (row: WhsRow) => formatMoney(row[key], options),
  };
}

/**
 * Columns of the public warehouse list. Fees are in yuan with 2 decimals and thousands
 * separators; the official-inspection handling fee (公检搬倒费) shows `--` when it is 0.
 */
export function getColumns(t: WarehouseListLocale, onDetail: (row: WhsRow) => void): LightTableColumn<WhsRow>[] {
  return [
    {
      title: t['warehouseList.columns.warehouseName'],
      key: 'warehouseName',
      width: COLUMN_WIDTHS.warehouseName,
      fixed: 'left',
      render: (row: WhsRow) => <EllipsisText text={row.warehouseName} length={18} />,
    },
    {
      title: t['warehouseList.columns.regionProviceName'],
      key: 'regionProviceName',
      width: COLUMN_WIDTHS.regionProviceName,
      render: (row: WhsRow) => dash(row.regionProviceName),
    },
    {
      title: t['warehouseList.columns.addressDetail'],
      key: 'addressDetail',
      width: COLUMN_WIDTHS.addressDetail,
      render: (row: WhsRow) => <EllipsisText text={row.addressDetail ?? ''} length={18} />,
    },
    {
      title: t['warehouseList.columns.contactName'],
      key: 'contactName',
      width: COLUMN_WIDTHS.contactName,
      render: (row: WhsRow) => dash(row.contactName),
    },
    {
      title: t['warehouseList.columns.contactPhone'],
      key: 'contactPhone',
      width: COLUMN_WIDTHS.contactPhone,
      render: (row: WhsRow) => dash(row.contactPhone),
    },
    moneyColumn(t, 'cottonAutomobileInFee', 'perTonne'),
    moneyColumn(t, 'cottonAutomobileOutFee', 'perTonne'),
    moneyColumn(t, 'cottonIndoorRate', 'perTonneDay'),
    moneyColumn(t, 'cottonOutdoorRate', 'perTonneDay'),
    moneyColumn(t, 'cottonExamineMoveFee', 'perTonne', { zeroAsDash: true }),
    {
      title: t['warehouseList.columns.operations'],
      key: 'operations',
      width: COLUMN_WIDTHS.operations,
      fixed: 'right',
      align: 'center',
      render: (row: WhsRow) => (
        <button
          type="button"
          className={styles['detail-button']}
          data-testid={`warehouse-detail-link-${row.warehouseCode}`}
          onClick={() => onDetail(row)}
        >
          {t['warehouseList.columns.operations.detail']}
        </button>
      ),
    },
  ];
}
