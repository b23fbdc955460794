import { request } from '@cotton/sdk';

/** 1 bookable, 2 fully booked, 3 not bookable, 4 specified date, 5 booking paused. */
export type PlandoStatus = 1 | 2 | 3 | 4 | 5;

/** One day of a warehouse's week (docs/architecture.md, reservation calls). */
export interface Plando {
  /** 1 = Monday … 7 = Sunday. */
  week: number;
  /** YYYY-MM-DD */
  appointmentDate: string;
  /** Tonnes still free. */
  appointmentWeightEmpty: number;
  /** Share booked, may pass 100. */
  percent: number;
  plandoStatus: PlandoStatus;
  /** Before today. */
  grey: boolean;
}

export interface ReservationWarehouse {
  warehouseId: string;
  warehouseCode: string;
  warehouseName: string;
  isSubscribe: number;
  /** 1 by day, 2 specified date. */
  appointmentType: number;
  /** Tonnes booked but not yet given a day (type 2). */
  appointmentWeightEmptySum: number;
  plandoList: Plando[];
}

export interface AppointmentWeek {
  /** Today (Asia/Shanghai), YYYY-MM-DD. */
  nowDate: string;
  warehouseList: ReservationWarehouse[];
}

export interface AppointDetailRow {
  batchNumber: string;
  factoryName: string;
  stockName: string;
  whsPickMode: string;
  productYear: string;
  weight: number;
  quantity: number;
}

export interface AppointDetail {
  appointList: AppointDetailRow[];
}

export interface RegionGroup {
  code: string;
  value: string;
}

/** Xinjiang ('xinjiang', region groups) or inland ('inland', provinces and cities). */
export type ReservationArea = 'xinjiang' | 'inland';

export const LIST_URL: Record<ReservationArea, string> = {
  xinjiang: '/rest/anon/queryFactoryAppointmentList',
  inland: '/rest/anon/queryFactoryInlAppointmentList',
};
export const DETAIL_URL: Record<ReservationArea, string> = {
  xinjiang: '/rest/anon/queryAppointDetail',
  inland: '/rest/anon/queryInlAppointDetail',
};
export const ALL_REGION_URL = '/rest/anon/queryAllRegion';

/**
 * The week `weekStep` weeks from this one. `region` is the reservation area code
 * (Xinjiang) or the comma-joined province/city codes (inland); '' for all.
 */
export function queryAppointmentWeek(area: ReservationArea, weekStep: number, region: string): Promise<AppointmentWeek> {
  const appoinmentRequestVo = area === 'xinjiang' ? { regionAreaCode: region } : { regionProviceCode: region };
  return request.post<AppointmentWeek>(LIST_URL[area], { weekStep: String(weekStep), appoinmentRequestVo });
}

export function queryAppointDetail(
  area: ReservationArea,
  params: { whsCode: string; whsName: string; appointDate: string },
): Promise<AppointDetail> {
  return request.post<AppointDetail>(DETAIL_URL[area], params);
}

/** The Xinjiang reservation areas (北疆, 南疆, 东疆, 兵团). */
export function queryAllRegion(): Promise<RegionGroup[]> {
  return request.post<{ regionGroupList: RegionGroup[] }>(ALL_REGION_URL, {}).then((data) => data.regionGroupList);
}
