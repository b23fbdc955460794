import { describe, expect, it } from 'vitest';
import {
  buildReceiptIndex,
  receiptIndexBuilder,
  ReceiptIndexBuilder,
  type IndexedReceipt,
} from '../src/modules/receipt/search-index';
import { tenths, type ReceiptQuery } from '../src/modules/receipt/search-query';
import { createRandom } from '../src/seed/random';

/**
 * The in-memory receipt index against a brute-force oracle: random receipts, random
 * searches (every filter, ranges, text, each sort and several at once, deep pages); the
 * index must give the same total and the same page, in the same order.
 */

/** The seed's PRNG, with a helper for a small multi-select. */
function random(seed: number) {
  const r = createRandom(seed);
  const some = <T>(items: readonly T[]): T[] => [...new Set(Array.from({ length: r.int(1, 3) }, () => r.pick(items)))];
  return { ...r, some };
}

const YEARS = ['2023', '2024', '2025'];
const COLORS = ['11', '21', '31', '41', '12', '22', null];
const MICRONAIRES = ['C1', 'B1', 'A', 'B2', 'C2', null];
const PLACES = Array.from({ length: 80 }, (_, i) => String(650100 + i)); // more than a bitmap column holds
const WAREHOUSES = ['奎屯仓库', '石河子仓库', '库尔勒仓库', '郑州仓库'];
const FACTORIES = ['沙湾棉业', '玛纳斯轧花厂', '阿克苏棉业公司'];

type Receipt = Omit<IndexedReceipt, 'receiptRank'>;

function receiptsOf(count: number, seed: number): Receipt[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    // Some batches hold two receipts, and receipt order differs from batch order.
    const batch = String(65_000_000_000 + r.int(0, Math.floor(count * 0.8))).padStart(11, '0');
    return {
      receiptNumber: `CF${r.pick(['23', '24', '25'])}${String((i * 7919) % 1_000_003).padStart(8, '0')}`,
      batchNumber: batch,
      productYear: r.pick(YEARS),
      stockName: r.pick(['1', '2']),
      processingMethod: r.pick(['1', '2']),
      pickMode: r.pick(['1', '2']),
      status: r.pick(['1', '2', '3', '4', '5']),
      origin: r.pick(['1', '2', '3', '4', '5']),
      colorGrade: r.pick(COLORS),
      micronaireGrade: r.pick(MICRONAIRES),
      lengthGrade: r.next() < 0.1 ? null : r.int(25, 32),
      placeCode: r.pick(PLACES),
      placeName: '某市',
      whsName: r.pick(WAREHOUSES),
      factoryName: r.pick(FACTORIES),
      strength: r.int(240, 340),
      uniformity: r.int(770, 880),
      trash: r.int(0, 50),
      moisture: r.int(40, 100),
      rd: r.int(650, 850),
      plusB: r.int(60, 120),
      micronaire: r.int(300, 550),
      grossKg: r.int(30_000, 40_000),
      netKg: r.int(29_000, 39_000),
      conditionedKg: r.int(29_000, 39_000),
      quantity: r.int(150, 200),
      machineDate: '2025-01-02',
      inspectDate: '2024-12-20',
      inspectCompany: '新疆纤维检验局',
      storageWs: `${r.int(1, 9)}号库`,
    };
  });
}

const CODE_VALUES: Record<keyof ReceiptQuery['codes'], readonly string[]> = {
  productYear: [...YEARS, '2019'],
  stockName: ['1', '2'],
  processingMethod: ['1', '2'],
  pickMode: ['1', '2'],
  status: ['1', '2', '3', '4', '5'],
  origin: ['1', '2', '3', '4', '5'],
  colorGrade: ['11', '21', '31', '41', '12', '22', '33'],
  micronaireGrade: ['C1', 'B1', 'A', 'B2', 'C2'],
  lengthGrade: ['25', '26', '27', '28', '29', '30', '31', '32'],
  placeCode: PLACES,
  whsName: WAREHOUSES,
  factoryName: FACTORIES,
};
const RANGES = {
  strength: [240, 340],
  uniformity: [770, 880],
  trash: [0, 50],
  moisture: [40, 100],
  rd: [650, 850],
  plusB: [60, 120],
} as const;

