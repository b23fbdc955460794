import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { REGION_CODE_LIST_PATTERN } from '../validators/codes.js';

// Reservation progress of Xinjiang and inland warehouses (spec §2, §7 public queries):
// `/rest/anon/queryFactoryAppointmentList`, `/rest/anon/queryFactoryInlAppointmentList`,
// `/rest/anon/queryAppointDetail`, `/rest/anon/queryInlAppointDetail`.

/** A string holding an integer from -52 to 52 (JSON numbers are accepted and read as strings). */
const WeekStep = Type.String({
  maxLength: 16,
  pattern: '^\\s*(0|-?([1-9]|[1-4][0-9]|5[0-2]))\\s*$',
  title: '周偏移',
  errorMessage: '应为 -52 到 52 之间的整数',
});

/** Comma-joined 6-digit province (`xx0000`), city (`xxxx00`) or county codes. */
export const REGION_CODE_LIST = REGION_CODE_LIST_PATTERN.source;

/** Xinjiang: the week `weekStep` weeks from this one, of one reservation area ('' for all). */
export const QueryFactoryAppointmentListBody = Type.Object({
  weekStep: WeekStep,
  appoinmentRequestVo: Type.Object(
    {
      regionAreaCode: Type.Optional(
        Type.String({
          maxLength: 32,
          pattern: '^\\s*(?:[A-Za-z]{1,16}\\s*)?$',
          title: '预约区域',
          errorMessage: '应为预约区域代码，如 BJ',
        }),
      ),
    },
    { default: {}, title: '查询条件' },
  ),
});
export type QueryFactoryAppointmentListBody = Static<typeof QueryFactoryAppointmentListBody>;

/** Inland: the week `weekStep` weeks from this one, of some provinces, cities and counties ('' for all). */
export const QueryFactoryInlAppointmentListBody = Type.Object({
  weekStep: WeekStep,
  appoinmentRequestVo: Type.Object(
    {
      regionProviceCode: Type.Optional(
        Type.String({
          pattern: REGION_CODE_LIST,
          maxLength: 700,
          title: '省份/城市',
          errorMessage: '应为逗号分隔的 6 位行政区划代码，如 370000,410100',
        }),
      ),
    },
    { default: {}, title: '查询条件' },
  ),
});
export type QueryFactoryInlAppointmentListBody = Static<typeof QueryFactoryInlAppointmentListBody>;

/** One day of a warehouse's week. */
export const Plando = Type.Object({
  /** 1 = Monday … 7 = Sunday. */
  week: Type.Integer(),
  /** YYYY-MM-DD */
  appointmentDate: Type.String(),
  /** Tonnes still free: max(capacity − booked, 0). */
  appointmentWeightEmpty: Type.Number(),
  /** booked / capacity × 100, one decimal; may exceed 100. */
  percent: Type.Number(),
  /** 1 bookable, 2 fully booked, 3 not bookable, 4 specified date, 5 booking paused. */
  plandoStatus: Type.Integer(),
  /** The day is before today (Asia/Shanghai). */
  grey: Type.Boolean(),
});
export type Plando = Static<typeof Plando>;

export const ReservationWarehouse = Type.Object({
  warehouseId: Type.String(),
  warehouseCode: Type.String(),
  warehouseName: Type.String(),
  /** 1 subscribed, 0 not. */
  isSubscribe: Type.Integer(),
  /** 1 by day, 2 specified date. */
  appointmentType: Type.Integer(),
  /** Tonnes booked but not yet given a day (type 2; 0 for type 1). */
  appointmentWeightEmptySum: Type.Number(),
  plandoList: Type.Array(Plando),
});
export type ReservationWarehouse = Static<typeof ReservationWarehouse>;

/** The list calls → `dataSet`. */
export const AppointmentWeek = Type.Object({
  /** Today in Asia/Shanghai, YYYY-MM-DD. */
  nowDate: Type.String(),
  warehouseList: Type.Array(ReservationWarehouse),
});
export type AppointmentWeek = Static<typeof AppointmentWeek>;

export const QueryAppointDetailBody = Type.Object({
  whsCode: Type.String({ minLength: 1, maxLength: 32, title: '仓库代码' }),
  whsName: Type.Optional(Type.String({ maxLength: 128, title: '仓库名称' })),
  appointDate: Type.String({
    maxLength: 32,
    pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}\\s*$',
    title: '预约日期',
    errorMessage: '应为 YYYY-MM-DD 格式的日期',
  }),
});
export type QueryAppointDetailBody = Static<typeof QueryAppointDetailBody>;

export const AppointDetailRow = Type.Object({
  batchNumber: Type.String(),
  factoryName: Type.String(),
  stockName: Type.String(),
  whsPickMode: Type.String(),
  productYear: Type.String(),
  /** Tonnes, 3 decimals. */
  weight: Type.Number(),
  /** Bales. */
  quantity: Type.Integer(),
});
export type AppointDetailRow = Static<typeof AppointDetailRow>;

/** The detail calls → `dataSet`: the warehouse's own name (never the request's `whsName`) and the day's batches. */
export const AppointDetail = Type.Object({ whsName: Type.String(), appointList: Type.Array(AppointDetailRow) });
export type AppointDetail = Static<typeof AppointDetail>;

/** Reservation progress, Xinjiang and inland (kept per change: the public answer cache). */
export const reservationCalls = {
  /** A week of the Xinjiang warehouses' reservations. */
  week: defineCall({
    method: 'POST',
    path: '/rest/anon/queryFactoryAppointmentList',
    body: QueryFactoryAppointmentListBody,
    answer: AppointmentWeek,
  }),
  /** A week of the inland warehouses' reservations. */
  inlandWeek: defineCall({
    method: 'POST',
    path: '/rest/anon/queryFactoryInlAppointmentList',
    body: QueryFactoryInlAppointmentListBody,
    answer: AppointmentWeek,
  }),
  /** One Xinjiang warehouse's reservations of a day. */
  detail: defineCall({
    method: 'POST',
    path: '/rest/anon/queryAppointDetail',
    body: QueryAppointDetailBody,
    answer: AppointDetail,
  }),
  /** One inland warehouse's reservations of a day. */
  inlandDetail: defineCall({
    method: 'POST',
    path: '/rest/anon/queryInlAppointDetail',
    body: QueryAppointDetailBody,
    answer: AppointDetail,
  }),
};
