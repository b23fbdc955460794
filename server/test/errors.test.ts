import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyError } from '../src/http/error-classification';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ captureLogs: true });
});
afterAll(async () => {
  await server?.close();
});

/** No stack, no SQL, no internals: only the envelope. */
function expectCleanFailure(text: string) {
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/select|insert|from "|where|FST_|ajv|schema|stack/i);
}

const whsPage = (pageParameter: unknown, searchParam: unknown = {}) =>
  server.post('/rest/anon/queryWhsPage', { searchParam, pageParameter });

describe('validation errors are 400 envelopes naming the field', () => {
  it.each([
    [{ pageNum: 1, pageSize: 1000 }, '参数错误：pageParameter.pageSize（每页条数）不能大于 100'],
    [{ pageNum: 1, pageSize: 0 }, '参数错误：pageParameter.pageSize（每页条数）不能小于 1'],
    [{ pageNum: -1, pageSize: 10 }, '参数错误：pageParameter.pageNum（页码）不能小于 1'],
    [{ pageNum: 0, pageSize: 10 }, '参数错误：pageParameter.pageNum（页码）不能小于 1'],
    [{ pageNum: 'abc', pageSize: 10 }, '参数错误：pageParameter.pageNum（页码）应为整数'],
    [{ pageNum: 1.5, pageSize: 10 }, '参数错误：pageParameter.pageNum（页码）应为整数'],
    ['first', '参数错误：pageParameter 应为对象'],
  ])('pageParameter %j → %s', async (pageParameter, message) => {
    const response = await whsPage(pageParameter);
    expect(response.status).toBe(200);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
    expectCleanFailure(response.text);
  });

  // A union's own message, not its first branch's (它曾说“只能是 10”).
  it('names every page size an admin list allows', async () => {
    const token = await loginToken(server, ADMIN);
    const response = await server.post(
      '/rest/organ/queryOrganPage',
      { pageNum: 1, pageSize: 15 },
      { authorization: token },
    );
    expect(response.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '参数错误：pageSize（每页条数）只能是 10、20、30、50、100 或 200',
      dataSet: null,
    });
  });

  it.each([
    [{ warehouseAreaType: '3' }, '参数错误：searchParam.warehouseAreaType（仓库区域类型）只能是 1（新疆）或 2（内地）'],
    [
      { warehouseAreaType: '12' },
      '参数错误：searchParam.warehouseAreaType（仓库区域类型）只能是 1（新疆）或 2（内地）',
    ],
    [
      { regionProviceCode: '65000a' },
      '参数错误：searchParam.regionProviceCode（省份）应为逗号分隔的 6 位省级行政区划代码，如 650000,410000',
    ],
    [
      { regionProviceCode: '650000;410000' },
      '参数错误：searchParam.regionProviceCode（省份）应为逗号分隔的 6 位省级行政区划代码，如 650000,410000',
    ],
    [
      { regionProviceCode: '652800' },
      '参数错误：searchParam.regionProviceCode（省份）应为逗号分隔的 6 位省级行政区划代码，如 650000,410000',
    ],
    [{ warehouseName: 'x'.repeat(101) }, '参数错误：searchParam.warehouseName（仓库名称）长度不能超过 100 个字符'],
    [{ warehouseName: { $ne: 1 } }, '参数错误：searchParam.warehouseName（仓库名称）应为字符串'],
  ])('searchParam %j → %s', async (searchParam, message) => {
    const response = await whsPage({ pageNum: 1, pageSize: 10 }, searchParam);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
  });

  it('names array items and list limits', async () => {
    const tooMany = await server.post('/rest/dict/getdictlists', {
      dictCategorys: Array.from({ length: 21 }, (_, i) => `C${i}`),
    });
    expect(tooMany.envelope.rtnMessage).toBe('参数错误：dictCategorys（字典分类代码列表）最多包含 20 项');
    const none = await server.post('/rest/dict/getdictlists', { dictCategorys: [] });
    expect(none.envelope.rtnMessage).toBe('参数错误：dictCategorys（字典分类代码列表）至少包含 1 项');
    const badItem = await server.post('/rest/dict/getdictlists', { dictCategorys: ['WHS_TYPE', 'bad code!'] });
    expect(badItem.envelope.rtnMessage).toBe(
      '参数错误：dictCategorys[1]（字典分类代码）应为字典分类代码（字母、数字、下划线），如 WHS_TYPE',
    );
  });
});

