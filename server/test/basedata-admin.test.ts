import { REGISTER_FIELDS } from '@cotton/sdk/validators';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeSignal } from '../src/db/change-signal';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { sysAuditLog } from '../src/db/schema/index';
import { APP_DICT_CODES } from '../src/modules/auth/init';
import { getDictLists } from '../src/modules/dict/service';
import { SYSTEM_DICT_CATEGORIES } from '../src/modules/dict-admin/service';
import { DICTIONARIES } from '../src/seed/dictionaries';
import { getChildRegions } from '../src/modules/region/service';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

/** 数据字典, 区域管理, 银行管理 (docs/architecture.md "Dictionaries, regions and banks: administration"). */

let server: TestServer;
let admin: string;
let reviewer: string;

const post = <T>(path: string, body: unknown, token: string = admin) =>
  server.post<T>(path, body, { authorization: token });

interface Page<Row> {
  pagination: { result: Row[]; totalCount: number };
}
interface DictRow {
  id: string;
  code: string;
  name: string;
  itemCount: number;
  enabledCount: number;
  system: boolean;
}
interface ItemRow {
  id: string;
  itemCode: string;
  itemValue: string;
  sort: number;
  status: string;
}
interface RegionRow {
  id: string;
  code: string;
  name: string;
  level: number;
  status: string;
  childCount: number;
}
interface BankRow {
  id: string;
  code: string;
  name: string;
  status: string;
  accountBank: boolean;
}

async function page<Row>(path: string, body: Record<string, unknown>): Promise<Page<Row>['pagination']> {
  const answer = await post<Page<Row>>(path, { pageNum: 1, pageSize: 200, ...body });
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet.pagination;
}
const items = async (categoryCode: string) =>
  (await page<ItemRow>('/rest/dictItem/getDictItemPage', { filters: { categoryCode } })).result;
const options = async (categoryCode: string) =>
  (await post<{ dictList: Array<{ code: string; value: string }> }>('/rest/dict/getdictlist', { categoryCode }))
    .envelope.dataSet.dictList;
const regionsUnder = async (code: string) =>
  (
    await post<{ regions: Array<{ code: string; value: string; isLeaf: boolean }> }>('/rest/region/getregions', {
      code,
    })
  ).envelope;

async function exported(path: string, body: unknown): Promise<string[][]> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: admin },
    body: JSON.stringify(body),
  });
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((value) => String(value ?? '')),
    );
  });
  return rows;
}

async function audited(action: string, entityId: string) {
  return server.db
    .select()
    .from(sysAuditLog)
    .where(and(eq(sysAuditLog.action, action), eq(sysAuditLog.entityId, entityId)));
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  reviewer = await loginToken(server, REVIEWER);
});
afterAll(async () => {
  await server?.close();
});

