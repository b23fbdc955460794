import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  factoryAppointments,
  ginneries,
  receiptBaleRecords,
  receiptBatches,
  receipts,
  reservationDayPlans,
  warehouses,
} from '../src/db/schema/index';
import { BATCH_SERIAL_FIRST, parseBatchNumber, parseReceiptNumber } from '../src/modules/receipt/identifiers';
import {
  gradeShares,
  LENGTH_GRADES,
  lengthGradeOf,
  MICRONAIRE_GRADES,
  micronaireGradeOf,
  STRENGTH_GRADES,
  strengthGradeOf,
  summariseBales,
  type BatchSummary,
} from '../src/modules/receipt/quality';
import { unpackBales } from '../src/modules/receipt/service';
import { computePlando, PLANDO_STATUS } from '../src/modules/reservation/service';
import { cropYearOf } from '../src/modules/reservation/week';
import { BATCH_WEIGHT_MIN } from '../src/seed/reservation';
import { RECEIPT_COUNT } from '../src/seed/receipt';
import { openSeededTestDatabase } from './helpers';
import type { TestDatabase } from './test-database';

// What a trader would check in the demo data (issue 16 item 12), on the small seed every
// test database starts from. The seed is deterministic (the reservation part for a given
// day), so these hold on every run.

let database: TestDatabase;
let batches: Array<typeof receiptBatches.$inferSelect>;
let receiptRows: Array<typeof receipts.$inferSelect>;
/** Every batch's summary, recomputed from its stored bales with the server's own rules. */
let summaries: Map<string, BatchSummary>;

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const share = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length / rows.length;

