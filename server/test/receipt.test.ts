import { eq, inArray, sql } from 'drizzle-orm';
import type { SearchIndexState, ServerInfo } from '@cotton/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ginneries,
  receiptBaleRecords,
  receiptBatches,
  receipts,
  receiptSearchState,
  warehouses,
} from '../src/db/schema/index';
import { readChangesSince, ReceiptSearch } from '../src/modules/receipt/search-engine';
import { unpackBales } from '../src/modules/receipt/service';
import { conditionedWeightKg, lengthGradeOf, mainGrade, micronaireGradeOf } from '../src/modules/receipt/quality';
import { Value } from 'typebox/value';
import { Envelope, ReceiptItem, ReceiptPage } from '@cotton/sdk/contracts';
import { RECEIPT_COUNT } from '../src/seed/receipt';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

const SEARCH = '/rest/esQuery/esqueryWareHouseData/1';
const ReceiptPageResponse = Envelope(ReceiptPage);
const SUGGEST = '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1';
const INSPECT = '/rest/esQuery/factoryBatchWeightInspectquery/1';

type Receipt = typeof receipts.$inferSelect;
type Page = ReceiptPage['pageWareHouse'];

let server: TestServer;
/** Every receipt, read straight from the table: the oracle the answers are checked against. */
let all: Receipt[];

async function search(
  query: Record<string, unknown> = {},
  pageParameter: Record<string, unknown> = { pageNum: 1, pageSize: 50 },
): Promise<Page> {
  const response = await server.post<ReceiptPage>(SEARCH, { stgWareHouseQueryParameters: query, pageParameter });
  expect(response.status).toBe(200);
  expect(response.envelope.rtnMessage).toBe('成功');
  // The route writes its answer with JSON.stringify: every answer must still be exactly the declared schema.
  expect(Value.Check(ReceiptPageResponse, response.envelope)).toBe(true);
  const fields = Object.keys(ReceiptItem.properties).sort();
  for (const row of response.envelope.dataSet.pageWareHouse.result) expect(Object.keys(row).sort()).toEqual(fields);
  return response.envelope.dataSet.pageWareHouse;
}

async function failure(path: string, body: unknown) {
  const response = await server.post(path, body);
  expect(response.status).toBe(200);
  expect(response.envelope.dataSet).toBeNull();
  return response.envelope;
}

/** All matching receipt numbers over every page. */
async function searchAll(query: Record<string, unknown>): Promise<string[]> {
  const first = await search(query);
  const numbers = first.result.map((row) => row.warehouseReceiptNumber);
  const pages = Math.ceil(first.totalCount / 50);
  for (let pageNum = 2; pageNum <= pages; pageNum++) {
    const next = await search(query, { pageNum, pageSize: 50 });
    numbers.push(...next.result.map((row) => row.warehouseReceiptNumber));
  }
  return numbers;
}

