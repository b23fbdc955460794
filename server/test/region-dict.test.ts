import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '@cotton/sdk/contracts';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const regionsOf = async (body: Record<string, unknown>) => {
  const response = await server.post<{ regions: Region[] }>('/rest/region/getregions', body);
  expect(response.envelope.rtnCode).toBe('0000');
  return response.envelope.dataSet.regions;
};

describe('/rest/region/getregions', () => {
  it('lists the 34 provincial-level divisions under 100000 by default', async () => {
    const provinces = await regionsOf({});
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', value: '北京市', level: 1, isLeaf: true });
    expect(provinces.find((p) => p.code === '650000')).toEqual({
      code: '650000',
      value: '新疆维吾尔自治区',
      level: 1,
      isLeaf: false,
    });
    expect(provinces.map((p) => p.code)).toEqual(expect.arrayContaining(['710000', '810000', '820000']));
    expect(provinces.find((p) => p.code === '810000')!.value).toBe('香港特别行政区');
    expect(await regionsOf({ code: '100000' })).toEqual(provinces);
  });

  it('lists the prefecture-level divisions of Xinjiang, with the corps cities as level 2', async () => {
    const cities = await regionsOf({ code: '650000' });
    const byCode = Object.fromEntries(cities.map((c) => [c.code, c]));
    expect(byCode['650100']).toEqual({ code: '650100', value: '乌鲁木齐市', level: 2, isLeaf: false });
    expect(byCode['652800'].value).toBe('巴音郭楞蒙古自治州');
    expect(byCode['652900'].value).toBe('阿克苏地区');
    expect(byCode['659001']).toEqual({ code: '659001', value: '石河子市', level: 2, isLeaf: true });
    for (const code of [
      '650200',
      '650400',
      '650500',
      '652300',
      '652700',
      '653000',
      '653100',
      '653200',
      '654000',
      '654200',
      '654300',
      '659002',
      '659003',
      '659004',
    ]) {
      expect(byCode[code], code).toBeDefined();
    }
    expect(cities.every((c) => c.level === 2)).toBe(true);
  });

  it('lists counties of a city as leaves', async () => {
    const counties = await regionsOf({ code: '652800' });
    expect(counties[0]).toEqual({ code: '652801', value: '库尔勒市', level: 3, isLeaf: true });
    expect(counties.map((c) => c.value)).toContain('尉犁县');
    expect(counties.every((c) => c.level === 3 && c.isLeaf)).toBe(true);
  });

  it('answers an empty list for a known region without children', async () => {
    expect(await regionsOf({ code: '652801' })).toEqual([]);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    const unknown = await server.post('/rest/region/getregions', { code: '999999' });
    expect(unknown.envelope).toEqual({ rtnCode: '404', rtnMessage: '行政区划不存在或已停用：999999', dataSet: null });
    const malformed = await server.post('/rest/region/getregions', { code: '65' });
    expect(malformed.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '参数错误：code（行政区划代码）应为 6 位数字的行政区划代码',
      dataSet: null,
    });
  });
});

describe('/rest/region/getregiongroups', () => {
  it('lists the offices, 青岛 included (clients drop it)', async () => {
    const response = await server.post<{ regionGroups: Array<{ code: string; value: string }> }>(
      '/rest/region/getregiongroups',
      { code: 'office' },
    );
    expect(response.envelope.rtnCode).toBe('0000');
    expect(response.envelope.dataSet.regionGroups.map((g) => g.value)).toEqual([
      '乌鲁木齐办事处',
      '库尔勒办事处',
      '阿克苏办事处',
      '喀什办事处',
      '郑州办事处',
      '青岛办事处',
    ]);
  });

  it('answers 404 for an unknown group type and 400 without one', async () => {
    const unknown = await server.post('/rest/region/getregiongroups', { code: 'planet' });
    expect(unknown.envelope).toEqual({ rtnCode: '404', rtnMessage: '区域分组不存在：planet', dataSet: null });
    const missing = await server.post('/rest/region/getregiongroups', {});
    expect(missing.envelope.rtnMessage).toBe('参数错误：code（分组类型）不能为空');
  });
});

describe('/rest/anon/queryAllRegion', () => {
  it('lists the Xinjiang reservation areas', async () => {
    const response = await server.post('/rest/anon/queryAllRegion', {});
    expect(response.envelope).toEqual({
      rtnCode: '0000',
      rtnMessage: '成功',
      dataSet: {
        regionGroupList: [
          { code: 'BJ', value: '北疆' },
          { code: 'NJ', value: '南疆' },
          { code: 'DJ', value: '东疆' },
          { code: 'BT', value: '兵团' },
        ],
      },
    });
  });
});