describe('malformed requests', () => {
  it('answers 400 请求格式错误 for malformed JSON', async () => {
    const response = await server.post('/rest/anon/queryWhsPage', '{"searchParam": {', {});
    expect(response.status).toBe(200);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: '请求格式错误', dataSet: null });
    expectCleanFailure(response.text);
  });

  it.each([['[]'], ['"text"'], ['42'], ['null'], ['true']])('answers 400 for the non-object body %s', async (body) => {
    const response = await server.post('/rest/anon/queryWhsPage', body);
    expect(response.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '参数错误：请求体必须是 JSON 对象',
      dataSet: null,
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await server.post('/rest/anon/queryWhsPage', 'pageNum=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.envelope).toEqual({
      rtnCode: '400',
      rtnMessage: '请求格式错误：请使用 application/json',
      dataSet: null,
    });
    const text = await server.post('/rest/anon/queryWhsPage', '{}', { 'content-type': 'text/plain' });
    expect(text.envelope.rtnCode).toBe('400');
  });

  it('treats an empty body as {}', async () => {
    const empty = await server.post('/rest/anon/queryAllRegion', '');
    expect(empty.envelope.rtnCode).toBe('0000');
    const response = await fetch(`${server.baseUrl}/rest/anon/queryAllRegion`, { method: 'POST' });
    expect(((await response.json()) as { rtnCode: string }).rtnCode).toBe('0000');
  });

  it('answers 400 for a body over the size limit: 64 KB for a JSON call', async () => {
    const response = await server.post('/rest/anon/queryWhsPage', {
      searchParam: { warehouseName: 'x'.repeat(70_000) },
    });
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: '请求格式错误：请求体过大', dataSet: null });
    const fits = await server.post('/rest/anon/queryWhsPage', { searchParam: { warehouseName: 'x'.repeat(60_000) } });
    expect(fits.envelope.rtnMessage).toBe('参数错误：searchParam.warehouseName（仓库名称）长度不能超过 100 个字符');
  });
});

describe('input that used to hold the server or reach the database', () => {
  // 40,000 spaces and a "!" took 2.2 s in a backtracking pattern, every other request waiting.
  const spaces = `${' '.repeat(40_000)}!`;

  it.each([
    [
      '/rest/anon/queryFactoryAppointmentList',
      { weekStep: '0', appoinmentRequestVo: { regionAreaCode: spaces } },
      '参数错误：appoinmentRequestVo.regionAreaCode（预约区域）长度不能超过 32 个字符',
    ],
    [
      '/rest/esQuery/esqueryWareHouseData/1',
      { stgWareHouseQueryParameters: { batchOrReceiptNumber: spaces } },
      '参数错误：stgWareHouseQueryParameters.batchOrReceiptNumber（批号/仓单号）长度不能超过 64 个字符',
    ],
    [
      '/rest/esQuery/esqueryWareHouseData/1',
      { stgWareHouseQueryParameters: { strengthMin: spaces } },
      '参数错误：stgWareHouseQueryParameters.strengthMin（断裂比强度下限）长度不能超过 32 个字符',
    ],
  ])('a long run of spaces to %s is refused by its length', async (path, body, message) => {
    const response = await server.post(path, body);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
  });

  it('still accepts the spaces the patterns allow around a value', async () => {
    const appointments = await server.post('/rest/anon/queryFactoryAppointmentList', {
      weekStep: ' 0 ',
      appoinmentRequestVo: { regionAreaCode: ' BJ ' },
    });
    expect(appointments.envelope.rtnCode).toBe('0000');
    const receipts = await server.post('/rest/esQuery/esqueryWareHouseData/1', {
      stgWareHouseQueryParameters: { strengthMin: ' 28.5 ', strengthMax: '', batchOrReceiptNumber: ' 6507 ' },
    });
    expect(receipts.envelope.rtnCode).toBe('0000');
    const near = await server.post('/rest/esQuery/esqueryWareHouseData/1', {
      stgWareHouseQueryParameters: { strengthMin: '   28.5   x' },
    });
    expect(near.envelope.rtnMessage).toBe(
      '参数错误：stgWareHouseQueryParameters.strengthMin（断裂比强度下限）应为 0～100 之间的数字',
    );
  });

  it.each([
    ['/rest/anon/queryWhsDetail', { whsCode: 'a\u0000b' }, '参数错误：whsCode 含有不允许的空字符（\\u0000）'],
    [
      '/rest/anon/queryWhsPage',
      { searchParam: { warehouseName: 'x\u0000' } },
      '参数错误：searchParam.warehouseName 含有不允许的空字符（\\u0000）',
    ],
    [
      '/rest/complain/addComplain',
      { name: '张三', phone: '13800000000', complaintType: 'CONSULT', content: '\u0000' },
      '参数错误：content 含有不允许的空字符（\\u0000）',
    ],
    // A lone surrogate has no UTF-8 form: PostgreSQL would fail on it (found by the fuzz suite).
    [
      '/rest/complain/addComplain',
      { name: '\ud800', phone: '13800000000', complaintType: 'CONSULT', content: '咨询' },
      '参数错误：name 含有无效的字符（不成对的 UTF-16 代理项）',
    ],
    ['/rest/anon/queryWhsDetail', { whsCode: 'a\udc00' }, '参数错误：whsCode 含有无效的字符（不成对的 UTF-16 代理项）'],
    ['/rest/anon/queryFinancialProductDetail', { id: 'Infinity' }, '参数错误：id 超出数值范围'],
    ['/rest/anon/queryFinancialProductDetail', { id: '1e999' }, '参数错误：id 超出数值范围'],
    ['/rest/cmsContent/contentDetail', { id: '9999999999' }, '参数错误：id（内容 ID）应为 1～2147483647 之间的整数'],
    [
      '/rest/anon/queryWhsPage',
      { pageParameter: { pageNum: 'Infinity', pageSize: 10 } },
      '参数错误：pageParameter.pageNum 超出数值范围',
    ],
  ])('%s %j → 400 %s', async (path, body, message) => {
    const response = await server.post(path, body);
    expect(response.status).toBe(200);
    expect(response.envelope).toEqual({ rtnCode: '400', rtnMessage: message, dataSet: null });
    expectCleanFailure(response.text);
  });

  it.each([
    ['arrays', `{"searchParam":${'['.repeat(30_000)}${']'.repeat(30_000)}}`],
    ['objects', `{"searchParam":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`],
  ])('refuses input nested too deep (%s) without exhausting the stack', async (_kind, text) => {
    const response = await server.post('/rest/anon/queryWhsPage', text);
    expect(response.envelope).toMatchObject({ rtnCode: '400' });
    expect(response.envelope.rtnMessage).toMatch(/^参数错误：|^请求格式错误/);
  });

  it('a raw 1e999 in the JSON text is no number either', async () => {
    const response = await server.post('/rest/anon/queryWhsPage', '{"pageParameter":{"pageNum":1e999,"pageSize":10}}');
    expect(response.envelope.rtnCode).toBe('400');
  });

  it('answers an undecodable URL with the envelope', async () => {
    const response = await server.get('/rest/anon/%c0');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rtnCode: '400', rtnMessage: '请求地址格式错误', dataSet: null });
  });

  it('answers a badly encoded login cookie as a missing one', async () => {
    const response = await server.get('/cas/client/validateLogin', { cookie: 'cotton_login=%E0%A4%A' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: false, message: '登录已失效，请重新登录' });
  });

  it.each([
    [
      'a body that breaks off',
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="Authorization"\r\n\r\nabc',
    ],
    ['no boundary', 'multipart/form-data', '--XX\r\n'],
  ])('answers a broken multipart login form (%s) with the envelope', async (_name, contentType, body) => {
    const response = await fetch(`${server.baseUrl}/callback?client_name=form_client`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rtnCode: '400', rtnMessage: '请求格式错误', dataSet: null });
  });
});