/** The rows of `db.execute` on either driver (PGlite: `{ rows }`, node-postgres: `{ rows }` or an array). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

const byBatchThenReceipt = (a: Receipt, b: Receipt) =>
  a.batchNumber.localeCompare(b.batchNumber) || a.receiptNumber.localeCompare(b.receiptNumber);
const numbersOf = (rows: Receipt[]) => rows.map((row) => row.receiptNumber).sort();

beforeAll(async () => {
  server = await startTestServer();
  all = await server.db.select().from(receipts);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('seed', () => {
  it('writes the receipts with bale data, consistent with the quality rules', async () => {
    expect(all).toHaveLength(RECEIPT_COUNT);
    const batches = await server.db.select().from(receiptBatches);
    expect(batches).toHaveLength(RECEIPT_COUNT);
    for (const batch of batches) {
      expect(batch.batchNumber).toMatch(/^\d{11}$/);
      expect(batch.batchNumber.slice(0, 5)).toBe(batch.ginneryCode);
      expect(batch.batchNumber.slice(5, 7)).toBe(batch.productYear.slice(2));
      expect(['65', '37', '41', '13', '42', '32']).toContain(batch.ginneryCode.slice(0, 2));
      expect([60, 120, 186]).toContain(batch.baleCount);
      expect(batch.netKg).toBe(batch.grossKg - batch.tareKg);
      expect(batch.conditionedKg).toBe(conditionedWeightKg(batch.netKg, batch.avgTrash, batch.avgMoisture));
      expect(batch.grossKg / batch.baleCount).toBeGreaterThan(215);
      expect(batch.grossKg / batch.baleCount).toBeLessThan(240);
    }
    const factories = await server.db.select().from(ginneries);
    expect(factories.every((g) => /(轧花厂|棉业|公司)/.test(g.name))).toBe(true);

    // Xinjiang: mostly machine-picked, mostly white 3/2, mostly in Xinjiang warehouses.
    const xinjiang = all.filter((r) => r.origin !== '4');
    const inland = all.filter((r) => r.origin === '4');
    expect(xinjiang.length / all.length).toBeGreaterThan(0.75);
    expect(xinjiang.filter((r) => r.pickMode === '2').length / xinjiang.length).toBeGreaterThan(0.7);
    expect(
      xinjiang.filter((r) => r.colorGrade === '31' || r.colorGrade === '21').length / xinjiang.length,
    ).toBeGreaterThan(0.5);
    expect(inland.filter((r) => r.pickMode === '1').length / inland.length).toBeGreaterThan(0.8);
    const whs = new Map((await server.db.select().from(warehouses)).map((w) => [w.code, w]));
    expect(xinjiang.filter((r) => whs.get(r.warehouseCode)?.areaType === '1').length / xinjiang.length).toBeGreaterThan(
      0.8,
    );
    const avgLength = (rows: Receipt[]) => rows.reduce((sum, r) => sum + r.avgLength, 0) / rows.length;
    expect(avgLength(inland)).toBeLessThan(avgLength(xinjiang));
  });

  it('summaries agree with the bales of the batch', async () => {
    const [packed] = await server.db
      .select()
      .from(receiptBaleRecords)
      .where(eq(receiptBaleRecords.batchNumber, all[0].batchNumber));
    const bales = unpackBales(packed);
    expect(bales.length).toHaveLength(all[0].quantity);
    expect(mainGrade(bales.colorGrade)).toBe(all[0].colorGrade);
    const lengthMain = mainGrade(bales.length.map(lengthGradeOf));
    expect(lengthMain === null ? null : Number(lengthMain)).toBe(all[0].lengthGrade);
    expect(mainGrade(bales.micronaire.map(micronaireGradeOf))).toBe(all[0].micronaireGrade);
  });
});

describe('receipt search', () => {
  it('returns the first page ordered by batch number with the contract fields', async () => {
    const page = await search({}, { pageNum: 1, pageSize: 10 });
    expect(page.totalCount).toBe(RECEIPT_COUNT);
    expect(page.result.map((r) => r.warehouseReceiptNumber)).toEqual(
      [...all]
        .sort(byBatchThenReceipt)
        .slice(0, 10)
        .map((r) => r.receiptNumber),
    );
    const row = page.result[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'batchNumber',
        'warehouseReceiptNumber',
        'colorGradeCode',
        'colorGradeName',
        'macron',
        'macronGrade',
        'strengthScale',
        'principalPartRank',
        'processingMethod',
        'whsPickMode',
        'stockName',
        'moistureRegain',
        'dirty',
        'roughWeight',
        'conditionedWeight',
        'quantity',
        'productYear',
        'factoryName',
        'whsName',
        'placeName',
        'warehouseStatus',
        'machineDate',
        'inspectDate',
        'inspectCompany',
        'storageWs',
        'netWeight',
        'tidyAvg',
      ].sort(),
    );
    const source = all.find((r) => r.receiptNumber === row.warehouseReceiptNumber)!;
    expect(row.roughWeight).toBe(source.grossKg / 1000);
    expect(row.conditionedWeight).toBe(source.conditionedKg / 1000);
    expect(row.netWeight).toBe(source.netKg / 1000);
    expect(row.principalPartRank).toBe(`${source.colorGrade ?? '--'} ${source.lengthGrade ?? '--'}`);
    expect(['锯齿', '皮辊']).toContain(row.processingMethod);
    expect(['手摘棉', '机采棉']).toContain(row.whsPickMode);
    expect(['细绒棉', '长绒棉']).toContain(row.stockName);
    expect(['正常', '注册中', '注销中', '移库中', '过户中']).toContain(row.warehouseStatus);
    expect(row.machineDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows a batch without a main colour grade with null and dashes', async () => {
    const none = all.find((r) => r.colorGrade === null);
    expect(none, 'the seed has batches without a main colour grade').toBeDefined();
    const page = await search({ batchOrReceiptNumber: none!.batchNumber });
    expect(page.result[0]).toMatchObject({ colorGradeCode: null, colorGradeName: null });
    expect(page.result[0].principalPartRank.startsWith('-- ')).toBe(true);
  });

  it('pages without overlap and the pages cover every match', async () => {
    const first = await search({}, { pageNum: 1, pageSize: 20 });
    const second = await search({}, { pageNum: 2, pageSize: 20 });
    const sorted = [...all].sort(byBatchThenReceipt);
    expect(second.result.map((r) => r.warehouseReceiptNumber)).toEqual(
      sorted.slice(20, 40).map((r) => r.receiptNumber),
    );
    expect(new Set([...first.result, ...second.result].map((r) => r.warehouseReceiptNumber)).size).toBe(40);
    const beyond = await search({}, { pageNum: 1000, pageSize: 50 });
    expect(beyond.result).toEqual([]);
    expect(beyond.totalCount).toBe(RECEIPT_COUNT);
  });

  it.each([
    ['batchNumber', 'asc'],
    ['batchNumber', 'desc'],
    ['warehouseReceiptNumber', 'asc'],
    ['warehouseReceiptNumber', 'desc'],
    ['length', 'asc'],
    ['length', 'desc'],
  ] as const)('sorts by %s %s with the receipt number as tie-breaker', async (field, order) => {
    const query = { sortColumns: [{ field, order }], productYear: ['2024'] };
    const numbers = await searchAll(query);
    const sign = order === 'asc' ? 1 : -1;
    const expected = all
      .filter((r) => r.productYear === '2024')
      .sort((a, b) => {
        if (field === 'length') {
          if (a.lengthGrade !== b.lengthGrade) {
            if (a.lengthGrade === null) return 1;
            if (b.lengthGrade === null) return -1;
            return sign * (a.lengthGrade - b.lengthGrade);
          }
          return sign * a.receiptNumber.localeCompare(b.receiptNumber);
        }
        const key = field === 'batchNumber' ? 'batchNumber' : 'receiptNumber';
        return sign * (a[key].localeCompare(b[key]) || a.receiptNumber.localeCompare(b.receiptNumber));
      })
      .map((r) => r.receiptNumber);
    expect(numbers).toEqual(expected);
  });

  it('finds an exact batch number, an exact receipt number and a prefix of 4 or more characters', async () => {
    const target = all[17];
    const byBatch = await search({ batchOrReceiptNumber: target.batchNumber });
    expect(byBatch.result.map((r) => r.warehouseReceiptNumber)).toEqual([target.receiptNumber]);
    const byReceipt = await search({ batchOrReceiptNumber: target.receiptNumber.toLowerCase() });
    expect(byReceipt.result.map((r) => r.batchNumber)).toEqual([target.batchNumber]);
    const prefix = target.batchNumber.slice(0, 7);
    const byPrefix = await searchAll({ batchOrReceiptNumber: ` ${prefix} ` });
    expect(byPrefix.sort()).toEqual(
      numbersOf(all.filter((r) => r.batchNumber.startsWith(prefix) || r.receiptNumber.startsWith(prefix))),
    );
    expect((await search({ batchOrReceiptNumber: '99999999999' })).totalCount).toBe(0);
  });

  const filters: Array<[string, Record<string, unknown>, (r: Receipt) => boolean]> = [
    ['productYear', { productYear: ['2023', '2025'] }, (r) => ['2023', '2025'].includes(r.productYear)],
    ['stockName', { stockName: ['2'] }, (r) => r.stockName === '2'],
    ['processingMethod', { processingMethod: ['2'] }, (r) => r.processingMethod === '2'],
    ['whsPickMode', { whsPickMode: ['1'] }, (r) => r.pickMode === '1'],
    ['warehouseStatus', { warehouseStatus: ['2', '3'] }, (r) => ['2', '3'].includes(r.status)],
    ['origin (codes)', { origin: ['2', '5'] }, (r) => ['2', '5'].includes(r.origin)],
    ['origin (names)', { origin: ['地产'] }, (r) => r.origin === '4'],
    ['colorGrade', { colorGrade: ['31', '41'] }, (r) => ['31', '41'].includes(r.colorGrade ?? '')],
    ['macronGrade', { macronGrade: ['A'] }, (r) => r.micronaireGrade === 'A'],
    ['lengthGrade', { lengthGrade: ['28', '29'] }, (r) => [28, 29].includes(r.lengthGrade ?? 0)],
    ['strength range', { strengthMin: 28.5, strengthMax: 30 }, (r) => r.avgStrength >= 28.5 && r.avgStrength <= 30],
    ['uniformity min only', { uniformityMin: 83.5 }, (r) => r.avgUniformity >= 83.5],
    ['impurity max only', { impurityMax: 2.2 }, (r) => r.avgTrash <= 2.2],
    ['moisture range', { moistureMin: 5.5, moistureMax: 6.5 }, (r) => r.avgMoisture >= 5.5 && r.avgMoisture <= 6.5],
    ['rd range', { rdMin: 76, rdMax: 80 }, (r) => r.avgRd >= 76 && r.avgRd <= 80],
    ['plusB range', { plusBMin: 8, plusBMax: 9 }, (r) => r.avgPlusB >= 8 && r.avgPlusB <= 9],
    ['slider bound as numeric string', { strengthMin: '29' }, (r) => r.avgStrength >= 29],
    [
      'combination',
      { productYear: ['2024', '2025'], colorGrade: ['31'], whsPickMode: ['2'], strengthMin: 28, uniformityMax: 84 },
      (r) =>
        ['2024', '2025'].includes(r.productYear) &&
        r.colorGrade === '31' &&
        r.pickMode === '2' &&
        r.avgStrength >= 28 &&
        r.avgUniformity <= 84,
    ],
  ];

  it.each(filters)('filters by %s', async (_name, query, predicate) => {
    const expected = numbersOf(all.filter(predicate));
    expect(expected.length, 'the filter must select something').toBeGreaterThan(0);
    expect(expected.length, 'the filter must leave something out').toBeLessThan(all.length);
    const numbers = await searchAll(query);
    expect(numbers.sort()).toEqual(expected);
  });

  it('filters by storage place, warehouse name and factory name', async () => {
    const sample = all[42];
    expect((await searchAll({ storagePlace: [sample.placeCode] })).sort()).toEqual(
      numbersOf(all.filter((r) => r.placeCode === sample.placeCode)),
    );
    expect((await searchAll({ whsName: sample.whsName })).sort()).toEqual(
      numbersOf(all.filter((r) => r.whsName === sample.whsName)),
    );
    expect((await searchAll({ factoryName: sample.factoryName })).sort()).toEqual(
      numbersOf(all.filter((r) => r.factoryName === sample.factoryName)),
    );
    expect((await search({ whsName: '不存在的仓库' })).totalCount).toBe(0);
  });

  it('treats empty strings, empty arrays and null as absent', async () => {
    const page = await search({
      batchOrReceiptNumber: '',
      productYear: [],
      colorGrade: [''],
      stockName: null,
      strengthMin: null,
      strengthMax: '',
      whsName: '',
      factoryName: null,
      sortColumns: [],
    });
    expect(page.totalCount).toBe(RECEIPT_COUNT);
    const nullQuery = await server.post<ReceiptPage>(SEARCH, {
      stgWareHouseQueryParameters: null,
      pageParameter: { pageNum: 1, pageSize: 5 },
    });
    expect(nullQuery.envelope.dataSet.pageWareHouse.totalCount).toBe(RECEIPT_COUNT);
  });

  it('refuses min > max and bad input with a Chinese message', async () => {
    expect(
      await failure(SEARCH, {
        stgWareHouseQueryParameters: { strengthMin: 31, strengthMax: 29 },
        pageParameter: { pageNum: 1, pageSize: 10 },
      }),
    ).toMatchObject({
      rtnCode: '400',
      rtnMessage: '参数错误：strengthMin（断裂比强度下限）不能大于 strengthMax（断裂比强度上限）',
    });
    expect(
      (
        await failure(SEARCH, {
          stgWareHouseQueryParameters: { rdMin: 90, rdMax: 60 },
          pageParameter: { pageNum: 1, pageSize: 10 },
        })
      ).rtnCode,
    ).toBe('400');
    const cases: Array<[Record<string, unknown>, Record<string, unknown>, string]> = [
      [{ strengthMin: 'abc' }, { pageNum: 1, pageSize: 10 }, 'strengthMin（断裂比强度下限）'],
      [{ strengthMin: 500 }, { pageNum: 1, pageSize: 10 }, 'strengthMin（断裂比强度下限）'],
      [{ colorGrade: ['99'] }, { pageNum: 1, pageSize: 10 }, '颜色级'],
      [{ macronGrade: ['D'] }, { pageNum: 1, pageSize: 10 }, '马克隆值级'],
      [{ lengthGrade: ['40'] }, { pageNum: 1, pageSize: 10 }, '长度级'],
      [{ batchOrReceiptNumber: '651' }, { pageNum: 1, pageSize: 10 }, '批号/仓单号'],
      [{ batchOrReceiptNumber: "65'; drop" }, { pageNum: 1, pageSize: 10 }, '批号/仓单号'],
      [{ sortColumns: [{ field: 'price', order: 'asc' }] }, { pageNum: 1, pageSize: 10 }, '排序字段'],
      [{ sortColumns: [{ field: 'length', order: 'up' }] }, { pageNum: 1, pageSize: 10 }, '排序方向'],
      [{ productYear: { year: 2024 } }, { pageNum: 1, pageSize: 10 }, 'productYear'],
      [{}, { pageNum: 1, pageSize: 51 }, 'pageSize（每页条数）不能大于 50'],
      [{}, { pageNum: 0, pageSize: 10 }, 'pageNum（页码）不能小于 1'],
      [{}, { pageNum: 'x', pageSize: 10 }, 'pageNum（页码）'],
    ];
    for (const [query, pageParameter, expected] of cases) {
      const envelope = await failure(SEARCH, { stgWareHouseQueryParameters: query, pageParameter });
      expect(envelope.rtnCode, JSON.stringify(query)).toBe('400');
      expect(envelope.rtnMessage).toMatch(/^参数错误：/);
      expect(envelope.rtnMessage).toContain(expected);
    }
  });
});

describe('receipt search index', () => {
  it('reports the time the index took in Server-Timing', async () => {
    const response = await server.post(SEARCH, {
      stgWareHouseQueryParameters: {},
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    expect(response.headers.get('server-timing')).toMatch(/^index;dur=\d+\.\d{3}$/);
  });

  /** This process's search index as 系统监控 shows it to the system administrator. */
  async function indexState(): Promise<SearchIndexState> {
    const token = await loginToken(server, ADMIN);
    const answer = await server.post<ServerInfo>('/rest/monitor/getServerInfo', {}, { authorization: token });
    const current = answer.envelope.dataSet.processes.find((process) => process.current);
    return current!.searchIndex!;
  }

  const byNumber = (receiptNumber: string, query: Record<string, unknown> = {}) =>
    search({ batchOrReceiptNumber: receiptNumber, ...query });
  const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

  it('applies a changed, an added and a deleted receipt in place, without building the index anew', async () => {
    await search();
    const before = await indexState();
    expect(before).toMatchObject({ rebuilds: 1, rows: all.length });
    const target = all[5];
    const newStatus = target.status === '3' ? '4' : '3';
    const added = { ...all[3], receiptNumber: 'CF2699999901', status: '2' };
    try {
      await server.db
        .update(receipts)
        .set({ status: newStatus })
        .where(eq(receipts.receiptNumber, target.receiptNumber));
      await waitFor(async () =>
        expect((await byNumber(target.receiptNumber, { warehouseStatus: [newStatus] })).totalCount).toBe(1),
      );
      expect((await byNumber(target.receiptNumber, { warehouseStatus: [target.status] })).totalCount).toBe(0);
      expect((await byNumber(target.receiptNumber)).result[0].warehouseStatus).toBe(
        newStatus === '3' ? '注销中' : '移库中',
      );

      await server.db.insert(receipts).values(added);
      await waitFor(async () => expect((await byNumber(added.receiptNumber)).totalCount).toBe(1));
      expect((await search({}, { pageNum: 1, pageSize: 1 })).totalCount).toBe(all.length + 1);
      // Found by its batch too, beside the batch's other receipts, and in the receipt-number order.
      const batch = await byNumber(added.batchNumber);
      expect(batch.result.map((row) => row.warehouseReceiptNumber)).toContain(added.receiptNumber);
      const last = await search(
        { sortColumns: [{ field: 'warehouseReceiptNumber', order: 'desc' }] },
        { pageNum: 1, pageSize: 1 },
      );
      expect(last.result[0].warehouseReceiptNumber).toBe(
        [...all.map((receipt) => receipt.receiptNumber), added.receiptNumber].sort().at(-1),
      );

      await server.db.delete(receipts).where(eq(receipts.receiptNumber, added.receiptNumber));
      await waitFor(async () => expect((await byNumber(added.receiptNumber)).totalCount).toBe(0));
      expect((await search({}, { pageNum: 1, pageSize: 1 })).totalCount).toBe(all.length);

      const after = await indexState();
      expect(after.rebuilds).toBe(before.rebuilds);
      expect(after.updates).toBeGreaterThanOrEqual(before.updates! + 3);
      expect(after.updatedAt).not.toBeNull();
    } finally {
      await server.db.delete(receipts).where(eq(receipts.receiptNumber, added.receiptNumber));
      await server.db
        .update(receipts)
        .set({ status: target.status })
        .where(eq(receipts.receiptNumber, target.receiptNumber));
      await waitFor(async () =>
        expect((await byNumber(target.receiptNumber, { warehouseStatus: [target.status] })).totalCount).toBe(1),
      );
    }
  });

  it('reads the changed receipts alike in one statement and, when many, a chunk at a time', async () => {
    const [{ version }] = await server.db.select().from(receiptSearchState);
    const changed = all.slice(20, 23).map((receipt) => receipt.receiptNumber);
    await server.db
      .update(receipts)
      .set({ status: sql`status` })
      .where(inArray(receipts.receiptNumber, changed));
    await server.db.delete(receipts).where(eq(receipts.receiptNumber, 'CF2600000000')); // none: no row touched
    const one = await readChangesSince(server.db, version, all.length);
    const chunked = await readChangesSince(server.db, version, all.length, 2);
    for (const read of [one, chunked]) {
      expect(read && 'changes' in read).toBe(true);
      const changes = read && 'changes' in read ? read.changes : [];
      expect(changes.map((change) => change.receiptNumber).sort()).toEqual([...changed].sort());
      expect(
        changes.every(
          (change) => change.receipt?.status === all.find((x) => x.receiptNumber === change.receiptNumber)!.status,
        ),
      ).toBe(true);
    }
    expect(await readChangesSince(server.db, chunked!.version, all.length)).toBeNull();
  });

  it('builds the index anew when the changes it has not read yet were purged', async () => {
    await search();
    const before = await indexState();
    const target = all[11];
    // As if the process had been away while the changes above its version were deleted.
    await server.db.execute(sql`update receipt_search_state set purged_through = version + 1`);
    await server.db
      .update(receipts)
      .set({ status: sql`status` })
      .where(eq(receipts.receiptNumber, target.receiptNumber));
    await waitFor(async () => expect((await indexState()).rebuilds).toBe(before.rebuilds! + 1));
    expect((await byNumber(target.receiptNumber, { warehouseStatus: [target.status] })).totalCount).toBe(1);
  });

  it('stamps a change with the time its statement ran, not the start of its transaction', async () => {
    // A transaction open longer than the purge age must not commit change rows already "old".
    const column = await server.db.execute(sql`
      select column_default as "default" from information_schema.columns
      where table_name = 'receipt_changes' and column_name = 'changed_at'`);
    expect(rowsOf<{ default: string }>(column)[0].default).toBe('clock_timestamp()');
    const target = all[13];
    const stamps = await server.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`); // the transaction has begun; time passes before the write
      await tx
        .update(receipts)
        .set({ status: sql`status` })
        .where(eq(receipts.receiptNumber, target.receiptNumber));
      const result = await tx.execute(sql`
        select (c.changed_at > now()) as later from receipt_changes c
        where c.version = (select version from receipt_search_state where id = 1)`);
      return rowsOf<{ later: boolean }>(result);
    });
    expect(stamps).toEqual([{ later: true }]);
  });

  it('deletes change rows past the purge age after a full build too, and records the version deleted', async () => {
    await search(); // this server's index has applied every change so far
    const [{ version }] = await server.db.select().from(receiptSearchState);
    const old = 'CF2699999977';
    const young = 'CF2699999978';
    await server.db.execute(sql`
      insert into receipt_changes (version, receipt_number, changed_at)
      values (${version}, ${old}, now() - interval '11 minutes'), (${version}, ${young}, now() - interval '9 minutes')`);
    const numbers = async () => {
      const result = await server.db.execute(
        sql`select receipt_number as n from receipt_changes where receipt_number in (${old}, ${young})`,
      );
      return rowsOf<{ n: string }>(result).map((row) => row.n);
    };
    try {
      // A process that only builds (just started, or most receipts changed each time) purges as well.
      const other = new ReceiptSearch(server.db, { refreshIntervalMs: 60_000 });
      expect((await other.current()).size).toBe(all.length);
      expect(other.state()).toMatchObject({ rebuilds: 1, updates: 0 });
      other.close();
      await waitFor(async () => expect(await numbers()).toEqual([young]));
      const [state] = await server.db.select().from(receiptSearchState);
      expect(state.purgedThrough).toBeGreaterThanOrEqual(version);
      // This server's index had applied that version: it goes on without building anew.
      const before = await indexState();
      await search();
      expect((await indexState()).rebuilds).toBe(before.rebuilds);
    } finally {
      await server.db.execute(sql`delete from receipt_changes where receipt_number in (${old}, ${young})`);
    }
  });

  it('a process that had not read the changes another process purged builds anew instead of missing them', async () => {
    await search();
    const target = all[17];
    // Process A builds its index, then a change is committed that A does not hear (no signal:
    // written as the trigger would, but long ago) — as if A were busy or its signal down.
    const a = new ReceiptSearch(server.db, { refreshIntervalMs: 60_000 });
    await a.current();
    const applied = a.state().version!;
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`update receipt_search_state set version = version + 1 where id = 1`);
      await tx.execute(sql`
        insert into receipt_changes (version, receipt_number, changed_at)
        select version, ${target.receiptNumber}, now() - interval '11 minutes' from receipt_search_state where id = 1`);
    });
    // Process B starts: it builds (at the new version) and purges the old rows, A's unread one too.
    const b = new ReceiptSearch(server.db, { refreshIntervalMs: 60_000 });
    await b.current();
    expect(b.state().version).toBe(applied + 1);
    await waitFor(async () =>
      expect((await server.db.select().from(receiptSearchState))[0].purgedThrough).toBeGreaterThan(applied),
    );
    // A looks again: the change it had not read is gone, so it builds anew, at the new version.
    await a.refresh();
    expect(a.state()).toMatchObject({ rebuilds: 2, updates: 0, version: applied + 1 });
    a.close();
    b.close();
  });

  it('builds the index anew when most receipts changed at once', async () => {
    await search();
    const before = await indexState();
    const target = all[9];
    // Every receipt's status written (to the same value): a change of every row.
    await server.db.update(receipts).set({ status: sql`status` });
    await waitFor(async () => expect((await indexState()).rebuilds).toBe(before.rebuilds! + 1));
    const after = await indexState();
    expect(after.updates).toBe(before.updates);
    expect(after.rows).toBe(all.length);
    expect((await byNumber(target.receiptNumber, { warehouseStatus: [target.status] })).totalCount).toBe(1);
  });
});

describe('name suggestions', () => {
  async function suggest(fieldName: string, fieldValue: string): Promise<string[]> {
    const response = await server.post<{ result: string[] }>(SUGGEST, { fieldName, fieldValue });
    expect(response.envelope.rtnCode).toBe('0000');
    return response.envelope.dataSet.result;
  }

  it('suggests at most ten factory names containing the text, prefix matches first', async () => {
    const names = [...new Set(all.map((r) => r.factoryName))];
    const result = await suggest('factoryName', '棉业');
    expect(result.length).toBeGreaterThan(0);
    expect(result.length).toBeLessThanOrEqual(10);
    expect(result.every((name) => name.includes('棉业') && names.includes(name))).toBe(true);

    const prefixed = names.find((name) => name.startsWith('新疆') && !name.startsWith('新疆生产'));
    expect(prefixed).toBeDefined();
    const withNew = await suggest('factoryName', '新疆');
    const firstInfix = withNew.findIndex((name) => !name.startsWith('新疆'));
    const lastPrefix = withNew.map((name) => name.startsWith('新疆')).lastIndexOf(true);
    if (firstInfix !== -1) expect(lastPrefix).toBeLessThan(firstInfix);
    expect(withNew[0].startsWith('新疆')).toBe(true);
  });

  it('suggests warehouse names that hold receipts, infix matches after prefix matches', async () => {
    const whsNames = [...new Set(all.map((r) => r.whsName))];
    const sample = whsNames[0];
    const fragment = sample.slice(2, 5);
    const result = await suggest('whsName', fragment);
    expect(result).toContain(sample);
    expect(result.every((name) => name.includes(fragment) && whsNames.includes(name))).toBe(true);
    const exact = await suggest('whsName', sample);
    expect(exact[0]).toBe(sample);
    expect(await suggest('whsName', '%')).toEqual([]);
    expect(await suggest('factoryName', 'zzz不存在')).toEqual([]);
  });

  it('refuses an unknown field or empty text', async () => {
    expect(await failure(SUGGEST, { fieldName: 'batchNumber', fieldValue: '65' })).toMatchObject({ rtnCode: '400' });
    const empty = await failure(SUGGEST, { fieldName: 'whsName', fieldValue: '' });
    expect(empty.rtnMessage).toBe('参数错误：fieldValue（输入内容）不能为空');
    expect((await failure(SUGGEST, { fieldName: 'whsName', fieldValue: 'x'.repeat(51) })).rtnCode).toBe('400');
  });
});

describe('batch inspection', () => {
  it('computes the certificate from the bales', async () => {
    const target = all.find((r) => r.quantity === 186)!;
    const response = await server.post<{ result: Record<string, unknown> }>(INSPECT, { batchCode: target.batchNumber });
    expect(response.envelope.rtnCode).toBe('0000');
    const result = response.envelope.dataSet.result as Record<
      string,
      number | string | null | Record<string, Array<{ grade: string; count: number }>>
    >;
    const [packed] = await server.db
      .select()
      .from(receiptBaleRecords)
      .where(eq(receiptBaleRecords.batchNumber, target.batchNumber));
    const bales = unpackBales(packed);
    const [batch] = await server.db
      .select()
      .from(receiptBatches)
      .where(eq(receiptBatches.batchNumber, target.batchNumber));

    expect(result.batchNumber).toBe(target.batchNumber);
    expect(result.packetNum).toBe(186);
    expect(result.grossWeight).toBe(batch.grossKg / 1000);
    expect(result.tareWeight).toBe(batch.tareKg / 1000);
    expect(result.netWeight).toBe((batch.grossKg - batch.tareKg) / 1000);
    expect(result.pubWeight).toBe(
      conditionedWeightKg(batch.netKg, Number(result.impurityRate), Number(result.moistureRate)) / 1000,
    );
    expect(result.pubWeight).toBe(target.conditionedKg / 1000);
    expect(result.mainColorGrade).toBe(target.colorGrade);
    expect(result.mainLength).toBe(target.lengthGrade);
    expect(result.mainMicronaire).toBe(target.micronaireGrade);
    expect(result.avgStrength).toBe(target.avgStrength);

    const colorRates = [
      'whiteRate1',
      'whiteRate2',
      'whiteRate3',
      'whiteRate4',
      'whiteRate5',
      'spotRate1',
      'spotRate2',
      'spotRate3',
      'yellowishRate1',
      'yellowishRate2',
      'yellowishRate3',
      'yellowRate1',
      'yellowRate2',
    ];
    const colorSum = colorRates.reduce((sum, key) => sum + Number(result[key]), 0);
    expect(Math.abs(colorSum - 100)).toBeLessThan(1);
    const white3 = bales.colorGrade.filter((code) => code === '31').length;
    expect(result.whiteRate3).toBe(Math.round((white3 * 1000) / 186) / 10);
    const lengthSum = [25, 26, 27, 28, 29, 30, 31, 32].reduce((sum, mm) => sum + Number(result[`lengthRate${mm}`]), 0);
    expect(Math.abs(lengthSum - 100)).toBeLessThan(1);
    expect(result.minStrength).toBe(Math.round(Math.min(...bales.strength) * 10) / 10);
    expect(result.maxUniformity).toBe(Math.round(Math.max(...bales.uniformity) * 10) / 10);

    const distributions = result.distributions as Record<string, Array<{ grade: string; count: number }>>;
    expect(distributions.colorGrade.reduce((sum, d) => sum + d.count, 0)).toBe(186);
    expect(distributions.length.map((d) => d.grade)).toEqual(['25', '26', '27', '28', '29', '30', '31', '32']);
    expect(distributions.micronaire.reduce((sum, d) => sum + d.count, 0)).toBe(186);
    expect(distributions.micronaire.every((d) => /^\d\.\d$/.test(d.grade))).toBe(true);
    expect(distributions.strength.reduce((sum, d) => sum + d.count, 0)).toBe(186);
  });

  it('answers 404 for an unknown batch and 400 for a missing one', async () => {
    expect(await failure(INSPECT, { batchCode: '65999209999' })).toEqual({
      rtnCode: '404',
      rtnMessage: '批号不存在：65999209999',
      dataSet: null,
    });
    expect((await failure(INSPECT, {})).rtnMessage).toBe('参数错误：batchCode（批号）不能为空');
  });
});
