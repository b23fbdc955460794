import type { AppointDetail, AppointmentWeek, Plando, ReservationWarehouse } from '@cotton/sdk/contracts';

export const NOW_DATE = '2026-11-18'; // a Wednesday
export const WEEK = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];

export function plando(index: number, overrides: Partial<Plando> = {}): Plando {
  return {
    week: index + 1,
    appointmentDate: WEEK[index],
    appointmentWeightEmpty: 214.4,
    percent: 28.5,
    plandoStatus: 1,
    grey: WEEK[index] < NOW_DATE,
    ...overrides,
  };
}

export function warehouse(overrides: Partial<ReservationWarehouse> = {}): ReservationWarehouse {
  return {
    warehouseId: '1',
    warehouseCode: 'WH65001',
    warehouseName: '中储棉米东直属库',
    isSubscribe: 1,
    appointmentType: 1,
    appointmentWeightEmptySum: 0,
    plandoList: WEEK.map((_, index) => plando(index)),
    ...overrides,
  };
}

/** Two warehouses: a by-day one with every state, and a specified-date one. */
export function weekResult(): AppointmentWeek {
  return {
    nowDate: NOW_DATE,
    warehouseList: [
      warehouse({
        plandoList: [
          plando(0, { percent: 100, appointmentWeightEmpty: 0, plandoStatus: 2 }),
          plando(1, { percent: 55.3, appointmentWeightEmpty: 134.1 }),
          plando(2, { percent: 32.5, appointmentWeightEmpty: 270 }),
          plando(3, { percent: 0, appointmentWeightEmpty: 300 }),
          plando(4, { percent: 17.2, appointmentWeightEmpty: 207.1, plandoStatus: 5 }),
          plando(5, { percent: 97.3, appointmentWeightEmpty: 8, plandoStatus: 2 }),
          plando(6, { percent: 0, appointmentWeightEmpty: 0, plandoStatus: 3 }),
        ],
      }),
      warehouse({
        warehouseId: '2',
        warehouseCode: 'WH65002',
        warehouseName: '库尔勒银隆棉麻仓储有限公司',
        appointmentType: 2,
        appointmentWeightEmptySum: 256.789,
        plandoList: WEEK.map((_, index) => plando(index, { plandoStatus: 4, percent: 0, appointmentWeightEmpty: 0 })),
      }),
    ],
  };
}

/** The warehouses' own names, as the server answers them with a day's detail. */
const WAREHOUSE_NAMES: Record<string, string> = {
  WH65001: '中储棉米东直属库',
  WH65002: '库尔勒银隆棉麻仓储有限公司',
};

export function detailResult(whsCode = 'WH65001'): AppointDetail {
  return {
    whsName: WAREHOUSE_NAMES[whsCode] ?? whsCode,
    appointList: [
      {
        batchNumber: '65099261001',
        factoryName: '沙湾县天丰棉业有限责任公司',
        stockName: '细绒棉',
        whsPickMode: '锯齿机采',
        productYear: '2026',
        weight: 42.8,
        quantity: 187,
      },
      {
        batchNumber: '65123261002',
        factoryName: '乌苏金棉轧花厂',
        stockName: '细绒棉',
        whsPickMode: '锯齿手摘',
        productYear: '2026',
        weight: 43.125,
        quantity: 189,
      },
    ],
  };
}

export const REGION_GROUPS = [
  { code: 'BJ', value: '北疆' },
  { code: 'NJ', value: '南疆' },
  { code: 'DJ', value: '东疆' },
  { code: 'BT', value: '兵团' },
];