function randomQuery(r: ReturnType<typeof random>, receipts: Receipt[]): ReceiptQuery {
  const query: ReceiptQuery = { text: null, codes: {}, ranges: {}, sort: [], offset: 0, limit: r.int(1, 50) };
  for (const field of Object.keys(CODE_VALUES) as Array<keyof ReceiptQuery['codes']>) {
    if (r.next() < 0.2) query.codes[field] = r.some(CODE_VALUES[field]);
  }
  for (const field of Object.keys(RANGES) as Array<keyof typeof RANGES>) {
    if (r.next() < 0.25) {
      const [low, high] = RANGES[field];
      const a = r.int(low, high);
      const b = r.int(a, high);
      query.ranges[field] = r.next() < 0.3 ? { min: a, max: 99_999 } : { min: r.next() < 0.3 ? 0 : a, max: b };
    }
  }
  const text = r.next();
  const sample = r.pick(receipts);
  if (text < 0.08) query.text = { exactBatch: sample.batchNumber };
  else if (text < 0.16) query.text = { prefix: sample.batchNumber.slice(0, r.int(4, 10)) };
  else if (text < 0.24) query.text = { prefix: sample.receiptNumber.slice(0, r.int(4, 12)) };
  const sortFields = ['batchNumber', 'warehouseReceiptNumber', 'length'] as const;
  const sorts = r.int(0, 3);
  for (let i = 0; i < sorts; i++) {
    const field = r.pick(sortFields);
    if (!query.sort.some((item) => item.field === field)) query.sort.push({ field, desc: r.next() < 0.5 });
  }
  query.offset = r.next() < 0.3 ? r.int(0, 400) : r.int(0, 3) * query.limit;
  return query;
}

/** What the search means, spelled out row by row. */
function oracle(receipts: Receipt[], query: ReceiptQuery): { total: number; receiptNumbers: string[] } {
  const matching = receipts.filter((receipt) => {
    for (const [field, values] of Object.entries(query.codes)) {
      const value = receipt[field as keyof Receipt];
      if (value === null || !values!.includes(String(value))) return false;
    }
    for (const [field, range] of Object.entries(query.ranges)) {
      const value = receipt[field as keyof typeof RANGES];
      if (value < range!.min || value > range!.max) return false;
    }
    if (query.text && 'exactBatch' in query.text) return receipt.batchNumber === query.text.exactBatch;
    if (query.text && 'prefix' in query.text)
      return receipt.batchNumber.startsWith(query.text.prefix) || receipt.receiptNumber.startsWith(query.text.prefix);
    return true;
  });
  const sort = query.sort.length > 0 ? query.sort : [{ field: 'batchNumber' as const, desc: false }];
  const keys = sort.some((item) => item.field === 'warehouseReceiptNumber')
    ? sort
    : [...sort, { field: 'warehouseReceiptNumber' as const, desc: sort[0].desc }];
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  matching.sort((a, b) => {
    for (const { field, desc } of keys) {
      let difference: number;
      if (field === 'length') {
        if (a.lengthGrade === b.lengthGrade) continue;
        if (a.lengthGrade === null) return 1;
        if (b.lengthGrade === null) return -1;
        difference = a.lengthGrade - b.lengthGrade;
      } else
        difference =
          field === 'batchNumber' ? text(a.batchNumber, b.batchNumber) : text(a.receiptNumber, b.receiptNumber);
      if (difference !== 0) return desc ? -difference : difference;
    }
    return 0;
  });
  return {
    total: matching.length,
    receiptNumbers: matching.slice(query.offset, query.offset + query.limit).map((receipt) => receipt.receiptNumber),
  };
}

