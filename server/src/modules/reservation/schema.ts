import { AppointDetail, AppointmentWeek, Envelope } from '@cotton/sdk/contracts';

// The reservation calls: the wire contracts (sdk/src/contracts/reservation.ts).
export {
  AppointDetail,
  AppointDetailRow,
  AppointmentWeek,
  Plando,
  QueryAppointDetailBody,
  QueryFactoryAppointmentListBody,
  QueryFactoryInlAppointmentListBody,
  REGION_CODE_LIST,
  ReservationWarehouse,
} from '@cotton/sdk/contracts';

export const AppointmentWeekResponse = Envelope(AppointmentWeek);
export const AppointDetailResponse = Envelope(AppointDetail);
