import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses } from '../src/db/schema/index';
import type { WhsDetail, WhsPage } from '@cotton/sdk/contracts';
import { SEED } from '../src/seed/index';
import { createRandom } from '../src/seed/random';
import { buildRegions } from '../src/seed/regions';
import { generateWarehouses } from '../src/seed/warehouses';
import { startTestServer, type TestServer } from './helpers';

const seeded = generateWarehouses(createRandom(SEED), 'small', new Map(buildRegions().map((r) => [r.code, r.name])));
const countWhere = (predicate: (w: (typeof seeded)[number]) => boolean) => seeded.filter(predicate).length;

let server: TestServer;

async function page(
  searchParam: Record<string, unknown> = {},
  pageParameter: Record<string, unknown> = { pageNum: 1, pageSize: 10 },
) {
  const response = await server.post<WhsPage>('/rest/anon/queryWhsPage', { searchParam, pageParameter });
  expect(response.status).toBe(200);
  expect(response.envelope.rtnCode).toBe('0000');
  return response.envelope.dataSet.pagination;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('/rest/anon/queryWhsPage', () => {
  it('returns the first page of all warehouses, ordered by code, with the list fields', async () => {
    const response = await server.post<WhsPage>('/rest/anon/queryWhsPage', {
      searchParam: {},
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    expect(response.status).toBe(200);
    expect(response.envelope).toMatchObject({ rtnCode: '0000', rtnMessage: '成功' });
    const { result, totalCount, pageNum, pageSize } = response.envelope.dataSet.pagination;
    expect(totalCount).toBe(60);
    expect(pageNum).toBe(1);
    expect(pageSize).toBe(10);
    expect(result).toHaveLength(10);
    const codes = result.map((row) => row.warehouseCode);
    expect(codes).toEqual([...codes].sort());
    expect(Object.keys(result[0]).sort()).toEqual(
      [
        'whsId',
        'warehouseCode',
        'warehouseName',
        'warehouseAreaType',
        'regionProviceCode',
        'regionProviceName',
        'addressDetail',
        'contactName',
        'contactPhone',
        'cottonAutomobileInFee',
        'cottonAutomobileOutFee',
        'cottonIndoorRate',
        'cottonOutdoorRate',
        'cottonExamineMoveFee',
      ].sort(),
    );
    for (const row of result) {
      expect(row.warehouseCode).toMatch(/^WH\d{5}$/);
      expect(typeof row.whsId).toBe('string');
      expect(typeof row.cottonAutomobileInFee).toBe('number');
      expect(typeof row.cottonIndoorRate).toBe('number');
      expect(row.cottonOutdoorRate === null || typeof row.cottonOutdoorRate === 'number').toBe(true);
      expect(row.regionProviceName).toBeTruthy();
    }
  });

  it('pages: page 2 differs from page 1, the last page is partial, a page past the end is empty', async () => {
    const first = await page({}, { pageNum: 1, pageSize: 25 });
    const second = await page({}, { pageNum: 2, pageSize: 25 });
    const last = await page({}, { pageNum: 3, pageSize: 25 });
    const beyond = await page({}, { pageNum: 4, pageSize: 25 });
    expect(second.result).toHaveLength(25);
    expect(last.result).toHaveLength(10);
    expect(beyond.result).toEqual([]);
    expect(beyond.totalCount).toBe(60);
    const all = [...first.result, ...second.result, ...last.result].map((row) => row.warehouseCode);
    expect(new Set(all).size).toBe(60);
    expect(second.result[0].warehouseCode > first.result[24].warehouseCode).toBe(true);
  });

  it('defaults to page 1 of 10 when paging or the search are left out', async () => {
    const response = await server.post<WhsPage>('/rest/anon/queryWhsPage', {});
    expect(response.envelope.rtnCode).toBe('0000');
    expect(response.envelope.dataSet.pagination).toMatchObject({ pageNum: 1, pageSize: 10, totalCount: 60 });
    const partial = await server.post<WhsPage>('/rest/anon/queryWhsPage', { pageParameter: { pageNum: 2 } });
    expect(partial.envelope.dataSet.pagination).toMatchObject({ pageNum: 2, pageSize: 10 });
  });

  it('accepts the maximum page size of 100', async () => {
    const all = await page({}, { pageNum: 1, pageSize: 100 });
    expect(all.result).toHaveLength(60);
  });

  it('filters by area type', async () => {
    const xinjiang = await page({ warehouseAreaType: '1' }, { pageNum: 1, pageSize: 100 });
    expect(xinjiang.totalCount).toBe(40);
    expect(xinjiang.result.every((row) => row.warehouseAreaType === '1' && row.regionProviceCode === '650000')).toBe(
      true,
    );
    const inland = await page({ warehouseAreaType: '2' }, { pageNum: 1, pageSize: 100 });
    expect(inland.totalCount).toBe(20);
    expect(inland.result.every((row) => row.warehouseAreaType === '2' && row.regionProviceCode !== '650000')).toBe(
      true,
    );
    const empty = await page({ warehouseAreaType: '' });
    expect(empty.totalCount).toBe(60);
  });

  it('filters by a comma-joined list of provinces', async () => {
    const shandong = await page({ regionProviceCode: '370000' }, { pageNum: 1, pageSize: 100 });
    expect(shandong.totalCount).toBe(countWhere((w) => w.provinceCode === '370000'));
    expect(shandong.totalCount).toBeGreaterThan(0);
    expect(
      shandong.result.every((row) => row.regionProviceCode === '370000' && row.regionProviceName === '山东省'),
    ).toBe(true);

    const two = await page({ regionProviceCode: '370000, 410000' }, { pageNum: 1, pageSize: 100 });
    expect(two.totalCount).toBe(countWhere((w) => w.provinceCode === '370000' || w.provinceCode === '410000'));
    expect(new Set(two.result.map((row) => row.regionProviceCode))).toEqual(new Set(['370000', '410000']));

    const none = await page({ regionProviceCode: '110000' });
    expect(none).toMatchObject({ totalCount: 0, result: [] });
  });

  it('filters by a case-insensitive part of the name, with % and _ taken literally', async () => {
    const korla = await page({ warehouseName: '库尔勒' }, { pageNum: 1, pageSize: 100 });
    expect(korla.totalCount).toBe(countWhere((w) => w.name.includes('库尔勒')));
    expect(korla.totalCount).toBeGreaterThan(0);
    expect(korla.result.every((row) => row.warehouseName.includes('库尔勒'))).toBe(true);

    const template = seeded[0];
    await server.db.insert(warehouses).values([
      { ...template, freightYards: undefined, code: 'WH99001', name: 'Cotton Logistics 测试仓库' },
      { ...template, freightYards: undefined, code: 'WH99002', name: '百分之100%棉_测试库' },
      { ...template, freightYards: undefined, code: 'WH99003', name: '百分之1000棉X测试库' },
    ] as never);

    const latin = await page({ warehouseName: '  cotton LOGISTICS ' });
    expect(latin.result.map((row) => row.warehouseCode)).toEqual(['WH99001']);
    const percent = await page({ warehouseName: '100%棉_' });
    expect(percent.result.map((row) => row.warehouseCode)).toEqual(['WH99002']);
    const underscore = await page({ warehouseName: '_' });
    expect(underscore.result.map((row) => row.warehouseCode)).toEqual(['WH99002']);
    const backslash = await page({ warehouseName: '\\' });
    expect(backslash.totalCount).toBe(0);

    await server.post('/rest/anon/queryWhsPage', {});
    const { inArray } = await import('drizzle-orm');
    await server.db.delete(warehouses).where(inArray(warehouses.code, ['WH99001', 'WH99002', 'WH99003']));
  });

  it('combines the filters', async () => {
    const both = await page(
      { warehouseAreaType: '1', regionProviceCode: '650000', warehouseName: '阿克苏' },
      { pageNum: 1, pageSize: 100 },
    );
    expect(both.totalCount).toBe(countWhere((w) => w.areaType === '1' && w.name.includes('阿克苏')));
    expect(both.result.every((row) => row.warehouseName.includes('阿克苏') && row.warehouseAreaType === '1')).toBe(
      true,
    );

    const contradictory = await page({ warehouseAreaType: '2', regionProviceCode: '650000' });
    expect(contradictory.totalCount).toBe(0);

    const inlandProvince = await page(
      { warehouseAreaType: '2', regionProviceCode: '420000,320000' },
      { pageNum: 1, pageSize: 100 },
    );
    expect(inlandProvince.totalCount).toBe(
      countWhere((w) => w.provinceCode === '420000' || w.provinceCode === '320000'),
    );
  });
});

describe('/rest/anon/queryWhsDetail', () => {
  it('returns the four sections and the freight yards of a warehouse', async () => {
    const expected = seeded.find((w) => w.countyCode && w.freightYards.length > 0 && w.cottonTrainInFee !== null)!;
    const response = await server.post<WhsDetail>('/rest/anon/queryWhsDetail', { whsCode: expected.code });
    expect(response.status).toBe(200);
    expect(response.envelope.rtnCode).toBe('0000');
    const { anonWhsBaseVo, anonWhsBizVo, anonWhsContactVo, anonWhsFeeVo, anonWhsFreightVos } =
      response.envelope.dataSet.whsInfo;

    expect(anonWhsBaseVo).toEqual({
      warehouseCode: expected.code,
      warehouseName: expected.name,
      foundTime: expected.foundTime,
      warehouseNote: expected.warehouseNote,
      synopsis: expected.synopsis,
      addressDetail: expected.addressDetail,
      postalCode: expected.postalCode,
      stationName: expected.stationName,
      specialRailwayLine: expected.specialRailwayLine,
      specialRailwayLineName: expected.specialRailwayLineName,
    });
    expect(anonWhsBizVo).toMatchObject({
      whsTypes: expected.whsTypes,
      whsBizTypes: expected.whsBizTypes,
      storageCapacityMax: expected.storageCapacityMax,
      dispatchMin: expected.dispatchMin,
      canWork: expected.canWork,
      quanlityMonitorWeight: expected.quanlityMonitorWeight,
      province: { code: expected.provinceCode, value: expect.any(String) },
      city: { code: expected.cityCode, value: expect.any(String) },
      county: { code: expected.countyCode, value: expect.any(String) },
    });
    expect(anonWhsBizVo.officeWarehouseName).toMatch(/办事处$/);
    expect(anonWhsContactVo).toEqual({
      contactName: expected.contactName,
      contactPhone: expected.contactPhone,
      contactMobile: expected.contactMobile,
      contactFax: expected.contactFax,
      bizContactName: expected.bizContactName,
      bizContactPhone: expected.bizContactPhone,
      bizContactMobile: expected.bizContactMobile,
    });
    expect(anonWhsFeeVo).toEqual({
      cottonAutomobileInFee: expected.cottonAutomobileInFee,
      cottonAutomobileOutFee: expected.cottonAutomobileOutFee,
      cottonTrainInFee: expected.cottonTrainInFee,
      cottonTrainOutFee: expected.cottonTrainOutFee,
      cottonWaterInFee: expected.cottonWaterInFee,
      cottonWaterOutFee: expected.cottonWaterOutFee,
      yarnAutomobileInFee: expected.yarnAutomobileInFee,
      yarnAutomobileOutFee: expected.yarnAutomobileOutFee,
      yarnTrainInFee: expected.yarnTrainInFee,
      yarnTrainOutFee: expected.yarnTrainOutFee,
      yarnWaterInFee: expected.yarnWaterInFee,
      yarnWaterOutFee: expected.yarnWaterOutFee,
      cottonExamineMoveFee: expected.cottonExamineMoveFee,
      reconditionFee: expected.reconditionFee,
      restoreFee: expected.restoreFee,
      sewingBagFee: expected.sewingBagFee,
      cottonIndoorRate: expected.cottonIndoorRate,
      cottonOutdoorRate: expected.cottonOutdoorRate,
      loadingHelpFee: expected.loadingHelpFee,
    });
    expect(anonWhsFreightVos).toEqual(expected.freightYards.map((yard) => ({ ...yard, whsName: expected.name })));
  });

  it('names the regions of a Xinjiang warehouse', async () => {
    const korla = seeded.find((w) => w.countyCode === '652801')!;
    const response = await server.post<WhsDetail>('/rest/anon/queryWhsDetail', { whsCode: korla.code });
    expect(response.envelope.dataSet.whsInfo.anonWhsBizVo).toMatchObject({
      province: { code: '650000', value: '新疆维吾尔自治区' },
      city: { code: '652800', value: '巴音郭楞蒙古自治州' },
      county: { code: '652801', value: '库尔勒市' },
      officeWarehouseName: '库尔勒办事处',
    });
  });

  it('has no county for a city administered directly by the region (石河子)', async () => {
    const shihezi = seeded.find((w) => w.cityCode === '659001')!;
    const response = await server.post<WhsDetail>('/rest/anon/queryWhsDetail', { whsCode: shihezi.code });
    expect(response.envelope.dataSet.whsInfo.anonWhsBizVo).toMatchObject({
      city: { code: '659001', value: '石河子市' },
      county: null,
    });
  });

  it('answers 404 for an unknown warehouse code', async () => {
    const response = await server.post('/rest/anon/queryWhsDetail', { whsCode: 'WH99999' });
    expect(response.status).toBe(200);
    expect(response.envelope).toEqual({ rtnCode: '404', rtnMessage: '仓库不存在：WH99999', dataSet: null });
  });

  it('answers 400 when whsCode is missing or empty', async () => {
    const missing = await server.post('/rest/anon/queryWhsDetail', {});
    expect(missing.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '参数错误：whsCode（仓库代码）不能为空',
      dataSet: null,
    });
    const empty = await server.post('/rest/anon/queryWhsDetail', { whsCode: '' });
    expect(empty.envelope.rtnMessage).toBe('参数错误：whsCode（仓库代码）不能为空');
  });
});
