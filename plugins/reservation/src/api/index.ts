import { request } from '@cotton/sdk';
import { regionCalls, reservationCalls } from '@cotton/sdk/calls';
import type {
  AppointDetail,
  AppointmentWeek,
  CodeValue,
  QueryAppointDetailBody,
  QueryFactoryAppointmentListBody,
  QueryFactoryInlAppointmentListBody,
} from '@cotton/sdk/contracts';

// The reservation calls (docs/architecture.md, "Reservation") of `@cotton/sdk/calls`
// (sdk/src/contracts/reservation.ts, region.ts).

/** Xinjiang ('xinjiang', region groups) or inland ('inland', provinces and cities). */
export type ReservationArea = 'xinjiang' | 'inland';

/** The week's call of each area. */
export const WEEK_CALLS = { xinjiang: reservationCalls.week, inland: reservationCalls.inlandWeek } as const;
/** The day detail's call of each area. */
export const DETAIL_CALLS = { xinjiang: reservationCalls.detail, inland: reservationCalls.inlandDetail } as const;

/**
 * The week `weekStep` weeks from this one. `region` is the reservation area code
 * (Xinjiang) or the comma-joined province/city codes (inland); '' for all.
 */
export function queryAppointmentWeek(
  area: ReservationArea,
  weekStep: number,
  region: string,
): Promise<AppointmentWeek> {
  if (area === 'xinjiang') {
    const body: QueryFactoryAppointmentListBody = {
      weekStep: String(weekStep),
      appoinmentRequestVo: { regionAreaCode: region },
    };
    return request.call(WEEK_CALLS.xinjiang, body);
  }
  const body: QueryFactoryInlAppointmentListBody = {
    weekStep: String(weekStep),
    appoinmentRequestVo: { regionProviceCode: region },
  };
  return request.call(WEEK_CALLS.inland, body);
}

export function queryAppointDetail(area: ReservationArea, params: QueryAppointDetailBody): Promise<AppointDetail> {
  return request.call(DETAIL_CALLS[area], params);
}

/** The Xinjiang reservation areas (北疆, 南疆, 东疆, 兵团). */
export function queryAllRegion(): Promise<CodeValue[]> {
  return request.call(regionCalls.reservationAreas, {}).then((data) => data.regionGroupList);
}
