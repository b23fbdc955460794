import { request } from '@cotton/sdk';
import type {
  AllRegionResult,
  AppointDetail,
  AppointmentWeek,
  CodeValue,
  QueryAppointDetailBody,
  QueryFactoryAppointmentListBody,
  QueryFactoryInlAppointmentListBody,
} from '@cotton/sdk';

// The reservation calls (docs/architecture.md, "Reservation"); the shapes are the wire
// contracts of `@cotton/sdk` (sdk/src/contracts/reservation.ts, region.ts).

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
export function queryAppointmentWeek(
  area: ReservationArea,
  weekStep: number,
  region: string,
): Promise<AppointmentWeek> {
  const body: QueryFactoryAppointmentListBody | QueryFactoryInlAppointmentListBody =
    area === 'xinjiang'
      ? { weekStep: String(weekStep), appoinmentRequestVo: { regionAreaCode: region } }
      : { weekStep: String(weekStep), appoinmentRequestVo: { regionProviceCode: region } };
  return request.post<AppointmentWeek>(LIST_URL[area], body);
}

export function queryAppointDetail(area: ReservationArea, params: QueryAppointDetailBody): Promise<AppointDetail> {
  return request.post<AppointDetail>(DETAIL_URL[area], params);
}

/** The Xinjiang reservation areas (北疆, 南疆, 东疆, 兵团). */
export function queryAllRegion(): Promise<CodeValue[]> {
  return request.post<AllRegionResult>(ALL_REGION_URL, {}).then((data) => data.regionGroupList);
}