describe('数据字典', () => {
  it('guards every category the server reads, each one seeded', () => {
    const registration = Object.values(REGISTER_FIELDS).flatMap((fields) =>
      Object.values(fields).flatMap((spec) => (spec.dict ? [spec.dict] : [])),
    );
    for (const code of [...APP_DICT_CODES, ...registration]) expect(SYSTEM_DICT_CATEGORIES).toHaveProperty(code);
    const seeded = DICTIONARIES.map((dictionary) => dictionary.code);
    for (const code of Object.keys(SYSTEM_DICT_CATEGORIES)) expect(seeded).toContain(code);
  });

  it('lists the categories with their item counts, the product’s own marked, sorted and searched', async () => {
    const all = await page<DictRow>('/rest/dict/getDictPage', {});
    const pick = all.result.find((row) => row.code === 'PICK_MODE')!;
    expect(pick).toMatchObject({ name: '采摘方式', itemCount: 2, enabledCount: 2, system: true });
    expect(all.result.find((row) => row.code === 'GINNING_QUALITY')!.system).toBe(false);
    const searched = await page<DictRow>('/rest/dict/getDictPage', {
      filters: { name: '仓库' },
      sort: { field: 'itemCount', order: 'desc' },
    });
    expect(searched.result.map((row) => row.code)).toEqual(['WHS_BIZ_TYPE', 'WHS_TYPE', 'WAREHOUSE_AREA_TYPE']);
    const refused = await post('/rest/dict/getDictPage', {
      pageNum: 1,
      pageSize: 10,
      sort: { field: 'password', order: 'asc' },
    });
    expect(refused.envelope.rtnCode).toBe('400');
    expect(refused.envelope.rtnMessage).toBe('不支持按“password”排序');
  });

  it('refuses a role without system:dict:* (403), and the items of no category (400)', async () => {
    for (const path of ['/rest/dict/getDictPage', '/rest/dictItem/updDictItemStatus', '/rest/dict/delDict']) {
      const answer = await post(path, { pageNum: 1, pageSize: 10, ids: '1', status: '2' }, reviewer);
      expect(answer.envelope.rtnCode).toBe('403');
    }
    const noCategory = await post('/rest/dictItem/getDictItemPage', { pageNum: 1, pageSize: 10 });
    expect(noCategory.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请先选择字典' });
  });

  it('shows a disabled or renamed item to every consumer at once, and logs each change', async () => {
    expect(await options('PICK_MODE')).toEqual([
      { code: '1', value: '手摘棉' },
      { code: '2', value: '机采棉' },
    ]);
    const machine = (await items('PICK_MODE')).find((item) => item.itemCode === '2')!;
    const disabled = await post('/rest/dictItem/updDictItemStatus', { ids: machine.id, status: '2' });
    expect(disabled.envelope.dataSet).toEqual({ updated: 1 });
    expect(await options('PICK_MODE')).toEqual([{ code: '1', value: '手摘棉' }]);
    const lists = await post<{ dictLists: Record<string, unknown[]> }>('/rest/dict/getdictlists', {
      dictCategorys: ['PICK_MODE', 'STOCK_NAME'],
    });
    expect(lists.envelope.dataSet.dictLists.PICK_MODE).toHaveLength(1);

    await post('/rest/dictItem/updDictItem', { id: machine.id, itemValue: '机采籽棉', sort: 2, status: '1' });
    expect(await options('PICK_MODE')).toEqual([
      { code: '1', value: '手摘棉' },
      { code: '2', value: '机采籽棉' },
    ]);
    await post('/rest/dictItem/moveDictItem', { id: machine.id, direction: 'up' });
    expect((await options('PICK_MODE')).map((item) => item.code)).toEqual(['2', '1']);

    const [disable] = await audited('dictItem.disable', machine.id);
    expect(disable).toMatchObject({ loginName: 'admin', before: { status: '1' }, after: { status: '2' } });
    expect(await audited('dictItem.update', machine.id)).toHaveLength(1);
    expect(await audited('dictItem.move', machine.id)).toHaveLength(1);
  });

  it('adds a category with items, keeps codes unique, and deletes it with its items', async () => {
    const added = await post<{ id: string }>('/rest/dict/addDict', { code: 'BALE_PACKING', name: '包装方式' });
    const id = added.envelope.dataSet.id;
    const again = await post('/rest/dict/addDict', { code: 'bale_packing', name: '重复' });
    expect(again.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '该字典编码已被使用，请更换' });
    const badCode = await post('/rest/dict/addDict', { code: '1BAD', name: '错误' });
    expect(badCode.envelope.rtnCode).toBe('400');
    expect(badCode.envelope.rtnMessage).toContain('字典编码为 2～64 位字母、数字或下划线');

    await post('/rest/dictItem/addDictItem', {
      categoryCode: 'BALE_PACKING',
      itemCode: 'A',
      itemValue: '棉布',
      status: '1',
    });
    await post('/rest/dictItem/addDictItem', {
      categoryCode: 'BALE_PACKING',
      itemCode: 'B',
      itemValue: '塑料',
      status: '2',
    });
    const taken = await post('/rest/dictItem/addDictItem', {
      categoryCode: 'BALE_PACKING',
      itemCode: 'a',
      itemValue: '重复',
      status: '1',
    });
    expect(taken.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '该字典项编码在本字典中已被使用，请更换' });
    expect((await items('BALE_PACKING')).map((item) => [item.itemCode, item.sort, item.status])).toEqual([
      ['A', 1, '1'],
      ['B', 2, '2'],
    ]);
    expect(await options('BALE_PACKING')).toEqual([{ code: 'A', value: '棉布' }]);

    const rows = await exported('/rest/dict/exportXls', { pageNum: 1, pageSize: 10, filters: { code: 'BALE' } });
    expect(rows[0]).toEqual(['字典编码', '字典名称', '描述', '字典项数', '启用项数', '系统字典', '创建时间']);
    expect(rows.slice(1).map((row) => row.slice(0, 6))).toEqual([['BALE_PACKING', '包装方式', '', '2', '1', '否']]);

    const deleted = await post('/rest/dict/delDict', { ids: id });
    expect(deleted.envelope.dataSet).toEqual({ deleted: 1 });
    const gone = await post('/rest/dict/getdictlist', { categoryCode: 'BALE_PACKING' });
    expect(gone.envelope).toMatchObject({ rtnCode: '404', rtnMessage: '字典不存在：BALE_PACKING' });
    const [audit] = await audited('dict.delete', id);
    expect((audit.before as { items: unknown[] }).items).toHaveLength(2);
  });

  it('refuses to delete a category the product reads, or its items (they are disabled instead)', async () => {
    const [trader] = (await page<DictRow>('/rest/dict/getDictPage', { filters: { code: 'TRADER_TYPE' } })).result;
    const refused = await post('/rest/dict/delDict', { ids: trader.id });
    expect(refused.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '字典「交易商类型」被系统功能（交易商注册）使用，不能删除',
    });
    const [item] = await items('TRADER_TYPE');
    const itemRefused = await post('/rest/dictItem/delDictItem', { ids: item.id });
    expect(itemRefused.envelope.rtnMessage).toBe('字典「交易商类型」被系统功能使用，其字典项不能删除，请改为停用');
    expect(await options('TRADER_TYPE')).toHaveLength(5);
  });
});