describe('unknown calls', () => {
  it.each([['/rest/anon/nothingHere'], ['/rest'], ['/rest/'], ['/rest/anon/queryWhsPage/extra']])(
    'POST %s → 404 接口不存在',
    async (path) => {
      const response = await server.post(path, {});
      expect(response.status).toBe(200);
      expect(response.envelope).toEqual({ rtnCode: '404', rtnMessage: '接口不存在', dataSet: null });
    },
  );

  it('GET of a POST-only call is 404 接口不存在', async () => {
    const response = await server.get('/rest/anon/queryWhsPage');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rtnCode: '404', rtnMessage: '接口不存在', dataSet: null });
  });
});

describe('database failures', () => {
  it('answers 500 without SQL for a failing query, and logs it with the stack', async () => {
    await server.db.execute(sql`ALTER TABLE freight_yards RENAME TO freight_yards_gone`);
    try {
      const response = await server.post('/rest/anon/queryWhsDetail', { whsCode: 'WH65001' });
      expect(response.status).toBe(200);
      expect(response.envelope).toEqual({ rtnCode: '500', rtnMessage: '服务器内部错误，请稍后再试', dataSet: null });
      expectCleanFailure(response.text);
      expect(response.text).not.toContain('freight_yards');
      const logged = server.logs.find((line) => line.rtnCode === '500');
      expect(logged).toBeDefined();
      expect(logged!.level).toBe(50);
      expect(JSON.stringify(logged!.err)).toContain('freight_yards');
    } finally {
      await server.db.execute(sql`ALTER TABLE freight_yards_gone RENAME TO freight_yards`);
    }
  });

  it('answers a write that lost a race (unique key, vanished reference) as 400 to retry, not 500', () => {
    for (const code of ['23505', '23503']) {
      const error = { name: 'DrizzleQueryError', message: 'Failed query', cause: { code, severity: 'ERROR' } };
      const { failure, internal } = classifyError(error);
      expect(failure).toMatchObject({ rtnCode: '400', message: '数据刚被其他人修改，请刷新后重试' });
      expect(internal).toBe(false);
    }
    expect(
      classifyError({ name: 'DrizzleQueryError', cause: { code: '42P01', severity: 'ERROR' } }).failure.rtnCode,
    ).toBe('500');
  });

  it('logs refused requests at info level', () => {
    const refused = server.logs.filter((line) => line.msg === 'request refused');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((line) => line.level === 30)).toBe(true);
  });

  it('answers 503 when the database is unavailable', async () => {
    await server.database.close();
    const response = await server.post('/rest/anon/queryWhsPage', {});
    expect(response.status).toBe(200);
    expect(response.envelope).toEqual({ rtnCode: '503', rtnMessage: '数据服务暂不可用，请稍后再试', dataSet: null });
    expectCleanFailure(response.text);
    expect(server.logs.some((line) => line.rtnCode === '503' && line.level === 50)).toBe(true);
  });
});
