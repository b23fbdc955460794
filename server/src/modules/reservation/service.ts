import { and, asc, between, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  factoryAppointments,
  regionGroups,
  reservationDayPlans,
  reservationSettings,
  warehouses,
} from '../../db/schema/index';
import { ApiError, notFound } from '../../http/envelope';
import { RESERVATION_AREA_GROUP } from '../region/service';
import type { AppointDetail, AppointmentWeek, Plando, ReservationWarehouse } from '@cotton/sdk/contracts';
import { isoWeekday, shanghaiToday, weekDates } from './week';

/** 1 bookable, 2 fully booked, 3 not bookable, 4 specified date, 5 booking paused. */
export const PLANDO_STATUS = { bookable: 1, full: 2, notBookable: 3, specifiedDate: 4, paused: 5 } as const;

/** Xinjiang ('1') or inland ('2') warehouses: the two reservation pages. */
export type AreaType = '1' | '2';

export interface DayPlan {
  capacity: number;
  status: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * One cell of the week table. A day without a plan is not bookable and has no capacity.
 * A bookable day whose bookings reach its capacity is fully booked. `percent` has one
 * decimal and never passes 100: the model has no over-booking (a batch is booked only
 * where it fits), so bookings above the capacity (a capacity lowered after the bookings)
 * show as 100 %, nothing free; a day without capacity is 0 %, or 100 % when something was
 * booked on it all the same.
 */
export function computePlando(date: string, plan: DayPlan | undefined, booked: number, today: string): Plando {
  const capacity = plan?.capacity ?? 0;
  let plandoStatus = plan?.status ?? PLANDO_STATUS.notBookable;
  if (plandoStatus === PLANDO_STATUS.bookable && capacity > 0 && booked >= capacity) plandoStatus = PLANDO_STATUS.full;
  const percent = capacity > 0 ? Math.min(100, round1((booked / capacity) * 100)) : booked > 0 ? 100 : 0;
  return {
    week: isoWeekday(date),
    appointmentDate: date,
    appointmentWeightEmpty: round3(Math.max(capacity - booked, 0)),
    percent,
    plandoStatus,
    grey: date < today,
  };
}

function splitCodes(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
}

export interface WeekQuery {
  areaType: AreaType;
  weekStep: number;
  /** Xinjiang: one reservation area group code. */
  regionAreaCode?: string;
  /** Inland: province, city or county codes. */
  regionCodes?: string[];
}

async function checkReservationArea(db: AppDatabase, code: string): Promise<void> {
  const [group] = await db
    .select({ code: regionGroups.code })
    .from(regionGroups)
    .where(and(eq(regionGroups.groupType, RESERVATION_AREA_GROUP), eq(regionGroups.code, code)))
    .limit(1);
  if (!group) throw new ApiError('400', `参数错误：appoinmentRequestVo.regionAreaCode（预约区域）不存在：${code}`);
}

/** The week table of one page: every warehouse with reservation settings, by code. */
/** The tables the week tables are read from (the public answer cache keys on their versions). */
export const WEEK_TABLES = [
  'warehouses',
  'reservation_settings',
  'reservation_day_plans',
  'factory_appointments',
  'region_groups',
] as const;

/** The tables a day's detail is read from. */
export const DETAIL_TABLES = ['warehouses', 'factory_appointments'] as const;

/** What a week table depends on besides the tables: one key per distinct answer. */
export function weekKey(query: WeekQuery, now = new Date()): string {
  const area = query.regionAreaCode?.trim().toUpperCase() ?? '';
  const codes = [...(query.regionCodes ?? [])].sort().join(',');
  // Today (Shanghai) decides the dates, `nowDate` and the grey cells: a new day is a new key.
  return `${query.areaType}|${shanghaiToday(now)}|${query.weekStep}|${area}|${codes}`;
}

export async function queryAppointmentWeek(
  db: AppDatabase,
  query: WeekQuery,
  now = new Date(),
): Promise<AppointmentWeek> {
  const today = shanghaiToday(now);
  const dates = weekDates(now, query.weekStep);

  const conditions: SQL[] = [eq(warehouses.areaType, query.areaType)];
  const area = query.regionAreaCode?.trim().toUpperCase();
  if (area) {
    await checkReservationArea(db, area);
    conditions.push(eq(warehouses.reservationAreaCode, area));
  }
  if (query.regionCodes && query.regionCodes.length > 0) {
    conditions.push(
      // The cascader offers three levels (spec §9): provinces, cities and counties.
      or(
        inArray(warehouses.provinceCode, query.regionCodes),
        inArray(warehouses.cityCode, query.regionCodes),
        inArray(warehouses.countyCode, query.regionCodes),
      )!,
    );
  }

  const rows = await db
    .select({
      id: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      appointmentType: reservationSettings.appointmentType,
      isSubscribe: reservationSettings.isSubscribe,
    })
    .from(reservationSettings)
    .innerJoin(warehouses, eq(warehouses.code, reservationSettings.warehouseCode))
    .where(and(...conditions))
    .orderBy(asc(warehouses.code));
  if (rows.length === 0) return { nowDate: today, warehouseList: [] };

  const codes = rows.map((row) => row.code);
  const [first, last] = [dates[0], dates[6]];
  const plans = await db
    .select({
      code: reservationDayPlans.warehouseCode,
      date: reservationDayPlans.planDate,
      capacity: reservationDayPlans.capacity,
      status: reservationDayPlans.status,
    })
    .from(reservationDayPlans)
    .where(and(inArray(reservationDayPlans.warehouseCode, codes), between(reservationDayPlans.planDate, first, last)));
  const booked = await db
    .select({
      code: factoryAppointments.warehouseCode,
      date: factoryAppointments.appointmentDate,
      weight: sql<number>`coalesce(sum(${factoryAppointments.weight}), 0)`.mapWith(Number),
    })
    .from(factoryAppointments)
    .where(
      and(
        inArray(factoryAppointments.warehouseCode, codes),
        or(between(factoryAppointments.appointmentDate, first, last), isNull(factoryAppointments.appointmentDate)),
      ),
    )
    .groupBy(factoryAppointments.warehouseCode, factoryAppointments.appointmentDate);

  const planByKey = new Map(plans.map((plan) => [`${plan.code}|${plan.date}`, plan]));
  const bookedByKey = new Map(booked.map((row) => [`${row.code}|${row.date ?? ''}`, row.weight]));

  const warehouseList: ReservationWarehouse[] = rows.map((row) => ({
    warehouseId: String(row.id),
    warehouseCode: row.code,
    warehouseName: row.name,
    isSubscribe: Number(row.isSubscribe),
    appointmentType: row.appointmentType,
    appointmentWeightEmptySum: row.appointmentType === 2 ? round3(bookedByKey.get(`${row.code}|`) ?? 0) : 0,
    plandoList: dates.map((date) =>
      computePlando(date, planByKey.get(`${row.code}|${date}`), bookedByKey.get(`${row.code}|${date}`) ?? 0, today),
    ),
  }));
  return { nowDate: today, warehouseList };
}

export function parseWeekStep(value: string): number {
  return Number.parseInt(value.trim(), 10);
}

export function parseRegionCodes(value: string | undefined): string[] {
  return splitCodes(value);
}

const AREA_NAMES: Record<AreaType, string> = { '1': '新疆', '2': '内地' };

/** The batches booked at a warehouse for one day, by batch number. */
export async function queryAppointDetail(
  db: AppDatabase,
  areaType: AreaType,
  whsCode: string,
  appointDate: string,
): Promise<AppointDetail> {
  const code = whsCode.trim();
  const date = appointDate.trim();
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new ApiError('400', `参数错误：appointDate（预约日期）不是有效日期：${date}`);
  }
  const [warehouse] = await db
    .select({ areaType: warehouses.areaType, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.code, code))
    .limit(1);
  if (!warehouse || warehouse.areaType !== areaType) throw notFound(`${AREA_NAMES[areaType]}仓库不存在：${code}`);

  const appointList = await db
    .select({
      batchNumber: factoryAppointments.batchNumber,
      factoryName: factoryAppointments.factoryName,
      stockName: factoryAppointments.stockName,
      whsPickMode: factoryAppointments.whsPickMode,
      productYear: factoryAppointments.productYear,
      weight: factoryAppointments.weight,
      quantity: factoryAppointments.quantity,
    })
    .from(factoryAppointments)
    .where(and(eq(factoryAppointments.warehouseCode, code), eq(factoryAppointments.appointmentDate, date)))
    .orderBy(asc(factoryAppointments.batchNumber), asc(factoryAppointments.id));
  // The warehouse's own name: whatever name the page's address carries is not shown over its batches.
  return { whsName: warehouse.name, appointList };
}