beforeAll(async () => {
  database = await openSeededTestDatabase();
  batches = await database.db.select().from(receiptBatches);
  receiptRows = await database.db.select().from(receipts);
  const bales = await database.db.select().from(receiptBaleRecords);
  summaries = new Map(bales.map((record) => [record.batchNumber, summariseBales(unpackBales(record))]));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('seeded receipts', () => {
  it('are processed before they are inspected, a few days to a few weeks, within the cotton year of the batch', () => {
    expect(receiptRows).toHaveLength(RECEIPT_COUNT);
    const waits: number[] = [];
    for (const receipt of receiptRows) {
      const wait = days(receipt.machineDate, receipt.inspectDate);
      expect(wait, receipt.batchNumber).toBeGreaterThanOrEqual(1);
      expect(wait, receipt.batchNumber).toBeLessThanOrEqual(45);
      waits.push(wait);
      const cropYear = Number(receipt.productYear);
      expect(cropYearOf(receipt.machineDate), receipt.batchNumber).toBe(cropYear);
      expect(cropYearOf(receipt.inspectDate), receipt.batchNumber).toBe(cropYear);
    }
    waits.sort((a, b) => a - b);
    const median = waits[Math.floor(waits.length / 2)];
    expect(median).toBeGreaterThanOrEqual(3);
    expect(median).toBeLessThanOrEqual(14);
    // Ginning peaks in October–December.
    const autumn = share(receiptRows, (r) => ['10', '11', '12'].includes(r.machineDate.slice(5, 7)));
    expect(autumn).toBeGreaterThan(0.6);
  });

  it('carry batch and receipt numbers of the domain rules, their crop year and their ginnery', async () => {
    const ginneryProvince = new Map(
      (await database.db.select().from(ginneries)).map((g) => [g.code, g.provinceCode] as const),
    );
    const batchByNumber = new Map(batches.map((batch) => [batch.batchNumber, batch]));
    expect(batchByNumber.size).toBe(batches.length);
    for (const batch of batches) {
      const parts = parseBatchNumber(batch.batchNumber);
      expect(parts, batch.batchNumber).not.toBeNull();
      expect(parts!.ginneryCode).toBe(batch.ginneryCode);
      expect(String(parts!.cropYear)).toBe(batch.productYear);
      expect(ginneryProvince.get(batch.ginneryCode)?.slice(0, 2)).toBe(parts!.provincePrefix);
      // Xinjiang origins (北疆, 南疆, 东疆, 兵团) come from Xinjiang ginneries, 地产棉 from inland ones.
      expect(parts!.provincePrefix === '65', batch.batchNumber).toBe(batch.origin !== '4');
    }
    expect(new Set(receiptRows.map((r) => r.receiptNumber)).size).toBe(receiptRows.length);
    for (const receipt of receiptRows) {
      const parts = parseReceiptNumber(receipt.receiptNumber);
      expect(parts, receipt.receiptNumber).not.toBeNull();
      expect(String(parts!.cropYear)).toBe(receipt.productYear);
      const batch = batchByNumber.get(receipt.batchNumber);
      expect(batch, receipt.batchNumber).toBeDefined();
      expect(receipt.inspectDate).toBe(batch!.inspectDate);
    }
  });

  it("number each ginnery's batches of a cotton year in the order they were processed", () => {
    // A ginnery (加工单位) numbers its batches as it presses them: within one ginnery and
    // cotton year, a later serial was never processed (加工日期) before an earlier one.
    const byGinneryYear = new Map<string, Array<{ serial: number; machineDate: string; batchNumber: string }>>();
    for (const receipt of receiptRows) {
      const parts = parseBatchNumber(receipt.batchNumber)!;
      const key = `${parts.ginneryCode} ${parts.cropYear}`;
      const group = byGinneryYear.get(key) ?? [];
      group.push({ serial: parts.serial, machineDate: receipt.machineDate, batchNumber: receipt.batchNumber });
      byGinneryYear.set(key, group);
    }
    const outOfOrder: string[] = [];
    let checked = 0;
    for (const group of byGinneryYear.values()) {
      group.sort((a, b) => a.serial - b.serial);
      for (let i = 1; i < group.length; i++) {
        checked++;
        if (group[i].machineDate < group[i - 1].machineDate)
          outOfOrder.push(
            `${group[i - 1].batchNumber} ${group[i - 1].machineDate} > ${group[i].batchNumber} ${group[i].machineDate}`,
          );
      }
      // Serials run on without gaps from the first (1001).
      expect(group.map((batch) => batch.serial)).toEqual(group.map((_, i) => BATCH_SERIAL_FIRST + i));
    }
    expect(checked, 'ginneries with several batches in a year').toBeGreaterThan(500);
    expect(outOfOrder).toEqual([]);
  });

  it('store main grades and averages that the bales give under the 80 % rule', () => {
    expect(summaries.size).toBe(batches.length);
    for (const batch of batches) {
      const summary = summaries.get(batch.batchNumber)!;
      expect(batch.mainLengthGrade === null ? null : String(batch.mainLengthGrade)).toBe(summary.mainLengthGrade);
      expect(batch.mainColorGrade).toBe(summary.mainColorGrade);
      expect(batch.mainMicronaireGrade).toBe(summary.mainMicronaireGrade);
      expect(batch.avgLength).toBe(summary.length.avg);
    }
  });

  it('have a main length in most batches, around a dominant grade with a tail, as inspection certificates do', () => {
    const all = [...summaries.values()];
    const withMainLength = share(all, (s) => s.mainLengthGrade !== null);
    expect(withMainLength).toBeGreaterThanOrEqual(0.78);
    expect(withMainLength).toBeLessThanOrEqual(0.93);
    // Not a single grade per batch: many batches have bales outside their dominant grade.
    const topShare = (s: BatchSummary) => Math.max(...s.lengthShares.map((g) => g.percent));
    expect(share(all, (s) => topShare(s) < 97)).toBeGreaterThan(0.5);
    // The receipts the search sorts by main length are most of them.
    expect(share(receiptRows, (r) => r.lengthGrade !== null)).toBe(withMainLength);
    // Upland cotton: most batches have a main colour grade and a main micronaire grade too.
    expect(share(all, (s) => s.mainColorGrade !== null)).toBeGreaterThan(0.6);
    expect(share(all, (s) => s.mainMicronaireGrade !== null)).toBeGreaterThan(0.55);
  });

  it('spread their bales over the grades about as the national inspection figures do', () => {
    const lengths: string[] = [];
    const micronaires: string[] = [];
    const strengths: string[] = [];
    for (const record of summaries.values()) {
      for (const g of record.lengthShares) for (let i = 0; i < g.count; i++) lengths.push(g.grade);
      for (const g of record.micronaireShares) for (let i = 0; i < g.count; i++) micronaires.push(g.grade);
      for (const g of record.strengthShares) for (let i = 0; i < g.count; i++) strengths.push(g.grade);
    }
    const percent = <G extends string>(grades: G[], all: readonly G[]) =>
      new Map(gradeShares(grades, all).map((g) => [g.grade, g.percent] as const));
    const length = percent(lengths, LENGTH_GRADES);
    const atLeast28 = ['28', '29', '30', '31', '32'].reduce((sum, grade) => sum + length.get(grade as never)!, 0);
    expect(atLeast28).toBeGreaterThan(80); // national: 92 %
    expect(length.get('28')! + length.get('29')!).toBeGreaterThan(65);
    const micronaire = percent(micronaires, MICRONAIRE_GRADES);
    expect(micronaire.get('B2')).toBeGreaterThan(55); // national: B2 64 %, C2 20 %, A 15 %
    expect(micronaire.get('C2')).toBeGreaterThan(10);
    expect(micronaire.get('A')).toBeGreaterThan(7);
    const strength = percent(strengths, STRENGTH_GRADES);
    expect(strength.get('S3')).toBeGreaterThan(50); // national: S3 62 %, S2 24 %, S4 9 %
    expect(strength.get('S2')).toBeGreaterThan(15);
    expect(strength.get('S4')).toBeGreaterThan(3);
    // The graders the summary used are the server's: spot-check one grade of each.
    expect([lengthGradeOf(28.96), micronaireGradeOf(4.95), strengthGradeOf(28.96)]).toEqual(['29', 'C2', 'S2']);
  });
});

describe('seeded reservations', () => {
  it('never book a day past its capacity, so no cell passes 100 %', async () => {
    const plans = await database.db.select().from(reservationDayPlans);
    const appointments = await database.db.select().from(factoryAppointments);
    expect(plans.length).toBeGreaterThan(0);
    const booked = new Map<string, number>();
    for (const row of appointments) {
      if (row.appointmentDate === null) continue;
      const key = `${row.warehouseCode}|${row.appointmentDate}`;
      booked.set(key, (booked.get(key) ?? 0) + Math.round(row.weight * 1000));
    }
    let full = 0;
    for (const plan of plans) {
      const key = `${plan.warehouseCode}|${plan.planDate}`;
      const kilograms = booked.get(key) ?? 0;
      expect(kilograms, key).toBeLessThanOrEqual(Math.round(plan.capacity * 1000));
      const cell = computePlando(plan.planDate, plan, kilograms / 1000, plan.planDate);
      expect(cell.percent, key).toBeLessThanOrEqual(100);
      if (cell.plandoStatus === PLANDO_STATUS.full) {
        full++;
        // Fully booked: no further batch fits.
        expect(plan.capacity - kilograms / 1000, key).toBeLessThan(BATCH_WEIGHT_MIN);
      }
    }
    expect(full, 'some days are fully booked').toBeGreaterThan(0);
  });

  it('book batches of the domain rules, of the cotton year of the day, Xinjiang cotton in Xinjiang warehouses', async () => {
    const areaOf = new Map((await database.db.select().from(warehouses)).map((w) => [w.code, w.areaType] as const));
    const appointments = await database.db.select().from(factoryAppointments);
    expect(new Set(appointments.map((a) => a.batchNumber)).size).toBe(appointments.length);
    for (const row of appointments) {
      const parts = parseBatchNumber(row.batchNumber);
      expect(parts, row.batchNumber).not.toBeNull();
      expect(String(parts!.cropYear)).toBe(row.productYear);
      if (row.appointmentDate !== null) expect(cropYearOf(row.appointmentDate)).toBe(parts!.cropYear);
      if (areaOf.get(row.warehouseCode) === '1') expect(parts!.provincePrefix, row.batchNumber).toBe('65');
    }
  });
});
