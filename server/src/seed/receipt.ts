import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { ginneries, receiptBaleRecords, receiptBatches, receipts } from '../db/schema/receipt';
import { BALE_CODECS, packCodes, packTenths, packWeights } from '../modules/receipt/bale-codec';
import { regions } from '../db/schema/regions';
import { warehouses } from '../db/schema/warehouses';
import { BATCH_SERIAL_LAST, batchNumberOf, parseBatchNumber, receiptNumberOf } from '../modules/receipt/identifiers';
import {
  colorGradeFromHvi,
  conditionedWeightKg,
  lengthGradeOf,
  roundTo,
  summariseBales,
  type BaleData,
} from '../modules/receipt/quality';
import { cropYearOf } from '../modules/reservation/week';
import { createRandom, type Random } from './random';
import type { SeedSize } from './warehouses';

/**
 * Warehouse receipts, their batches and the bale-level HVI data (issue 3).
 *
 * Deterministic (its own mulberry32 stream, `RECEIPT_SEED`). Xinjiang batches (≈ 80 %):
 * mostly machine-picked and saw-ginned, colour mostly 31/21, 28–29 mm, micronaire mostly
 * 4.3–4.9, strength 26–31; a few roller-ginned long-staple batches in southern Xinjiang.
 * Inland batches (地产棉, ginneries in 山东 37, 河南 41, 河北 13, 湖北 42, 江苏 32): hand
 * picked, more 41/32 colour, shorter and coarser, some 60- or 120-bale batches. Most
 * batches have a main length grade (a dominant grade with a tail, `baleLengths`); processing
 * precedes inspection within the cotton year (`ginningDates`), and a ginnery's batch serials
 * of one cotton year rise with the processing date (`numberBatchesInProcessingOrder`; not
 * in the large set's added batches, numbered from 5001 and copied). Every bale has its own
 * record; the batch summary and the receipt's search columns are computed from them with
 * `modules/receipt/quality.ts`, the numbers with `modules/receipt/identifiers.ts`. The
 * figures against the national inspection statistics: docs/cotton-quality.md "Demo data".
 *
 * `seedReceipts` (called by `seedDatabase` for both sizes) writes `RECEIPT_COUNT` receipts
 * with their bales in the warehouses just seeded. `extendReceipts` (the seed CLI with
 * `--size large`, PostgreSQL only) adds batches and receipts up to 1,000,000, generated the
 * same way, without storing their bale arrays (the inspection call answers for them that
 * the bale data are missing).
 */

export const RECEIPT_SEED = 20260403;
/** Receipts (one per batch) written by `seedReceipts`, each with its bale data. */
export const RECEIPT_COUNT = 2_000;
/** Receipts after `extendReceipts` (the benchmark data set). */
export const LARGE_RECEIPT_COUNT = 1_000_000;

const GINNERY_COUNTS: Record<SeedSize, number> = { small: 160, large: 900 };

// ---------------------------------------------------------------------------------------
// Reference lists

type Origin = '1' | '2' | '3' | '4' | '5'; // 北疆 南疆 东疆 地产棉 兵团

interface PlaceGroup {
  origin: Origin;
  province: string;
  places: string[];
  weight: number;
}

const PLACE_GROUPS: PlaceGroup[] = [
  {
    origin: '1',
    province: '650000',
    weight: 30,
    places: ['沙湾', '乌苏', '玛纳斯', '呼图壁', '昌吉', '奎屯', '博乐', '精河', '炮台', '安集海'],
  },
  {
    origin: '2',
    province: '650000',
    weight: 36,
    places: [
      '库车',
      '沙雅',
      '新和',
      '阿瓦提',
      '阿克苏',
      '尉犁',
      '库尔勒',
      '轮台',
      '巴楚',
      '麦盖提',
      '莎车',
      '岳普湖',
      '疏勒',
      '温宿',
    ],
  },
  { origin: '3', province: '650000', weight: 4, places: ['鄯善', '吐鲁番', '哈密', '托克逊'] },
  { origin: '5', province: '650000', weight: 15, places: ['第一师', '第二师', '第三师', '第六师', '第七师', '第八师'] },
  {
    origin: '4',
    province: '370000',
    weight: 5,
    places: ['夏津', '高唐', '临清', '无棣', '博兴', '武城', '巨野', '郓城'],
  },
  { origin: '4', province: '410000', weight: 3, places: ['扶沟', '太康', '尉氏', '西华', '商丘'] },
  { origin: '4', province: '130000', weight: 3, places: ['威县', '南宫', '邱县', '故城', '河间', '冀州'] },
  { origin: '4', province: '420000', weight: 2, places: ['天门', '潜江', '仙桃', '监利', '公安'] },
  { origin: '4', province: '320000', weight: 2, places: ['射阳', '大丰', '东台', '盐城', '如东'] },
];