describe('区域管理', () => {
  it('lists one level with each region’s children, searches every level', async () => {
    const cities = await page<RegionRow>('/rest/region/getRegionPage', { filters: { parentCode: '650000' } });
    expect(cities.result[0]).toMatchObject({
      code: '650100',
      name: '乌鲁木齐市',
      level: 2,
      status: '1',
      childCount: 8,
    });
    const found = await page<RegionRow>('/rest/region/getRegionPage', { filters: { name: '喀什' } });
    expect(found.result.map((row) => row.code).sort()).toEqual(['653100', '653101']);
    const denied = await post('/rest/region/getRegionPage', { pageNum: 1, pageSize: 10 }, reviewer);
    expect(denied.envelope.rtnCode).toBe('403');
  });

  it('checks a new code against its parent (GB/T 2260 shape) and adds it to the pickers', async () => {
    const cases: Array<[string, string, string]> = [
      ['100000', '650001', '省级区域代码应为前两位省级代码（11～82）加 0000，如 650000'],
      [
        '650000',
        '660100',
        '市级区域代码应以上级代码前两位「65」开头、中间两位不为 00、末两位为 00（省直辖县级行政区为 6590xx），如 650100',
      ],
      [
        '650000',
        '659000',
        '市级区域代码应以上级代码前两位「65」开头、中间两位不为 00、末两位为 00（省直辖县级行政区为 6590xx），如 650100',
      ],
      ['650100', '650200', '区县级区域代码应以上级代码前四位「6501」开头，末两位不为 00，如 650102'],
      ['650102', '650103', '区县级区域下不能再添加下级区域'],
      ['659001', '659002', '省直辖县级行政区下不能再添加下级区域'],
      ['650100', '650102', '该区域代码已被使用，请更换'],
      ['650100', '650198', '同一上级区域下已有同名区域，请更换'],
    ];
    for (const [parentCode, code, message] of cases) {
      const answer = await post('/rest/region/addRegion', { parentCode, code, name: '天山区' });
      expect(answer.envelope, `${parentCode} → ${code}`).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    const added = await post('/rest/region/addRegion', {
      parentCode: '650100',
      code: '650199',
      name: '测试新区',
      sort: 99,
    });
    expect(added.envelope.rtnCode).toBe('0000');
    const under = await regionsUnder('650100');
    expect(under.dataSet.regions.at(-1)).toEqual({ code: '650199', value: '测试新区', level: 3, isLeaf: true });
    expect(await audited('region.add', '650199')).toHaveLength(1);
  });

  it('hides a disabled region and what lies below it from getregions at once, and shows it again', async () => {
    const before = await regionsUnder('650000');
    expect(before.dataSet.regions.map((region) => region.code)).toContain('650200');
    expect((await post('/rest/region/updRegionStatus', { code: '650200', status: '2' })).envelope.dataSet).toEqual({
      updated: 1,
    });
    expect((await regionsUnder('650000')).dataSet.regions.map((region) => region.code)).not.toContain('650200');
    expect(await regionsUnder('650200')).toMatchObject({
      rtnCode: '404',
      rtnMessage: '行政区划不存在或已停用：650200',
    });

    // A city whose counties are all disabled is a leaf for the cascaders.
    for (const code of ['650402', '650421', '650422'])
      await post('/rest/region/updRegionStatus', { code, status: '2' });
    expect((await regionsUnder('650000')).dataSet.regions.find((region) => region.code === '650400')!.isLeaf).toBe(
      true,
    );

    await post('/rest/region/updRegionStatus', { code: '650200', status: '1' });
    expect((await regionsUnder('650000')).dataSet.regions.map((region) => region.code)).toContain('650200');
    const [disable] = await audited('region.disable', '650200');
    expect(disable).toMatchObject({ before: { status: '1' }, after: { status: '2' } });

    const root = await post('/rest/region/updRegionStatus', { code: '100000', status: '2' });
    expect(root.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '全国根节点不能修改或停用' });
  });

  it('hides the counties of a city whose province is disabled, asked for by the city', async () => {
    expect((await regionsUnder('652800')).rtnCode).toBe('0000');
    await post('/rest/region/updRegionStatus', { code: '650000', status: '2' });
    expect(await regionsUnder('652800')).toMatchObject({
      rtnCode: '404',
      rtnMessage: '行政区划不存在或已停用：652800',
    });
    await post('/rest/region/updRegionStatus', { code: '650000', status: '1' });
    expect((await regionsUnder('652800')).dataSet.regions.map((region) => region.code)).toContain('652801');
  });

  // Issue 31: 区域管理's found rows are a generic list again — 高级查询 and column sort, by its allow-list.
  it('finds regions by 高级查询 across levels, sorted by a column; the export follows; the rest is refused', async () => {
    const query = {
      superQueryParams: [
        { field: 'level', rule: 'eq', value: '3' },
        { field: 'code', rule: 'like', value: '6501' },
      ],
      superQueryMatchType: 'and',
      sort: { field: 'code', order: 'desc' },
    };
    const found = await page<RegionRow>('/rest/region/getRegionPage', query);
    const codes = found.result.map((row) => row.code);
    expect(codes).toContain('650102');
    expect(found.result.every((row) => row.level === 3 && row.code.startsWith('6501'))).toBe(true);
    expect(codes).toEqual([...codes].sort().reverse());

    // The export writes those rows in that order, without the column the list hid (排序).
    const rows = await exported('/rest/region/exportXls', {
      ...query,
      pageNum: 1,
      pageSize: 10,
      field: 'code,name,level',
    });
    expect(rows[0]).toEqual(['区域代码', '区域名称', '上级区域代码', '级别']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(codes);
    expect(new Set(rows.slice(1).map((row) => row[3]))).toEqual(new Set(['区县级']));

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ sort: { field: 'childCount', order: 'asc' } }, '不支持按“下级区域数”排序'],
      [{ superQueryParams: [{ field: 'parentCode', rule: 'eq', value: '650100' }] }, '不支持按“上级区域代码”查询'],
      [{ superQueryParams: [{ field: 'level', rule: 'like', value: '3' }] }, '“级别”不支持“包含”条件'],
      [{ superQueryParams: [{ field: 'sort', rule: 'gt', value: 'abc' }] }, '“排序”应为数字'],
      [{ superQueryParams: [{ field: 'id', rule: 'eq', value: '1' }] }, '不支持按“id”查询'],
    ];
    for (const [body, message] of refusals) {
      const answer = await post('/rest/region/getRegionPage', { pageNum: 1, pageSize: 10, ...body });
      expect(answer.envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
      const exportAnswer = await post('/rest/region/exportXls', { pageNum: 1, pageSize: 10, ...body });
      expect(exportAnswer.envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
  });

  it('renames a region (its code fixed) and exports a level', async () => {
    await post('/rest/region/updRegion', { code: '650500', name: '哈密市（测试）', sort: 4 });
    const rows = await exported('/rest/region/exportXls', {
      pageNum: 1,
      pageSize: 10,
      filters: { parentCode: '650500' },
    });
    expect(rows[0]).toEqual(['区域代码', '区域名称', '上级区域代码', '级别', '排序', '状态', '下级区域数']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['650502', '650521', '650522']);
    expect((await regionsUnder('650000')).dataSet.regions.find((region) => region.code === '650500')!.value).toBe(
      '哈密市（测试）',
    );
  });
});

describe('银行管理', () => {
  it('offers enabled banks to registration and the settlement banks to queryAccountBanks', async () => {
    const account = await post<{ banks: Array<{ code: string }> }>('/rest/bank/queryAccountBanks', {});
    expect(account.envelope.dataSet.banks.map((bank) => bank.code)).toEqual(['102', '103', '104', '105', '203', '301']);

    const [abc] = (await page<BankRow>('/rest/bank/getBankPage', { filters: { code: '103' } })).result;
    expect(abc).toMatchObject({ name: '中国农业银行', status: '1', accountBank: true });
    await post('/rest/bank/updBankStatus', { ids: abc.id, status: '2' });
    const found = await post<{ banks: Array<{ value: string }> }>('/rest/bank/queryBanks', { keyWord: '农业' });
    expect(found.envelope.dataSet.banks.map((bank) => bank.value)).toEqual(['中国农业发展银行']);
    await post('/rest/bank/updBankStatus', { ids: abc.id, status: '1' });
    expect(await audited('bank.disable', abc.id)).toHaveLength(1);
  });

  it('adds and edits a bank, codes and names unique and fixed; a role without the code gets 403', async () => {
    const added = await post<{ id: string }>('/rest/bank/addBank', {
      code: '402',
      name: '农村信用社',
      status: '1',
      accountBank: false,
    });
    expect(added.envelope.rtnCode).toBe('0000');
    const sameCode = await post('/rest/bank/addBank', { code: '402', name: '另一家', status: '1', accountBank: false });
    expect(sameCode.envelope.rtnMessage).toBe('该银行代码已被使用，请更换');
    const badCode = await post('/rest/bank/addBank', { code: 'ABC', name: '另一家', status: '1', accountBank: false });
    expect(badCode.envelope.rtnCode).toBe('400');
    const sameName = await post('/rest/bank/addBank', {
      code: '498',
      name: '招商银行',
      status: '1',
      accountBank: false,
    });
    expect(sameName.envelope.rtnMessage).toBe('该银行名称已被使用，请更换');
    // Applications hold the bank by its name: a rename is refused, the row left as it was.
    const renamed = await post('/rest/bank/updBank', {
      id: added.envelope.dataSet.id,
      name: '农村信用合作社',
      status: '1',
      accountBank: true,
    });
    expect(renamed.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '银行名称创建后不能修改：已提交的申请按名称保存所选银行。如需更名，请停用该银行后新增',
    });
    expect(
      (await post<{ banks: unknown[] }>('/rest/bank/queryAccountBanks', { keyWord: '信用' })).envelope.dataSet.banks,
    ).toEqual([]);
    await post('/rest/bank/updBank', {
      id: added.envelope.dataSet.id,
      name: '农村信用社',
      status: '1',
      accountBank: true,
    });
    const account = await post<{ banks: Array<{ value: string }> }>('/rest/bank/queryAccountBanks', {
      keyWord: '信用',
    });
    expect(account.envelope.dataSet.banks.map((bank) => bank.value)).toEqual(['农村信用社']);

    const rows = await exported('/rest/bank/exportXls', { pageNum: 1, pageSize: 10, filters: { accountBank: '1' } });
    expect(rows.slice(1).map((row) => row[1])).toContain('农村信用社');
    expect(rows.slice(1)).toHaveLength(7);

    const denied = await post(
      '/rest/bank/addBank',
      { code: '499', name: '某银行', status: '1', accountBank: false },
      reviewer,
    );
    expect(denied.envelope.rtnCode).toBe('403');
  });
});