describe('receipt search index', () => {
  const receipts = receiptsOf(3000, 7);
  const index = buildReceiptIndex(receipts);

  it('answers 2,000 random searches exactly as the row-by-row oracle', { timeout: 120_000 }, () => {
    const r = random(2026);
    let nonEmpty = 0;
    for (let i = 0; i < 2000; i++) {
      const query = randomQuery(r, receipts);
      const expected = oracle(receipts, query);
      const answer = index.search(query);
      expect(
        { total: answer.total, receiptNumbers: answer.rows.map((row) => row.receiptNumber) },
        JSON.stringify(query),
      ).toEqual(expected);
      if (expected.receiptNumbers.length > 0) nonEmpty++;
    }
    expect(nonEmpty, 'most searches must find something').toBeGreaterThan(600);
  });

  it('pages through everything without overlap in every sort', () => {
    for (const sort of [
      [],
      [{ field: 'batchNumber', desc: true }],
      [{ field: 'warehouseReceiptNumber', desc: false }],
      [{ field: 'length', desc: true }],
    ] as ReceiptQuery['sort'][]) {
      const seen: string[] = [];
      for (let offset = 0; offset < receipts.length; offset += 50) {
        const page = index.search({ text: null, codes: {}, ranges: {}, sort, offset, limit: 50 });
        expect(page.total).toBe(receipts.length);
        seen.push(...page.rows.map((row) => row.receiptNumber));
      }
      expect(new Set(seen).size).toBe(receipts.length);
      expect(
        index.search({ text: null, codes: {}, ranges: {}, sort, offset: receipts.length, limit: 10 }).rows,
      ).toEqual([]);
    }
  });

  it('gives back every shown column of a row, the averages as decimals', () => {
    const receipt = receipts[123];
    const [row] = index.search({
      text: { prefix: receipt.receiptNumber },
      codes: {},
      ranges: {},
      sort: [],
      offset: 0,
      limit: 1,
    }).rows;
    expect(row).toEqual({
      batchNumber: receipt.batchNumber,
      receiptNumber: receipt.receiptNumber,
      colorGrade: receipt.colorGrade,
      lengthGrade: receipt.lengthGrade,
      micronaireGrade: receipt.micronaireGrade,
      avgMicronaire: receipt.micronaire / 100,
      avgStrength: receipt.strength / 10,
      avgUniformity: receipt.uniformity / 10,
      avgMoisture: receipt.moisture / 10,
      avgTrash: receipt.trash / 10,
      processingMethod: receipt.processingMethod,
      pickMode: receipt.pickMode,
      stockName: receipt.stockName,
      grossKg: receipt.grossKg,
      netKg: receipt.netKg,
      conditionedKg: receipt.conditionedKg,
      quantity: receipt.quantity,
      productYear: receipt.productYear,
      factoryName: receipt.factoryName,
      whsName: receipt.whsName,
      placeName: receipt.placeName,
      status: receipt.status,
      machineDate: receipt.machineDate,
      inspectDate: receipt.inspectDate,
      inspectCompany: receipt.inspectCompany,
      storageWs: receipt.storageWs,
    });
  });

  it('holds every filter and every range at once (more bitmaps than one pass reads)', () => {
    const r = random(21);
    const bitmapFields = [
      'productYear',
      'stockName',
      'processingMethod',
      'pickMode',
      'status',
      'origin',
      'colorGrade',
      'micronaireGrade',
      'lengthGrade',
    ] as const;
    for (let k = 0; k < 50; k++) {
      const query: ReceiptQuery = { text: null, codes: {}, ranges: {}, sort: [], offset: 0, limit: 20 };
      // Two values each (a union per filter), ranges closed on both ends (a bitmap to AND and one to clear each).
      for (const field of bitmapFields)
        query.codes[field] = [...new Set([r.pick(CODE_VALUES[field]), r.pick(CODE_VALUES[field])])];
      for (const field of Object.keys(RANGES) as Array<keyof typeof RANGES>) {
        const [low, high] = RANGES[field];
        const min = r.int(low, Math.floor((low + high) / 2));
        query.ranges[field] = { min: min === low ? low + 1 : min, max: r.int(Math.ceil((low + high) / 2), high - 1) };
      }
      const answer = index.search(query);
      const expected = oracle(receipts, query);
      expect(answer.total).toBe(expected.total);
      expect(answer.rows.map((row) => row.receiptNumber)).toEqual(expected.receiptNumbers);
    }
    // Everything open but one filter per column: many bitmaps, wide ranges.
    const wide: ReceiptQuery = {
      text: null,
      codes: Object.fromEntries(bitmapFields.map((field) => [field, [...CODE_VALUES[field]]])),
      ranges: {
        strength: { min: 241, max: 339 },
        uniformity: { min: 771, max: 879 },
        trash: { min: 1, max: 49 },
        moisture: { min: 41, max: 99 },
        rd: { min: 651, max: 849 },
        plusB: { min: 61, max: 119 },
      },
      sort: [],
      offset: 5,
      limit: 10,
    };
    expect(index.search(wide).total).toBe(oracle(receipts, wide).total);
    expect(oracle(receipts, wide).total).toBeGreaterThan(100);
  });

  it('can be finished a step at a time, letting other work run between the steps', async () => {
    const builder = receiptIndexBuilder(receipts);
    let ranMeanwhile = 0;
    const tick = () => {
      ranMeanwhile++;
      if (ranMeanwhile < 1000) setImmediate(tick);
    };
    setImmediate(tick);
    const stepped = await builder.finishInSteps();
    expect(ranMeanwhile).toBeGreaterThan(10); // a step per slider column, per code column, …
    const r = random(5);
    for (let k = 0; k < 200; k++) {
      const query = randomQuery(r, receipts);
      expect(stepped.search(query)).toEqual(index.search(query));
    }
  });

  it('finds nothing for a value no receipt holds, and works when there are no receipts', () => {
    expect(
      index.search({ text: null, codes: { whsName: ['不存在的仓库'] }, ranges: {}, sort: [], offset: 0, limit: 10 }),
    ).toEqual({ total: 0, rows: [] });
    const empty = buildReceiptIndex([]);
    expect(
      empty.search({
        text: null,
        codes: {},
        ranges: {},
        sort: [{ field: 'length', desc: true }],
        offset: 0,
        limit: 10,
      }),
    ).toEqual({ total: 0, rows: [] });
  });
});