const REGIMENTS = [
  '一团',
  '八团',
  '十二团',
  '十六团',
  '四十四团',
  '一二一团',
  '一二三团',
  '一二七团',
  '一三〇团',
  '一三三团',
  '一四一团',
  '一四三团',
  '一四七团',
  '一四九团',
  '一五〇团',
  '二十九团',
  '三十团',
  '三十一团',
];
const BRAND_WORDS = [
  '金棉',
  '银河',
  '天丰',
  '华棉',
  '瑞丰',
  '丰源',
  '鑫源',
  '宏达',
  '恒通',
  '锦华',
  '利华',
  '新棉',
  '银丰',
  '福润',
  '天河',
  '惠农',
  '兴农',
  '雪莲',
  '天山',
  '昆仑',
  '绿洲',
  '胡杨',
  '宏泰',
  '聚丰',
  '德丰',
  '长丰',
  '润达',
  '华盛',
  '阳光',
  '金丰',
];
const FACTORY_SUFFIXES = ['轧花厂', '棉业有限公司', '棉业有限责任公司', '棉花加工有限公司', '轧花有限公司', '棉业'];

const INSPECT_COMPANIES: Record<string, string[]> = {
  '1': ['新疆维吾尔自治区纤维质量监测中心', '昌吉州纤维检验所', '塔城地区纤维检验所', '博州纤维检验所'],
  '2': ['新疆维吾尔自治区纤维质量监测中心', '阿克苏地区纤维检验所', '巴州纤维检验所', '喀什地区纤维检验所'],
  '3': ['新疆维吾尔自治区纤维质量监测中心', '哈密市纤维检验所', '吐鲁番市纤维检验所'],
  '5': ['新疆生产建设兵团纤维质量监测中心', '新疆维吾尔自治区纤维质量监测中心'],
  '370000': ['山东省纤维质量监测中心'],
  '410000': ['河南省纤维检验局'],
  '130000': ['河北省纤维检验局'],
  '420000': ['湖北省纤维检验局'],
  '320000': ['江苏省纤维检验局'],
};

/** Crop years and their weights (more recent years hold more receipts). */
const PRODUCT_YEARS = ['2020', '2021', '2022', '2023', '2024', '2025'];
const PRODUCT_YEAR_WEIGHTS = [4, 6, 10, 18, 30, 32];
/** WAREHOUSE_STATUS 1 正常 … 5 过户中 */
const STATUS_WEIGHTS = [80, 8, 5, 4, 3];

// ---------------------------------------------------------------------------------------
// Generation

interface Ginnery {
  code: string;
  name: string;
  provinceCode: string;
  origin: Origin;
  /** Share of machine-picked seed cotton this ginnery processes. */
  machineShare: number;
  /** Quality offset of the ginnery (Rd, length), so batches of one ginnery look alike. */
  rdOffset: number;
  lengthOffset: number;
}

/** Box–Muller pairs: the second value of a pair is kept for the next call (per PRNG). */
const spareNormals = new WeakMap<Random, number>();

function normal(random: Random, mean: number, sd: number): number {
  const spare = spareNormals.get(random);
  if (spare !== undefined) {
    spareNormals.delete(random);
    return mean + sd * spare;
  }
  let u = random.next();
  if (u < 1e-12) u = 1e-12;
  const v = random.next();
  const radius = Math.sqrt(-2 * Math.log(u));
  spareNormals.set(random, radius * Math.sin(2 * Math.PI * v));
  return mean + sd * radius * Math.cos(2 * Math.PI * v);
}