/** Resolves on the next change heard of `table` by `changes`. */
function nextChange(changes: ChangeSignal, table: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = changes.onChange(table, () => {
      stop();
      resolve();
    });
  });
}

describe('across server processes (PostgreSQL)', () => {
  let other: DatabaseHandle | undefined;
  afterAll(async () => {
    await other?.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'another process answers a disabled item or region differently as soon as it hears the change',
    async () => {
      other = await openDatabase({ databaseUrl: server.database.url, dataDir: 'memory://' });
      const theirs = other.changes;
      await vi.waitFor(() => expect(theirs.versions(['dict_items'])).not.toBeNull(), { timeout: 10_000, interval: 20 });
      expect((await getDictLists(other.db, ['STOCK_NAME'])).STOCK_NAME).toHaveLength(2);
      expect((await getChildRegions(other.db, '650000')).map((region) => region.code)).toContain('654300');

      const [longStaple] = (await items('STOCK_NAME')).filter((item) => item.itemCode === '2');
      const itemHeard = nextChange(theirs, 'dict_items');
      await post('/rest/dictItem/updDictItemStatus', { ids: longStaple.id, status: '2' });
      await itemHeard;
      expect((await getDictLists(other.db, ['STOCK_NAME'])).STOCK_NAME).toEqual([{ code: '1', value: '细绒棉' }]);

      const regionHeard = nextChange(theirs, 'regions');
      await post('/rest/region/updRegionStatus', { code: '654300', status: '2' });
      await regionHeard;
      expect((await getChildRegions(other.db, '650000')).map((region) => region.code)).not.toContain('654300');

      await post('/rest/dictItem/updDictItemStatus', { ids: longStaple.id, status: '1' });
      await post('/rest/region/updRegionStatus', { code: '654300', status: '1' });
    },
  );
});