describe('receipt search index, changed in place', () => {
  /** A random change of a receipt: another status, warehouse, grade, slider value, length, or batch. */
  function changed(r: ReturnType<typeof random>, receipt: Receipt, fresh: Receipt): Receipt {
    switch (r.int(0, 6)) {
      case 0:
        return { ...receipt, status: r.pick(['1', '2', '3', '4', '5', '6']) };
      case 1:
        return { ...receipt, whsName: r.pick([...WAREHOUSES, '新建仓库']), placeCode: r.pick(PLACES) };
      case 2:
        return { ...receipt, colorGrade: r.pick(COLORS), micronaireGrade: r.pick(MICRONAIRES) };
      case 3:
        // Values inside, between and beyond the built buckets.
        return { ...receipt, strength: r.int(200, 380), rd: r.int(600, 900), trash: r.int(0, 60) };
      case 4:
        return { ...receipt, lengthGrade: r.next() < 0.3 ? null : r.int(25, 32) };
      case 5:
        return { ...receipt, batchNumber: fresh.batchNumber };
      default:
        return { ...fresh, receiptNumber: receipt.receiptNumber };
    }
  }

  it(
    'answers like the oracle after batches of updates, inserts and deletes, each batch applied at once',
    { timeout: 120_000 },
    () => {
      const r = random(99);
      const receipts = receiptsOf(2500, 17);
      const pool = receiptsOf(4000, 18).map((receipt, i) => ({
        ...receipt,
        receiptNumber: `CF26${String(i).padStart(8, '0')}`,
      }));
      const index = buildReceiptIndex(receipts);
      let fresh = 0;
      for (let round = 0; round < 40; round++) {
        const changes = [];
        const size = r.next() < 0.2 ? r.int(40, 300) : r.int(1, 8); // one by one, and many at once
        for (let k = 0; k < size; k++) {
          const kind = r.next();
          if (kind < 0.5 && receipts.length > 0) {
            const at = r.int(0, receipts.length - 1);
            receipts[at] = changed(r, receipts[at], pool[(fresh++ + 2000) % pool.length]);
            changes.push({ receiptNumber: receipts[at].receiptNumber, receipt: receipts[at] });
          } else if (kind < 0.75) {
            const receipt = pool[fresh++ % 2000];
            if (receipts.some((x) => x.receiptNumber === receipt.receiptNumber)) continue;
            receipts.push(receipt);
            changes.push({ receiptNumber: receipt.receiptNumber, receipt });
          } else if (receipts.length > 0) {
            const [gone] = receipts.splice(r.int(0, receipts.length - 1), 1);
            changes.push({ receiptNumber: gone.receiptNumber, receipt: null });
          }
        }
        // A receipt unknown to the index deleted: nothing happens.
        changes.push({ receiptNumber: 'CF2999999999', receipt: null });
        expect(index.apply(changes)).not.toBeNull();
        expect(index.size).toBe(receipts.length);
        for (let i = 0; i < 60; i++) {
          const query = randomQuery(r, receipts);
          const answer = index.search(query);
          expect(
            { total: answer.total, receiptNumbers: answer.rows.map((row) => row.receiptNumber) },
            `round ${round}: ${JSON.stringify(query)}`,
          ).toEqual(oracle(receipts, query));
        }
      }
      // Every row of every sort, and the rows shown as changed.
      for (const sort of [
        [],
        [{ field: 'batchNumber', desc: true }],
        [{ field: 'length', desc: true }],
      ] as ReceiptQuery['sort'][]) {
        const query: ReceiptQuery = { text: null, codes: {}, ranges: {}, sort, offset: 0, limit: 50 };
        for (let offset = 0; offset < receipts.length; offset += 50) {
          expect(index.search({ ...query, offset }).rows.map((row) => row.receiptNumber)).toEqual(
            oracle(receipts, { ...query, offset }).receiptNumbers,
          );
        }
      }
      const sample = receipts[7];
      const [row] = index.search({
        text: { prefix: sample.receiptNumber },
        codes: {},
        ranges: {},
        sort: [],
        offset: 0,
        limit: 1,
      }).rows;
      expect(row).toMatchObject({ status: sample.status, whsName: sample.whsName, avgStrength: sample.strength / 10 });
    },
  );

  it('suggests only the names receipts still hold', () => {
    const receipts = receiptsOf(200, 3).map((receipt, i) => ({
      ...receipt,
      whsName: i === 0 ? '独一仓库' : '奎屯仓库',
    }));
    const index = buildReceiptIndex(receipts);
    expect(index.valuesOf('whsName')).toContain('独一仓库');
    index.apply([{ receiptNumber: receipts[0].receiptNumber, receipt: null }]);
    expect(index.valuesOf('whsName')).toEqual(['奎屯仓库']);
  });

  it('refuses, changing nothing, a batch it has no room for', () => {
    const receipts = receiptsOf(100, 4);
    const builder = new ReceiptIndexBuilder(0, 4);
    builder.add([]);
    expect(builder.finish().apply([{ receiptNumber: receipts[0].receiptNumber, receipt: receipts[0] }])).toBeNull();

    const index = buildReceiptIndex(receipts);
    const inserts = receiptsOf(2000, 5).map((receipt, i) => ({
      receiptNumber: `CF27${String(i).padStart(8, '0')}`,
      receipt: { ...receipt, receiptNumber: `CF27${String(i).padStart(8, '0')}` },
    }));
    expect(index.apply(inserts)).toBeNull(); // 1,024 spare slots
    // A few-valued column with more values than bitmaps hold.
    const years = Array.from({ length: 70 }, (_, i) => ({
      receiptNumber: receipts[i].receiptNumber,
      receipt: { ...receipts[i], productYear: String(1900 + i) },
    }));
    expect(index.apply(years)).toBeNull();
    const all: ReceiptQuery = { text: null, codes: {}, ranges: {}, sort: [], offset: 0, limit: 50 };
    expect(index.search(all)).toEqual(buildReceiptIndex(receipts).search(all));
  });
});