export function generateGinneries(random: Random, size: SeedSize): Ginnery[] {
  const total = GINNERY_COUNTS[size];
  const weights = PLACE_GROUPS.map((group) => group.weight);
  const serialByProvince = new Map<string, number>();
  const usedNames = new Set<string>();
  const result: Ginnery[] = [];
  for (let i = 0; i < total; i++) {
    const group = PLACE_GROUPS[random.weighted(weights)];
    const serial = (serialByProvince.get(group.province) ?? 0) + 1;
    serialByProvince.set(group.province, serial);
    const code = `${group.province.slice(0, 2)}${String(serial).padStart(3, '0')}`;
    let name = '';
    for (let attempt = 0; !name || usedNames.has(name); attempt++) {
      const place = random.pick(group.places);
      if (group.origin === '5') {
        const suffix = random.pick(['轧花厂', '棉麻有限责任公司', '轧花厂']);
        name = `新疆生产建设兵团${place}${random.pick(REGIMENTS)}${suffix}`;
      } else {
        const prefix =
          group.province === '650000'
            ? random.chance(0.3)
              ? '新疆'
              : `${place}县`
            : `${place}${place.endsWith('县') ? '' : '县'}`;
        name = `${prefix}${random.pick(BRAND_WORDS)}${random.pick(FACTORY_SUFFIXES)}`;
      }
      if (attempt > 20) name = `${name}（${serial}）`;
    }
    usedNames.add(name);
    const inland = group.origin === '4';
    result.push({
      code,
      name,
      provinceCode: group.province,
      origin: group.origin,
      machineShare: inland
        ? 0.05
        : group.origin === '5'
          ? 0.98
          : group.origin === '1'
            ? 0.95
            : group.origin === '2'
              ? 0.65
              : 0.7,
      rdOffset: normal(random, 0, 0.4),
      lengthOffset: normal(random, 0, 0.3),
    });
  }
  return result;
}

interface WarehouseSite {
  code: string;
  name: string;
  areaType: string;
  reservationArea: string | null;
  placeCode: string;
  placeName: string;
}

export interface GeneratedBatch {
  batch: typeof receiptBatches.$inferInsert;
  bales: Omit<typeof receiptBaleRecords.$inferInsert, 'batchNumber'>;
  receipt: typeof receipts.$inferInsert;
}

const RESERVATION_BY_ORIGIN: Record<string, string[]> = {
  '1': ['BJ', 'BT'],
  '2': ['NJ', 'BT'],
  '3': ['DJ', 'BJ'],
  '5': ['BT', 'BJ', 'NJ'],
};

