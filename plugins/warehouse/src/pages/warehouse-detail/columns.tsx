import type { ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';
import { dash, formatDate, formatMoney } from '@cotton/sdk';
import type { WhsBase, WhsBiz, WhsContact, WhsFee, WhsFreight } from '@cotton/sdk/contracts';
import type { WhsDicts } from '../../api';
import type { WarehouseDetailLocale } from './locale/zh-CN';

/** One label/value cell of an Arco Descriptions. */
export interface DescriptionItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
  span?: number;
}

const DASH = '--';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** '1' → 是, anything else → 否, empty → --. */
function yesNo(t: WarehouseDetailLocale, value: string | number | null | undefined): string {
  if (isEmpty(value)) return DASH;
  return String(value) === '1' ? t['warehouseDetail.yes'] : t['warehouseDetail.no'];
}

/** Comma-joined dictionary codes as their labels (an unknown code shows as itself). */
export function dictLabels(value: string | null | undefined, labels: Record<string, string>): string {
  if (isEmpty(value)) return DASH;
  const codes = String(value)
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  return codes.length ? codes.map((code) => labels[code] ?? code).join('、') : DASH;
}

const tonnes = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

function quantity(value: string | number | null | undefined, unit: string): string {
  if (isEmpty(value)) return DASH;
  const n = Number(value);
  return Number.isFinite(n) ? `${tonnes.format(n)} ${unit}` : String(value);
}

export function baseItems(t: WarehouseDetailLocale, base: Partial<WhsBase> | null): DescriptionItem[] {
  const b = base ?? {};
  return [
    { key: 'warehouseCode', label: t['warehouseDetail.base.warehouseCode'], value: dash(b.warehouseCode) },
    { key: 'warehouseName', label: t['warehouseDetail.base.warehouseName'], value: dash(b.warehouseName) },
    {
      key: 'foundTime',
      label: t['warehouseDetail.base.foundTime'],
      value: isEmpty(b.foundTime) ? DASH : formatDate(b.foundTime),
    },
    { key: 'postalCode', label: t['warehouseDetail.base.postalCode'], value: dash(b.postalCode) },
    { key: 'stationName', label: t['warehouseDetail.base.stationName'], value: dash(b.stationName) },
    // '1' means the warehouse has a railway siding; any other value means it has none.
    {
      key: 'specialRailwayLine',
      label: t['warehouseDetail.base.specialRailwayLine'],
      value: yesNo(t, b.specialRailwayLine),
    },
    {
      key: 'specialRailwayLineName',
      label: t['warehouseDetail.base.specialRailwayLineName'],
      value: dash(b.specialRailwayLineName),
    },
    { key: 'addressDetail', label: t['warehouseDetail.base.addressDetail'], value: dash(b.addressDetail), span: 2 },
    { key: 'synopsis', label: t['warehouseDetail.base.synopsis'], value: dash(b.synopsis), span: 3 },
    { key: 'warehouseNote', label: t['warehouseDetail.base.warehouseNote'], value: dash(b.warehouseNote), span: 3 },
  ];
}

export function bizItems(t: WarehouseDetailLocale, biz: Partial<WhsBiz> | null, dicts: WhsDicts): DescriptionItem[] {
  const b = biz ?? {};
  const region = [b.province?.value, b.city?.value, b.county?.value].filter((v) => !isEmpty(v)).join(' ');
  return [
    { key: 'whsTypes', label: t['warehouseDetail.biz.whsTypes'], value: dictLabels(b.whsTypes, dicts.WHS_TYPE) },
    {
      key: 'whsBizTypes',
      label: t['warehouseDetail.biz.whsBizTypes'],
      value: dictLabels(b.whsBizTypes, dicts.WHS_BIZ_TYPE),
    },
    {
      key: 'storageCapacityMax',
      label: t['warehouseDetail.biz.storageCapacityMax'],
      value: quantity(b.storageCapacityMax, t['warehouseDetail.unit.ton']),
    },
    {
      key: 'dispatchMin',
      label: t['warehouseDetail.biz.dispatchMin'],
      value: quantity(b.dispatchMin, t['warehouseDetail.unit.tonPerDay']),
    },
    { key: 'canWork', label: t['warehouseDetail.biz.canWork'], value: yesNo(t, b.canWork) },
    {
      key: 'officeWarehouseName',
      label: t['warehouseDetail.biz.officeWarehouseName'],
      value: dash(b.officeWarehouseName),
    },
    {
      key: 'quanlityMonitorWeight',
      label: t['warehouseDetail.biz.quanlityMonitorWeight'],
      value: quantity(b.quanlityMonitorWeight, t['warehouseDetail.unit.ton']),
    },
    { key: 'region', label: t['warehouseDetail.biz.region'], value: region || DASH, span: 2 },
  ];
}