describe('/rest/dict/getdictlist', () => {
  it('lists the options of a category in order', async () => {
    const response = await server.post('/rest/dict/getdictlist', { categoryCode: 'WAREHOUSE_AREA_TYPE' });
    expect(response.envelope).toEqual({
      rtnCode: '0000',
      rtnMessage: '成功',
      dataSet: {
        dictList: [
          { code: '1', value: '新疆' },
          { code: '2', value: '内地' },
        ],
      },
    });
  });

  it.each([
    ['LR_CERTIFICATE_TYPE', { code: '1', value: '居民身份证' }],
    ['VTA_INVOICE_TRADER_TYPE', { code: '2', value: '小规模纳税人' }],
    ['PROCESSING_METHOD', { code: '1', value: '锯齿' }],
    ['PICK_MODE', { code: '2', value: '机采棉' }],
    ['STOCK_NAME', { code: '2', value: '长绒棉' }],
    ['WAREHOUSE_STATUS', { code: '4', value: '移库中' }],
    ['COLOR_GRADE', { code: '31', value: '白棉3级' }],
    ['MICRONAIRE_GRADE', { code: 'A', value: 'A' }],
  ])('%s contains %j', async (categoryCode, option) => {
    const response = await server.post<{ dictList: unknown[] }>('/rest/dict/getdictlist', { categoryCode });
    expect(response.envelope.dataSet.dictList).toContainEqual(option);
  });

  it('accepts the spec’s extra query fields when they name the dictionary itself', async () => {
    const response = await server.post<{ dictList: unknown[] }>('/rest/dict/getdictlist', {
      categoryCode: 'PICK_MODE',
      appCode: '1006',
      dbSchema: 'public',
      tableName: 'dict_items',
      entityClassName: 'DictItem',
    });
    expect(response.envelope.dataSet.dictList).toHaveLength(2);
  });

  it.each([
    { tableName: 'sys_users' },
    { tableName: 't_dict' },
    { dbSchema: 'information_schema' },
    { entityClassName: 'com.example.SysUser' },
  ])('answers 400 for a data source off the allow-list (CVE-2023-38992): %o', async (source) => {
    const response = await server.post('/rest/dict/getdictlist', { categoryCode: 'PICK_MODE', ...source });
    expect(response.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '不支持的字典数据来源：只能查询系统字典',
      dataSet: null,
    });
  });

  it('answers 404 for an unknown category', async () => {
    const response = await server.post('/rest/dict/getdictlist', { categoryCode: 'NO_SUCH_DICT' });
    expect(response.envelope).toEqual({ rtnCode: '404', rtnMessage: '字典不存在：NO_SUCH_DICT', dataSet: null });
  });
});

describe('/rest/dict/getdictlists', () => {
  it('lists several categories at once', async () => {
    const response = await server.post<{ dictLists: Record<string, Array<{ code: string; value: string }>> }>(
      '/rest/dict/getdictlists',
      {
        dictCategorys: ['WHS_TYPE', 'FREIGHT_YARD_TYPE', 'WHS_TYPE'],
      },
    );
    expect(response.envelope.rtnCode).toBe('0000');
    const { dictLists } = response.envelope.dataSet;
    expect(Object.keys(dictLists).sort()).toEqual(['FREIGHT_YARD_TYPE', 'WHS_TYPE']);
    expect(dictLists.FREIGHT_YARD_TYPE.map((o) => o.value)).toEqual(['铁路专用线', '铁路货场', '公路货场', '港口码头']);
    expect(dictLists.WHS_TYPE[0]).toEqual({ code: '1', value: '棉花交割仓库' });
  });

  it('answers 404 naming every unknown category', async () => {
    const response = await server.post('/rest/dict/getdictlists', { dictCategorys: ['WHS_TYPE', 'NOPE_A', 'NOPE_B'] });
    expect(response.envelope).toEqual({ rtnCode: '404', rtnMessage: '字典不存在：NOPE_A、NOPE_B', dataSet: null });
  });

  it('takes a single category string as a one-item list, and refuses other types', async () => {
    const single = await server.post<{ dictLists: Record<string, unknown[]> }>('/rest/dict/getdictlists', {
      dictCategorys: 'PICK_MODE',
    });
    expect(Object.keys(single.envelope.dataSet.dictLists)).toEqual(['PICK_MODE']);
    const object = await server.post('/rest/dict/getdictlists', { dictCategorys: { a: 1 } });
    expect(object.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '参数错误：dictCategorys（字典分类代码列表）应为数组',
      dataSet: null,
    });
  });
});