function isoDate(base: Date, addDays: number): string {
  const day = new Date(base.getTime() + addDays * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** Draws from `draw` until `accept` holds, at most `tries` times; else `fallback`. Deterministic. */
function drawUntil(draw: () => number, accept: (value: number) => boolean, fallback: number, tries = 12): number {
  for (let i = 0; i < tries; i++) {
    const value = draw();
    if (accept(value)) return value;
  }
  return fallback;
}

/**
 * The bale lengths of one batch (mm, one decimal), one per call. A batch is ginned from
 * one lot of seed cotton, so most of its bales measure within one length grade, the grade
 * of the batch mean (`lengthGradeOf`, the grade the server computes): the batch's `core`
 * share (about 88 %, inland hand-picked lots about 85 %) lies in that grade around the
 * mean (HVI spread 0.25 mm); the other bales are the tail, spread 0.6 mm around the mean
 * but outside that grade, so mostly in the neighbouring grade on the side the mean leans
 * to. With the 80 % rule (`mainGrade`) most batches thus have a main length, as on
 * public-inspection certificates, and the rest split between two grades.
 */
function baleLengths(random: Random, mean: number, inland: boolean): () => number {
  const dominant = lengthGradeOf(mean);
  const inDominant = (value: number) => lengthGradeOf(value) === dominant;
  const core = Math.min(0.99, Math.max(0.55, inland ? normal(random, 0.85, 0.07) : normal(random, 0.88, 0.065)));
  const atMean = roundTo(mean, 1);
  return () => {
    const coreBale = drawUntil(() => roundTo(normal(random, mean, 0.25), 1), inDominant, atMean);
    if (random.chance(core)) return coreBale;
    return drawUntil(
      () => roundTo(normal(random, mean, 0.6), 1),
      (value) => !inDominant(value),
      coreBale,
    );
  };
}

/** Days from 1 September (the cotton year's first day) to the last processing day drawn. */
const LAST_PROCESSING_DAY = 290;

/**
 * Processing (加工日期) and inspection (检验日期) dates of a batch of `cropYear`. Ginning
 * starts late in September, peaks in October and November and thins out until spring; the
 * bales are sampled at the gin and inspected a few days to a few weeks after processing
 * (median about a week). Both dates fall within the cotton year of the batch
 * (1 September of `cropYear` to 31 August, `cropYearOf`), the inspection strictly after
 * the processing.
 */
function ginningDates(random: Random, cropYear: number): { machineDate: string; inspectDate: string } {
  const yearStart = new Date(Date.UTC(cropYear, 8, 1));
  const processingDay = Math.min(LAST_PROCESSING_DAY, 25 + Math.round(Math.abs(normal(random, 0, 55))));
  const waitDays = Math.min(40, 1 + random.int(1, 4) + Math.floor(-Math.log(1 - random.next()) * 4));
  const machineDate = isoDate(yearStart, processingDay);
  const inspectDate = isoDate(yearStart, processingDay + waitDays);
  if (cropYearOf(machineDate) !== cropYear || cropYearOf(inspectDate) !== cropYear)
    throw new Error(`加工日期或检验日期不在 ${cropYear} 棉花年度内`);
  return { machineDate, inspectDate };
}

/**
 * A deterministic stream of batches: `next()` returns the next batch with its bales
 * and its receipt. Serials count per ginnery and crop year from 1001, in the order drawn
 * (`numberBatchesInProcessingOrder` then deals them out in processing order).
 */
export function createBatchGenerator(
  random: Random,
  ginneryList: Ginnery[],
  sites: WarehouseSite[],
  sampledBales?: number,
  start: { batchSerialStart: number; receiptSerialStart: number } = { batchSerialStart: 1000, receiptSerialStart: 0 },
) {
  const xinjiangSites = sites.filter((site) => site.areaType === '1');
  const inlandSites = sites.filter((site) => site.areaType === '2');
  const serials = new Map<string, number>();
  let receiptSerial = start.receiptSerialStart;
  const yearWeights = PRODUCT_YEAR_WEIGHTS;

  function pickWarehouse(ginnery: Ginnery): WarehouseSite {
    if (ginnery.origin === '4')
      return random.chance(0.97) || xinjiangSites.length === 0 ? random.pick(inlandSites) : random.pick(xinjiangSites);
    // Xinjiang cotton is mostly stored in Xinjiang, some of it in inland (port) warehouses.
    if (!random.chance(0.88) && inlandSites.length > 0) return random.pick(inlandSites);
    const wanted = RESERVATION_BY_ORIGIN[ginnery.origin];
    const near = xinjiangSites.filter((site) => site.reservationArea === wanted[0]);
    if (near.length > 0 && random.chance(0.75)) return random.pick(near);
    return random.pick(xinjiangSites);
  }

  return function next(): GeneratedBatch {
    const ginnery = random.pick(ginneryList);
    const year = PRODUCT_YEARS[random.weighted(yearWeights)];
    const serialKey = `${ginnery.code}${year}`;
    const serial = (serials.get(serialKey) ?? start.batchSerialStart) + 1;
    if (serial > BATCH_SERIAL_LAST) throw new Error(`批号流水号用尽：${serialKey}`);
    serials.set(serialKey, serial);
    const batchNumber = batchNumberOf(ginnery.code, Number(year), serial);

    const inland = ginnery.origin === '4';
    const longStaple = ginnery.origin === '2' && random.chance(0.03);
    const machine = !longStaple && random.chance(ginnery.machineShare);
    const roller = longStaple || (inland && random.chance(0.05));
    const baleCount = inland && random.chance(0.12) ? random.pick([60, 120]) : 186;

    // Batch means, then bales around them. Means and spreads are set so that the bales'
    // grade shares come near the national public-inspection (公检) figures (docs/cotton-quality.md
    // "Demo data"): length mostly 28–29 mm, micronaire mostly B2 with a fifth C2, strength
    // mostly S3 (average ≈ 28 cN/tex), uniformity mostly U3 with a third U2.
    // Xinjiang machine-picked cotton sits mostly in white 3 (Rd 75–78.4), hand-picked in white 2 (78.5–81.9).
    const rdMean =
      (inland ? normal(random, 74.5, 1.8) : machine ? normal(random, 76.9, 0.9) : normal(random, 80.0, 1.0)) +
      ginnery.rdOffset;
    const bMean = inland ? normal(random, 9.2, 0.6) : normal(random, 8.4, 0.45);
    const lengthMean = longStaple
      ? normal(random, 35.5, 0.8)
      : (inland ? normal(random, 28.1, 0.7) : machine ? normal(random, 28.9, 0.55) : normal(random, 29.4, 0.55)) +
        ginnery.lengthOffset;
    const micMean = longStaple
      ? normal(random, 4.0, 0.2)
      : inland
        ? normal(random, 4.85, 0.3)
        : normal(random, 4.6, 0.3);
    const strengthMean = longStaple
      ? normal(random, 38, 1.2)
      : inland
        ? normal(random, 27.4, 1.3)
        : normal(random, 28.2, 1.4);
    const uniformityMean = inland ? normal(random, 82.0, 0.8) : normal(random, 82.6, 0.7);
    const moistureMean = inland ? normal(random, 7.6, 0.5) : normal(random, 6.0, 0.6);
    const trashMean = machine ? normal(random, 2.5, 0.25) : normal(random, 1.8, 0.25);
    const baleMass = normal(random, 227.5, 1.5);
    const tarePerBale = roundTo(1.6 + random.next() * 0.4, 1);
    const nextLength = baleLengths(random, lengthMean, inland);

    const bales: Omit<BaleData, 'colorGrade'> & { colorGrade: string[]; grossKg: number[] } = {
      colorGrade: [],
      length: [],
      micronaire: [],
      strength: [],
      uniformity: [],
      rd: [],
      plusB: [],
      moisture: [],
      trash: [],
      grossKg: [],
    };
    const colorCodes: number[] = [];
    // Without stored bales (the benchmark's extra batches) the summary comes from a sample of the bales.
    const generatedBales = sampledBales ? Math.min(sampledBales, baleCount) : baleCount;
    for (let i = 0; i < generatedBales; i++) {
      const rd = roundTo(Math.min(85.5, Math.max(60, normal(random, rdMean, 0.6))), 1);
      const plusB = roundTo(normal(random, bMean, 0.3), 1);
      const code = colorGradeFromHvi(rd, plusB);
      bales.colorGrade.push(code);
      colorCodes.push(Number(code));
      (bales.rd as number[]).push(rd);
      (bales.plusB as number[]).push(plusB);
      (bales.length as number[]).push(nextLength());
      (bales.micronaire as number[]).push(roundTo(Math.max(2.5, normal(random, micMean, 0.14)), 1));
      (bales.strength as number[]).push(roundTo(normal(random, strengthMean, 0.75), 1));
      (bales.uniformity as number[]).push(roundTo(Math.min(89, normal(random, uniformityMean, 0.6)), 1));
      (bales.moisture as number[]).push(roundTo(Math.max(3, normal(random, moistureMean, 0.3)), 1));
      (bales.trash as number[]).push(roundTo(Math.max(0.5, normal(random, trashMean, 0.2)), 1));
      bales.grossKg.push(roundTo(normal(random, baleMass, 2.2), 1));
    }
    const summary = summariseBales(bales);
    summary.baleCount = baleCount;
    const grossKg = Math.round((bales.grossKg.reduce((sum, kg) => sum + kg, 0) * baleCount) / generatedBales);
    const tareKg = Math.round(baleCount * tarePerBale);
    const netKg = grossKg - tareKg;
    const conditionedKg = conditionedWeightKg(netKg, summary.trash, summary.moisture);

    const { machineDate, inspectDate } = ginningDates(random, Number(year));
    const companies = INSPECT_COMPANIES[ginnery.origin === '4' ? ginnery.provinceCode : ginnery.origin];

    const batch: typeof receiptBatches.$inferInsert = {
      batchNumber,
      ginneryCode: ginnery.code,
      factoryName: ginnery.name,
      productYear: year,
      stockName: longStaple ? '2' : '1',
      processingMethod: roller ? '2' : '1',
      pickMode: machine ? '2' : '1',
      origin: ginnery.origin,
      inspectDate,
      inspectCompany: random.pick(companies),
      baleCount,
      grossKg,
      tareKg,
      netKg,
      conditionedKg,
      mainColorGrade: summary.mainColorGrade,
      mainLengthGrade: summary.mainLengthGrade === null ? null : Number(summary.mainLengthGrade),
      mainMicronaireGrade: summary.mainMicronaireGrade,
      avgLength: summary.length.avg,
      avgMicronaire: summary.micronaire.avg,
      avgStrength: summary.strength.avg,
      avgUniformity: summary.uniformity.avg,
      avgTrash: summary.trash,
      avgMoisture: summary.moisture,
      avgRd: summary.rd.avg,
      avgPlusB: summary.plusB.avg,
    };

    const site = pickWarehouse(ginnery);
    receiptSerial++;
    const receipt: typeof receipts.$inferInsert = {
      receiptNumber: receiptNumberOf(Number(year), receiptSerial),
      batchNumber,
      warehouseCode: site.code,
      whsName: site.name,
      placeCode: site.placeCode,
      placeName: site.placeName,
      storageWs: `${random.int(1, 12)}号库-${'ABCDEF'[random.int(0, 5)]}${String(random.int(1, 40)).padStart(2, '0')}`,
      machineDate,
      status: String(random.weighted(STATUS_WEIGHTS) + 1),
      quantity: baleCount,
      grossKg,
      netKg,
      conditionedKg,
      factoryName: batch.factoryName,
      productYear: year,
      stockName: batch.stockName,
      processingMethod: batch.processingMethod,
      pickMode: batch.pickMode,
      origin: batch.origin,
      inspectDate,
      inspectCompany: batch.inspectCompany,
      colorGrade: batch.mainColorGrade,
      lengthGrade: batch.mainLengthGrade,
      micronaireGrade: batch.mainMicronaireGrade,
      avgLength: batch.avgLength,
      avgMicronaire: batch.avgMicronaire,
      avgStrength: batch.avgStrength,
      avgUniformity: batch.avgUniformity,
      avgTrash: batch.avgTrash,
      avgMoisture: batch.avgMoisture,
      avgRd: batch.avgRd,
      avgPlusB: batch.avgPlusB,
    };

    return {
      batch,
      bales: {
        baleCount,
        colorGrade: packCodes(colorCodes),
        length: packTenths(bales.length, BALE_CODECS.length.offset),
        micronaire: packTenths(bales.micronaire, BALE_CODECS.micronaire.offset),
        strength: packTenths(bales.strength, BALE_CODECS.strength.offset),
        uniformity: packTenths(bales.uniformity, BALE_CODECS.uniformity.offset),
        rd: packTenths(bales.rd, BALE_CODECS.rd.offset),
        plusB: packTenths(bales.plusB, BALE_CODECS.plusB.offset),
        moisture: packTenths(bales.moisture, BALE_CODECS.moisture.offset),
        trash: packTenths(bales.trash, BALE_CODECS.trash.offset),
        grossKg: packWeights(bales.grossKg),
      },
      receipt,
    };
  };
}

/**
 * Numbers the batches of each ginnery (加工单位) and crop year in the order they were
 * processed (加工日期; the order generated when on one day): a ginnery numbers its batches
 * as it presses them, so within one ginnery's cotton year a later serial is never processed
 * before an earlier one. The generator draws the serial before the date, so the serials it
 * drew for a group are dealt out again, smallest first, in date order (the same numbers,
 * still without gaps). Rewrites the batch's and the receipt's `batchNumber` in place.
 */
export function numberBatchesInProcessingOrder(generated: GeneratedBatch[]): void {
  const groups = new Map<string, GeneratedBatch[]>();
  for (const item of generated) {
    const key = `${item.batch.ginneryCode}|${item.batch.productYear}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const serials = group.map((item) => parseBatchNumber(item.batch.batchNumber)!.serial).sort((a, b) => a - b);
    // Array.prototype.sort is stable: batches of one day keep the order generated.
    const byDate = [...group].sort((a, b) => a.receipt.machineDate.localeCompare(b.receipt.machineDate));
    byDate.forEach((item, index) => {
      const batchNumber = batchNumberOf(item.batch.ginneryCode, Number(item.batch.productYear), serials[index]);
      item.batch.batchNumber = batchNumber;
      item.receipt.batchNumber = batchNumber;
    });
  }
}

// ---------------------------------------------------------------------------------------
// Writing

/** Rows per INSERT: PostgreSQL allows 65,535 parameters per statement. */
function rowsPerInsert(columns: number): number {
  return Math.floor(60_000 / columns);
}

async function insertChunked<T>(rows: T[], columns: number, insert: (part: T[]) => Promise<unknown>): Promise<void> {
  const size = rowsPerInsert(columns);
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function loadWarehouseSites(db: AppDatabase): Promise<WarehouseSite[]> {
  const rows = await db
    .select({
      code: warehouses.code,
      name: warehouses.name,
      areaType: warehouses.areaType,
      reservationArea: warehouses.reservationAreaCode,
      cityCode: warehouses.cityCode,
      provinceCode: warehouses.provinceCode,
      cityName: regions.name,
    })
    .from(warehouses)
    .leftJoin(regions, eq(regions.code, warehouses.cityCode))
    .orderBy(asc(warehouses.code));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    areaType: row.areaType,
    reservationArea: row.reservationArea,
    placeCode: row.cityCode ?? row.provinceCode,
    placeName: row.cityName ?? '',
  }));
}

async function writeBatches(db: AppDatabase, generated: GeneratedBatch[], withBales: boolean): Promise<void> {
  await insertChunked(generated, 26, (part) => db.insert(receiptBatches).values(part.map((g) => g.batch)));
  if (withBales) {
    for (let i = 0; i < generated.length; i += 500) {
      const part = generated.slice(i, i + 500);
      await db.insert(receiptBaleRecords).values(part.map((g) => ({ batchNumber: g.batch.batchNumber, ...g.bales })));
    }
  }
  await insertChunked(generated, 36, (part) => db.insert(receipts).values(part.map((g) => g.receipt)));
}

export interface ReceiptSeedSummary {
  ginneries: number;
  batches: number;
  receipts: number;
}

/**
 * Replaces ginneries, batches, bales and receipts with `RECEIPT_COUNT` receipts (one per
 * batch, every batch with its bales) in the warehouses currently in the database. Run
 * by `seedDatabase` inside its transaction, after the warehouses.
 */
export async function seedReceipts(db: AppDatabase, size: SeedSize): Promise<ReceiptSeedSummary> {
  const random = createRandom(RECEIPT_SEED);
  await db.delete(receipts);
  await db.delete(receiptBaleRecords);
  await db.delete(receiptBatches);
  await db.delete(ginneries);

  const sites = await loadWarehouseSites(db);
  const ginneryList = generateGinneries(random, size);
  await insertChunked(ginneryList, 3, (part) =>
    db.insert(ginneries).values(part.map(({ code, name, provinceCode }) => ({ code, name, provinceCode }))),
  );
  if (sites.length === 0) return { ginneries: ginneryList.length, batches: 0, receipts: 0 };

  const next = createBatchGenerator(random, ginneryList, sites);
  const generated = Array.from({ length: RECEIPT_COUNT }, next);
  numberBatchesInProcessingOrder(generated);
  await writeBatches(db, generated, true);
  return { ginneries: ginneryList.length, batches: generated.length, receipts: generated.length };
}

/** Receipts generated one by one (JS) before `extendReceipts` copies them in SQL. */
export const GENERATED_RECEIPT_COUNT = 150_000;
/** Serial offset per SQL copy: generated serials run 5001…≈5200, copies k = 1…6 add k × 700. */
const COPY_SERIAL_STEP = 700;
const COPIES = 6;

/**
 * Adds batches and receipts until there are `target` receipts (the benchmark's data set).
 * First up to `GENERATED_RECEIPT_COUNT` with the generator of `seedReceipts` (its
 * ginneries and warehouses; summaries from a 31-bale sample, bale data not stored: ≈ 2 KB a
 * batch would be 2 GB), in transactions of 20,000; then the rest server-side with
 * `generate_series`: copies k = 1…6 of the generated batches and receipts with the batch
 * serial + k × 700 and the receipt serial + k × 1,000,000 (so a million rows load in
 * minutes). PostgreSQL only. Resumes after an interruption.
 */
export async function extendReceipts(
  db: AppDatabase,
  size: SeedSize,
  target = LARGE_RECEIPT_COUNT,
  onProgress?: (done: number) => void,
): Promise<number> {
  const [{ existing }] = await db.select({ existing: count() }).from(receipts);
  if (existing >= target) return existing;
  let done = existing;

  const generateUpTo = Math.min(target, GENERATED_RECEIPT_COUNT);
  if (done < generateUpTo) {
    if (existing !== RECEIPT_COUNT)
      throw new Error(`仓单数据不是刚写入的种子数据（${existing} 条），请先重新写入种子数据`);
    // Replay the seed's stream so that the added batches continue it.
    const random = createRandom(RECEIPT_SEED);
    const ginneryList = generateGinneries(random, size);
    const sites = await loadWarehouseSites(db);
    const replay = createBatchGenerator(random, ginneryList, sites);
    for (let i = 0; i < RECEIPT_COUNT; i++) replay();
    // A generator of its own: batch serials from 5001 (the seed's run from 1001) and
    // receipt numbers after the seed's, so nothing collides.
    const next = createBatchGenerator(random, ginneryList, sites, 31, {
      batchSerialStart: 5000,
      receiptSerialStart: RECEIPT_COUNT,
    });
    const step = 20_000;
    while (done < generateUpTo) {
      const generated = Array.from({ length: Math.min(step, generateUpTo - done) }, next);
      await db.transaction(async (tx) => writeBatches(tx as unknown as AppDatabase, generated, false));
      done += generated.length;
      onProgress?.(done);
    }
  }

  if (done < target) {
    const need = target - done;
    const newBatch = (column: SQL) =>
      sql`left(${column}, 7) || lpad((right(${column}, 4)::int + k * ${sql.raw(String(COPY_SERIAL_STEP))})::text, 4, '0')`;
    await db.transaction(async (tx) => {
      const [{ maxSerial }] = (await tx
        .select({ maxSerial: sql<number>`max(right(${receiptBatches.batchNumber}, 4)::int)` })
        .from(receiptBatches)) as Array<{ maxSerial: number }>;
      if (Number(maxSerial) + COPIES * COPY_SERIAL_STEP > 9999) throw new Error('批号流水号不足以复制基准数据');
      await tx.execute(sql`
        INSERT INTO receipt_batches
        SELECT ${newBatch(sql`b.batch_number`)}, b.ginnery_code, b.factory_name, b.product_year, b.stock_name,
               b.processing_method, b.pick_mode, b.origin, b.inspect_date, b.inspect_company, b.bale_count,
               b.gross_kg, b.tare_kg, b.net_kg, b.conditioned_kg, b.main_color_grade, b.main_length_grade,
               b.main_micronaire_grade, b.avg_length, b.avg_micronaire, b.avg_strength, b.avg_uniformity,
               b.avg_trash, b.avg_moisture, b.avg_rd, b.avg_plus_b
        FROM generate_series(1, ${COPIES}) AS k
        CROSS JOIN receipt_batches b
        WHERE right(b.batch_number, 4)::int BETWEEN 5001 AND ${5000 + COPY_SERIAL_STEP - 1}
        ORDER BY k, b.batch_number
        LIMIT ${need}`);
      await tx.execute(sql`
        INSERT INTO receipts
        SELECT 'CF' || substr(r.receipt_number, 3, 2) || lpad((substr(r.receipt_number, 5)::int + k * 1000000)::text, 8, '0'),
               ${newBatch(sql`r.batch_number`)}, r.warehouse_code, r.whs_name, r.place_code, r.place_name, r.storage_ws,
               r.machine_date, r.status, r.quantity, r.gross_kg, r.net_kg, r.conditioned_kg, r.factory_name, r.product_year,
               r.stock_name, r.processing_method, r.pick_mode, r.origin, r.inspect_date, r.inspect_company, r.color_grade,
               r.length_grade, r.micronaire_grade, r.avg_length, r.avg_micronaire, r.avg_strength, r.avg_uniformity,
               r.avg_trash, r.avg_moisture, r.avg_rd, r.avg_plus_b
        FROM generate_series(1, ${COPIES}) AS k
        CROSS JOIN receipts r
        WHERE right(r.batch_number, 4)::int BETWEEN 5001 AND ${5000 + COPY_SERIAL_STEP - 1}
        ORDER BY k, r.batch_number
        LIMIT ${need}`);
    });
    done = target;
    onProgress?.(done);
  }
  await db.execute(sql`ANALYZE receipts`);
  await db.execute(sql`ANALYZE receipt_batches`);
  return done;
}