export function contactItems(t: WarehouseDetailLocale, contact: Partial<WhsContact> | null): DescriptionItem[] {
  const c = contact ?? {};
  const keys = [
    'contactName',
    'contactPhone',
    'contactMobile',
    'contactFax',
    'bizContactName',
    'bizContactPhone',
    'bizContactMobile',
  ] as const;
  return keys.map((key) => ({ key, label: t[`warehouseDetail.contact.${key}`], value: dash(c[key]) }));
}

type FeeUnit = 'perTon' | 'perTonDay' | 'perBag' | 'perVehicle';

/** The fees of the detail, in display order, with the unit each is quoted in (spec §9). */
export const FEE_FIELDS: ReadonlyArray<{ key: keyof WhsFee; unit: FeeUnit; zeroAsDash?: boolean }> = [
  { key: 'cottonAutomobileInFee', unit: 'perTon' },
  { key: 'cottonAutomobileOutFee', unit: 'perTon' },
  { key: 'cottonTrainInFee', unit: 'perTon' },
  { key: 'cottonTrainOutFee', unit: 'perTon' },
  { key: 'cottonWaterInFee', unit: 'perTon' },
  { key: 'cottonWaterOutFee', unit: 'perTon' },
  { key: 'yarnAutomobileInFee', unit: 'perTon' },
  { key: 'yarnAutomobileOutFee', unit: 'perTon' },
  { key: 'yarnTrainInFee', unit: 'perTon' },
  { key: 'yarnTrainOutFee', unit: 'perTon' },
  { key: 'yarnWaterInFee', unit: 'perTon' },
  { key: 'yarnWaterOutFee', unit: 'perTon' },
  { key: 'cottonIndoorRate', unit: 'perTonDay' },
  { key: 'cottonOutdoorRate', unit: 'perTonDay' },
  // The official-inspection handling fee shows dashes when it is 0 (spec §9).
  { key: 'cottonExamineMoveFee', unit: 'perTon', zeroAsDash: true },
  { key: 'reconditionFee', unit: 'perTon' },
  { key: 'restoreFee', unit: 'perBag' },
  { key: 'sewingBagFee', unit: 'perBag' },
  { key: 'loadingHelpFee', unit: 'perVehicle' },
];

export function feeItems(t: WarehouseDetailLocale, fee: Partial<WhsFee> | null): DescriptionItem[] {
  const f = fee ?? {};
  return FEE_FIELDS.map(({ key, unit, zeroAsDash }) => {
    const text = formatMoney(f[key], { zeroAsDash });
    return {
      key,
      label: t[`warehouseDetail.fee.${key}`],
      value: text === DASH ? DASH : `${text} ${t[`warehouseDetail.unit.${unit}`]}`,
    };
  });
}

export function getFreightColumns(t: WarehouseDetailLocale, dicts: WhsDicts): TableColumnProps<WhsFreight>[] {
  const keys = ['stationName', 'freightYardType', 'freightYardName', 'whsName'] as const;
  return keys.map((key) => ({
    title: t[`warehouseDetail.freight.${key}`],
    dataIndex: key,
    render: (_: unknown, row: WhsFreight) =>
      key === 'freightYardType' ? dictLabels(row.freightYardType, dicts.FREIGHT_YARD_TYPE) : dash(row[key]),
  }));
}
