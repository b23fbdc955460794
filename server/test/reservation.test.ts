import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryAppointments, reservationDayPlans, reservationSettings, warehouses } from '../src/db/schema/index';
import type { AppointDetail, AppointmentWeek } from '@cotton/sdk/contracts';
import { computePlando } from '../src/modules/reservation/service';
import { addDays, cropYearOf, isoWeekday, mondayOf, shanghaiToday, weekDates } from '../src/modules/reservation/week';
import { generateReservations } from '../src/seed/reservation';
import { startTestServer, type TestServer } from './helpers';

const LIST = '/rest/anon/queryFactoryAppointmentList';
const INL_LIST = '/rest/anon/queryFactoryInlAppointmentList';
const DETAIL = '/rest/anon/queryAppointDetail';
const INL_DETAIL = '/rest/anon/queryInlAppointDetail';

describe('reservation weeks (Asia/Shanghai, Monday first)', () => {
  it('reads the calendar date in Shanghai, not in UTC', () => {
    expect(shanghaiToday(new Date('2026-11-22T15:30:00Z'))).toBe('2026-11-22'); // Sunday 23:30 in Shanghai
    expect(shanghaiToday(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23'); // Monday 00:00 in Shanghai
    expect(shanghaiToday(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
  });

  it('starts the week on Monday: a Sunday evening belongs to the week that began six days before', () => {
    // Sunday 23:30 Shanghai = Sunday 15:30 UTC.
    expect(weekDates(new Date('2026-11-22T15:30:00Z'), 0)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    // Half an hour later it is Monday in Shanghai (still Sunday in UTC): the next week.
    expect(weekDates(new Date('2026-11-22T16:30:00Z'), 0)[0]).toBe('2026-11-23');
    // Monday 07:00 Shanghai is still Sunday 23:00 UTC.
    expect(weekDates(new Date('2026-11-22T23:00:00Z'), 0)[0]).toBe('2026-11-23');
    // A Wednesday.
    expect(weekDates(new Date('2026-11-18T04:00:00Z'), 0)[0]).toBe('2026-11-16');
  });

  it('moves by whole weeks with weekStep, across months and years', () => {
    const now = new Date('2026-12-30T02:00:00Z'); // Wednesday
    expect(weekDates(now, 0)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(weekDates(now, 1)[0]).toBe('2027-01-04');
    expect(weekDates(now, -1)[6]).toBe('2026-12-27');
    expect(weekDates(now, 52)[0]).toBe('2027-12-27');
    expect(weekDates(now, -52)[0]).toBe('2025-12-29');
    expect(weekDates(now, 3).map(isoWeekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has the helpers agree: mondayOf, addDays, cropYearOf', () => {
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(cropYearOf('2026-09-01')).toBe(2026);
    expect(cropYearOf('2026-08-31')).toBe(2025);
  });
});

describe('computePlando', () => {
  const today = '2026-11-18';

  it('computes percent, free tonnage and grey', () => {
    expect(computePlando('2026-11-17', { capacity: 400, status: 1 }, 130, today)).toEqual({
      week: 2,
      appointmentDate: '2026-11-17',
      appointmentWeightEmpty: 270,
      percent: 32.5,
      plandoStatus: 1,
      grey: true,
    });
    const todayCell = computePlando(today, { capacity: 300, status: 1 }, 85.123, today);
    expect(todayCell).toMatchObject({ grey: false, percent: 28.4, appointmentWeightEmpty: 214.877, week: 3 });
  });

  it('turns a bookable day whose bookings reach the capacity into fully booked (2), never past 100 %', () => {
    expect(computePlando(today, { capacity: 300, status: 1 }, 300, today)).toMatchObject({
      plandoStatus: 2,
      percent: 100,
      appointmentWeightEmpty: 0,
    });
    // No over-booking in the model: bookings above a (lowered) capacity show as a full day.
    expect(computePlando(today, { capacity: 300, status: 1 }, 342.6, today)).toMatchObject({
      plandoStatus: 2,
      percent: 100,
      appointmentWeightEmpty: 0,
    });
    expect(computePlando(today, { capacity: 300, status: 5 }, 310, today).percent).toBe(100);
    expect(computePlando(today, { capacity: 300, status: 1 }, 299.9, today).plandoStatus).toBe(1);
  });

  it('keeps the other planned states whatever the bookings', () => {
    expect(computePlando(today, { capacity: 300, status: 5 }, 310, today).plandoStatus).toBe(5);
    expect(computePlando(today, { capacity: 300, status: 4 }, 310, today).plandoStatus).toBe(4);
    expect(computePlando(today, { capacity: 0, status: 3 }, 0, today)).toMatchObject({
      plandoStatus: 3,
      percent: 0,
      appointmentWeightEmpty: 0,
    });
  });

  it('treats a day without a plan as not bookable, without capacity', () => {
    expect(computePlando('2026-11-22', undefined, 0, today)).toEqual({
      week: 7,
      appointmentDate: '2026-11-22',
      appointmentWeightEmpty: 0,
      percent: 0,
      plandoStatus: 3,
      grey: false,
    });
    expect(computePlando('2026-11-22', undefined, 43, today).percent).toBe(100);
  });
});

describe('reservation seed data', () => {
  const rows = [
    { code: 'WH65001', areaType: '1' as const, provinceCode: '650000', reservationAreaCode: 'BJ' },
    { code: 'WH65002', areaType: '1' as const, provinceCode: '650000', reservationAreaCode: 'NJ' },
    { code: 'WH37001', areaType: '2' as const, provinceCode: '370000', reservationAreaCode: null },
  ];

  it('is deterministic for a day and realistic', () => {
    const a = generateReservations(rows, 'small', '2026-11-18');
    expect(generateReservations(rows, 'small', '2026-11-18')).toEqual(a);
    expect(a.plans).toHaveLength(3 * 17 * 7);
    expect(a.plans[0].planDate).toBe('2026-09-21'); // 8 weeks before this Monday
    expect(a.plans.at(-1)!.planDate).toBe('2027-01-17'); // Sunday 8 weeks ahead
    const batches = new Set(a.appointments.map((row) => row.batchNumber));
    expect(batches.size).toBe(a.appointments.length);
    for (const row of a.appointments) {
      expect(row.batchNumber).toMatch(/^\d{11}$/);
      expect(row.batchNumber.slice(5, 7)).toBe(row.productYear.slice(2));
      expect(row.factoryName).toMatch(/(轧花厂|棉业|棉麻|棉花加工)/);
      expect(row.weight).toBeGreaterThanOrEqual(42);
      expect(row.weight).toBeLessThanOrEqual(43.5);
      expect(row.quantity).toBeGreaterThanOrEqual(182);
      expect(row.quantity).toBeLessThanOrEqual(191);
    }
    // Xinjiang warehouses receive Xinjiang cotton only (ginnery codes 65…).
    expect(
      a.appointments.filter((r) => r.warehouseCode.startsWith('WH65')).every((r) => r.batchNumber.startsWith('65')),
    ).toBe(true);
  });
});

describe('reservation calls', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function week(path: string, body: unknown) {
    const response = await server.post<AppointmentWeek>(path, body);
    expect(response.envelope.rtnCode, response.envelope.rtnMessage).toBe('0000');
    return response.envelope.dataSet;
  }

  it('answers the Xinjiang week: today, every Xinjiang warehouse with settings, 7 days Monday first', async () => {
    const now = new Date();
    const data = await week(LIST, { weekStep: '0', appoinmentRequestVo: {} });
    expect(data.nowDate).toBe(shanghaiToday(now));
    const expected = await server.db
      .select({ code: warehouses.code })
      .from(reservationSettings)
      .innerJoin(warehouses, eq(warehouses.code, reservationSettings.warehouseCode))
      .where(eq(warehouses.areaType, '1'))
      .orderBy(asc(warehouses.code));
    expect(expected.length).toBe(40);
    expect(data.warehouseList.map((w) => w.warehouseCode)).toEqual(expected.map((w) => w.code));
    const dates = weekDates(now, 0);
    for (const row of data.warehouseList) {
      expect(row.plandoList.map((p) => p.appointmentDate)).toEqual(dates);
      expect(row.plandoList.map((p) => p.week)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(row.plandoList.map((p) => p.grey)).toEqual(dates.map((d) => d < data.nowDate));
      expect([1, 2]).toContain(row.appointmentType);
      expect([0, 1]).toContain(row.isSubscribe);
      expect(row.warehouseId).toMatch(/^\d+$/);
    }
    // A living portal: some days this week are booked, some fully.
    const cells = data.warehouseList.flatMap((w) => w.plandoList);
    expect(cells.some((c) => c.percent > 0 && c.percent < 100)).toBe(true);
    expect(cells.some((c) => c.plandoStatus === 2 || c.percent >= 100)).toBe(true);
  });

  it('moves the week by weekStep (string or number)', async () => {
    const now = new Date();
    for (const step of ['1', '-2', 3, ' 52 ', '-52']) {
      const data = await week(LIST, { weekStep: step, appoinmentRequestVo: {} });
      expect(data.warehouseList[0].plandoList.map((p) => p.appointmentDate)).toEqual(
        weekDates(now, Number(String(step).trim())),
      );
    }
    const past = await week(LIST, { weekStep: '-1', appoinmentRequestVo: {} });
    expect(past.warehouseList.every((w) => w.plandoList.every((p) => p.grey))).toBe(true);
    const next = await week(LIST, { weekStep: '1', appoinmentRequestVo: {} });
    expect(next.warehouseList.every((w) => w.plandoList.every((p) => !p.grey))).toBe(true);
  });

  it('filters Xinjiang warehouses by reservation area group', async () => {
    const all = await week(LIST, { weekStep: '0', appoinmentRequestVo: { regionAreaCode: '' } });
    const seen = new Set<string>();
    for (const area of ['BJ', 'NJ', 'DJ', 'BT']) {
      const data = await week(LIST, { weekStep: '0', appoinmentRequestVo: { regionAreaCode: area } });
      const expected = await server.db
        .select({ code: warehouses.code })
        .from(warehouses)
        .where(and(eq(warehouses.areaType, '1'), eq(warehouses.reservationAreaCode, area)))
        .orderBy(asc(warehouses.code));
      expect(
        data.warehouseList.map((w) => w.warehouseCode),
        area,
      ).toEqual(expected.map((w) => w.code));
      expect(data.warehouseList.length).toBeGreaterThan(0);
      for (const w of data.warehouseList) seen.add(w.warehouseCode);
    }
    expect(seen.size).toBe(all.warehouseList.length);

    const unknown = await server.post(LIST, { weekStep: '0', appoinmentRequestVo: { regionAreaCode: 'XX' } });
    expect(unknown.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '参数错误：appoinmentRequestVo.regionAreaCode（预约区域）不存在：XX',
      dataSet: null,
    });
  });

  it('answers the inland week, filtered by comma-joined province or city codes', async () => {
    const all = await week(INL_LIST, { weekStep: '0', appoinmentRequestVo: {} });
    expect(all.warehouseList).toHaveLength(20);
    expect(all.warehouseList.every((w) => !w.warehouseCode.startsWith('WH65'))).toBe(true);

    const provinces = await week(INL_LIST, {
      weekStep: '0',
      appoinmentRequestVo: { regionProviceCode: '370000,420000' },
    });
    expect(provinces.warehouseList.length).toBeGreaterThan(0);
    expect(provinces.warehouseList.every((w) => /^WH(37|42)/.test(w.warehouseCode))).toBe(true);
    expect(provinces.warehouseList.length).toBe(
      all.warehouseList.filter((w) => /^WH(37|42)/.test(w.warehouseCode)).length,
    );

    const city = await week(INL_LIST, { weekStep: '0', appoinmentRequestVo: { regionProviceCode: '370200' } });
    const qingdao = await server.db
      .select({ code: warehouses.code })
      .from(warehouses)
      .where(eq(warehouses.cityCode, '370200'))
      .orderBy(asc(warehouses.code));
    expect(qingdao.length).toBeGreaterThan(0);
    expect(city.warehouseList.map((w) => w.warehouseCode)).toEqual(qingdao.map((w) => w.code));

    // The third level of the cascader: a county.
    const [inCounty] = await server.db
      .select({ county: warehouses.countyCode })
      .from(warehouses)
      .where(and(eq(warehouses.areaType, '2'), isNotNull(warehouses.countyCode)))
      .orderBy(asc(warehouses.code))
      .limit(1);
    expect(inCounty?.county).toBeTruthy();
    const countyWarehouses = await server.db
      .select({ code: warehouses.code })
      .from(warehouses)
      .innerJoin(reservationSettings, eq(reservationSettings.warehouseCode, warehouses.code))
      .where(eq(warehouses.countyCode, inCounty!.county!))
      .orderBy(asc(warehouses.code));
    const county = await week(INL_LIST, {
      weekStep: '0',
      appoinmentRequestVo: { regionProviceCode: inCounty!.county! },
    });
    expect(county.warehouseList.map((w) => w.warehouseCode)).toEqual(countyWarehouses.map((w) => w.code));

    const xinjiang = await week(INL_LIST, { weekStep: '0', appoinmentRequestVo: { regionProviceCode: '650000' } });
    expect(xinjiang.warehouseList).toEqual([]);

    const bad = await server.post(INL_LIST, { weekStep: '0', appoinmentRequestVo: { regionProviceCode: '37,abc' } });
    expect(bad.envelope.rtnCode).toBe('400');
    expect(bad.envelope.rtnMessage).toContain('appoinmentRequestVo.regionProviceCode（省份/城市）');
  });

  it('computes each cell from the day plan and the appointments', async () => {
    // A week far beyond the seeded plans, given a known plan here.
    const code = 'WH65001';
    const dates = weekDates(new Date(), 30);
    await server.db
      .insert(reservationSettings)
      .values({ warehouseCode: code, appointmentType: 1 })
      .onConflictDoUpdate({
        target: reservationSettings.warehouseCode,
        set: { appointmentType: 1 },
      });
    await server.db.insert(reservationDayPlans).values([
      { warehouseCode: code, planDate: dates[0], capacity: 300, status: 1 },
      { warehouseCode: code, planDate: dates[1], capacity: 200, status: 1 },
      { warehouseCode: code, planDate: dates[2], capacity: 250, status: 5 },
      { warehouseCode: code, planDate: dates[3], capacity: 0, status: 3 },
    ]);
    const batch = (date: string, serial: number, weight: number) => ({
      warehouseCode: code,
      appointmentDate: date,
      batchNumber: `6509926${String(serial).padStart(4, '0')}`,
      factoryName: '沙湾县天丰棉业有限责任公司',
      stockName: '细绒棉',
      whsPickMode: '锯齿机采',
      productYear: '2026',
      weight,
      quantity: 186,
    });
    await server.db
      .insert(factoryAppointments)
      .values([
        batch(dates[0], 9001, 42.5),
        batch(dates[0], 9002, 43.1),
        batch(dates[1], 9003, 42.8),
        batch(dates[1], 9004, 43.4),
        batch(dates[1], 9005, 42.2),
        batch(dates[1], 9006, 43.0),
        batch(dates[1], 9007, 42.6),
        batch(dates[2], 9008, 42.9),
      ]);

    const data = await week(LIST, { weekStep: '30', appoinmentRequestVo: { regionAreaCode: 'BJ' } });
    const row = data.warehouseList.find((w) => w.warehouseCode === code)!;
    expect(row.appointmentType).toBe(1);
    expect(row.appointmentWeightEmptySum).toBe(0);
    expect(row.plandoList.slice(0, 5)).toEqual([
      {
        week: 1,
        appointmentDate: dates[0],
        appointmentWeightEmpty: 214.4,
        percent: 28.5,
        plandoStatus: 1,
        grey: false,
      },
      // 214 t booked on 200 t (a capacity lowered after the bookings): full, shown as 100 %.
      { week: 2, appointmentDate: dates[1], appointmentWeightEmpty: 0, percent: 100, plandoStatus: 2, grey: false },
      {
        week: 3,
        appointmentDate: dates[2],
        appointmentWeightEmpty: 207.1,
        percent: 17.2,
        plandoStatus: 5,
        grey: false,
      },
      { week: 4, appointmentDate: dates[3], appointmentWeightEmpty: 0, percent: 0, plandoStatus: 3, grey: false },
      { week: 5, appointmentDate: dates[4], appointmentWeightEmpty: 0, percent: 0, plandoStatus: 3, grey: false },
    ]);

    const detail = await server.post<AppointDetail>(DETAIL, { whsCode: code, whsName: '任意', appointDate: dates[1] });
    expect(detail.envelope.rtnCode).toBe('0000');
    // The warehouse's own name, not the one the request (the page's URL) carried.
    expect(detail.envelope.dataSet.whsName).toBe(row.warehouseName);
    expect(detail.envelope.dataSet.appointList.map((r) => r.batchNumber)).toEqual([
      '65099269003',
      '65099269004',
      '65099269005',
      '65099269006',
      '65099269007',
    ]);
    expect(detail.envelope.dataSet.appointList[0]).toEqual({
      batchNumber: '65099269003',
      factoryName: '沙湾县天丰棉业有限责任公司',
      stockName: '细绒棉',
      whsPickMode: '锯齿机采',
      productYear: '2026',
      weight: 42.8,
      quantity: 186,
    });
  });

  it('sums the booked-but-unassigned tonnage of specified-date (type 2) warehouses', async () => {
    const [type2] = await server.db
      .select({ code: reservationSettings.warehouseCode })
      .from(reservationSettings)
      .innerJoin(warehouses, eq(warehouses.code, reservationSettings.warehouseCode))
      .where(and(eq(reservationSettings.appointmentType, 2), eq(warehouses.areaType, '2')))
      .orderBy(asc(reservationSettings.warehouseCode))
      .limit(1);
    expect(type2).toBeDefined();
    const [{ sum }] = await server.db
      .select({ sum: sql<number>`sum(${factoryAppointments.weight})`.mapWith(Number) })
      .from(factoryAppointments)
      .where(and(eq(factoryAppointments.warehouseCode, type2.code), isNull(factoryAppointments.appointmentDate)));
    expect(sum).toBeGreaterThan(40);
    const data = await week(INL_LIST, { weekStep: '0', appoinmentRequestVo: {} });
    const row = data.warehouseList.find((w) => w.warehouseCode === type2.code)!;
    expect(row.appointmentType).toBe(2);
    expect(row.appointmentWeightEmptySum).toBeCloseTo(sum, 3);
    expect(row.plandoList.some((p) => p.plandoStatus === 4)).toBe(true);
    expect(
      data.warehouseList.filter((w) => w.appointmentType === 1).every((w) => w.appointmentWeightEmptySum === 0),
    ).toBe(true);
  });

  it('lists the batches of a seeded day, agreeing with the cell', async () => {
    const data = await week(LIST, { weekStep: '-1', appoinmentRequestVo: {} });
    const row = data.warehouseList.find((w) => w.plandoList.some((p) => p.percent > 0 && p.percent < 100))!;
    const cell = row.plandoList.find((p) => p.percent > 0 && p.percent < 100)!;
    const [plan] = await server.db
      .select()
      .from(reservationDayPlans)
      .where(
        and(
          eq(reservationDayPlans.warehouseCode, row.warehouseCode),
          eq(reservationDayPlans.planDate, cell.appointmentDate),
        ),
      );
    const detail = await server.post<AppointDetail>(DETAIL, {
      whsCode: row.warehouseCode,
      whsName: row.warehouseName,
      appointDate: cell.appointmentDate,
    });
    const list = detail.envelope.dataSet.appointList;
    expect(list.length).toBeGreaterThan(0);
    const booked = list.reduce((total, r) => total + r.weight, 0);
    expect(cell.percent).toBeCloseTo((booked / plan.capacity) * 100, 1);
    expect(cell.appointmentWeightEmpty).toBeCloseTo(plan.capacity - booked, 3);
    expect(list.map((r) => r.batchNumber)).toEqual([...list.map((r) => r.batchNumber)].sort());
    for (const r of list) {
      expect(r.batchNumber).toMatch(/^65\d{9}$/);
      expect(['细绒棉', '长绒棉']).toContain(r.stockName);
      expect(['锯齿机采', '锯齿手摘', '皮辊手摘']).toContain(r.whsPickMode);
    }

    const inland = await week(INL_LIST, { weekStep: '-1', appoinmentRequestVo: {} });
    const inlRow = inland.warehouseList.find((w) => w.plandoList.some((p) => p.percent > 0))!;
    const inlCell = inlRow.plandoList.find((p) => p.percent > 0)!;
    const inlDetail = await server.post<AppointDetail>(INL_DETAIL, {
      whsCode: inlRow.warehouseCode,
      whsName: inlRow.warehouseName,
      appointDate: inlCell.appointmentDate,
    });
    expect(inlDetail.envelope.rtnCode).toBe('0000');
    expect(inlDetail.envelope.dataSet.appointList.length).toBeGreaterThan(0);

    const empty = await server.post<AppointDetail>(DETAIL, { whsCode: 'WH65001', appointDate: '2020-01-01' });
    expect(empty.envelope).toMatchObject({ rtnCode: '0000', dataSet: { appointList: [] } });
  });

  it.each([
    [LIST, { weekStep: 'abc', appoinmentRequestVo: {} }, '参数错误：weekStep（周偏移）应为 -52 到 52 之间的整数'],
    [LIST, { weekStep: '999', appoinmentRequestVo: {} }, '参数错误：weekStep（周偏移）应为 -52 到 52 之间的整数'],
    [INL_LIST, { weekStep: '-53' }, '参数错误：weekStep（周偏移）应为 -52 到 52 之间的整数'],
    [LIST, { appoinmentRequestVo: {} }, '参数错误：weekStep（周偏移）不能为空'],
    [INL_LIST, {}, '参数错误：weekStep（周偏移）不能为空'],
    [DETAIL, { whsName: 'x', appointDate: '2026-11-18' }, '参数错误：whsCode（仓库代码）不能为空'],
    [INL_DETAIL, { whsCode: 'WH37001' }, '参数错误：appointDate（预约日期）不能为空'],
    [
      DETAIL,
      { whsCode: 'WH65001', appointDate: '18/11/2026' },
      '参数错误：appointDate（预约日期）应为 YYYY-MM-DD 格式的日期',
    ],
    [
      DETAIL,
      { whsCode: 'WH65001', appointDate: '2026-02-30' },
      '参数错误：appointDate（预约日期）不是有效日期：2026-02-30',
    ],
  ])('%s refuses %j with a 400 envelope', async (path, body, message) => {
    const response = await server.post(path, body);
    expect(response.status).toBe(200);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
  });

  it('answers 404 for an unknown warehouse, or one of the other area', async () => {
    const unknown = await server.post(DETAIL, { whsCode: 'WH99999', whsName: '', appointDate: '2026-11-18' });
    expect(unknown.envelope).toEqual({ rtnCode: '404', rtnMessage: '新疆仓库不存在：WH99999', dataSet: null });
    const xinjiangOnInland = await server.post(INL_DETAIL, {
      whsCode: 'WH65001',
      whsName: '',
      appointDate: '2026-11-18',
    });
    expect(xinjiangOnInland.envelope).toEqual({ rtnCode: '404', rtnMessage: '内地仓库不存在：WH65001', dataSet: null });
    const inlandOnXinjiang = await server.post(DETAIL, { whsCode: 'WH37001', whsName: '', appointDate: '2026-11-18' });
    expect(inlandOnXinjiang.envelope.rtnCode).toBe('404');
  });
});