describe('slider ranges on skewed columns', () => {
  it('counts every range exactly, whether its ends fall inside, on or outside the value buckets', () => {
    // Half the receipts share one strength (a bucket of a single value), the rest spread thinly.
    const r = random(7);
    const receipts = receiptsOf(4_000, 11).map((receipt) => ({
      ...receipt,
      strength: r.next() < 0.5 ? 285 : r.int(240, 330),
      uniformity: r.next() < 0.2 ? 800 : r.int(790, 810),
    }));
    const index = buildReceiptIndex(receipts);
    const count = (test: (receipt: Receipt) => boolean) => receipts.filter(test).length;
    for (let min = 238; min <= 332; min += 3) {
      for (const max of [min - 1, min, min + 1, min + 7, 285, 330, 99_999]) {
        const alone = index.search({
          text: null,
          codes: {},
          ranges: { strength: { min, max } },
          sort: [],
          offset: 0,
          limit: 1,
        });
        expect(alone.total, `${min}…${max}`).toBe(count((x) => x.strength >= min && x.strength <= max));
        const both = index.search({
          text: null,
          codes: { pickMode: ['1'] },
          ranges: { strength: { min, max }, uniformity: { min: 795, max: 800 } },
          sort: [],
          offset: 0,
          limit: 1,
        });
        expect(both.total, `${min}…${max} with filters`).toBe(
          count(
            (x) =>
              x.pickMode === '1' &&
              x.strength >= min &&
              x.strength <= max &&
              x.uniformity >= 795 &&
              x.uniformity <= 800,
          ),
        );
      }
    }
  });

  it('counts ranges exactly on a column with more values than buckets (ends inside buckets)', () => {
    const r = random(8);
    const receipts = receiptsOf(6_000, 12).map((receipt) => ({ ...receipt, rd: r.next() < 0.3 ? 500 : r.int(0, 999) }));
    const index = buildReceiptIndex(receipts);
    for (let k = 0; k < 300; k++) {
      const min = r.int(-5, 1_005);
      const max = r.next() < 0.1 ? min : r.int(min, 1_010);
      const answer = index.search({
        text: null,
        codes: {},
        ranges: { rd: { min, max } },
        sort: [],
        offset: 0,
        limit: 1,
      });
      expect(answer.total, `${min}…${max}`).toBe(receipts.filter((x) => x.rd >= min && x.rd <= max).length);
    }
  });
});

describe('slider bounds in tenths', () => {
  it.each([
    ['28', true, 280],
    ['28', false, 280],
    ['28.5', true, 285],
    ['28.55', true, 286],
    ['28.55', false, 285],
    ['28.50', true, 285],
    ['0.01', true, 1],
    ['100', false, 1000],
  ] as const)('%s rounded %s → %i', (text, up, expected) => {
    expect(tenths(text, up)).toBe(expected);
  });
});
