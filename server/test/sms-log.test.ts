import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysSmsLog, sysUsers } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { maskCodes } from '../src/modules/sms/sender';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: string;
let editor: string;
let ids: number[];

async function tokenOf(loginName: string) {
  const [user] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, loginName));
  return createSession(server.db, { userId: user.id, clientName: 'form_client' });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await tokenOf('admin');
  editor = await tokenOf('editor');
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.db.delete(sysSmsLog);
  const base = Date.parse('2026-03-18T02:00:00Z');
  const rows = await server.db
    .insert(sysSmsLog)
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        mobile: i % 5 === 0 ? '13912345678' : `1380013${String(1000 + i)}`,
        templateCode: 'LOGIN_CODE',
        content: `【全国棉花交易市场】您的登录验证码为${String(100000 + i)}，5分钟内有效。`,
        provider: 'log',
        status: i === 3 ? '2' : '1',
        ip: '10.0.0.1',
        createdAt: new Date(base + i * 60_000),
      })),
    )
    .returning({ id: sysSmsLog.id });
  ids = rows.map((row) => row.id);
});

interface Page {
  pagination: {
    result: Array<{ id: string; mobile: string; content: string; status: string; createdAt: string }>;
    totalCount: number;
    pageNum: number;
    pageSize: number;
  };
}

describe('/rest/smsService/getSmsByPage', () => {
  it('pages newest first, with codes masked', async () => {
    const { envelope } = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { pageNum: 1, pageSize: 10 },
      { authorization: admin },
    );
    expect(envelope.rtnCode).toBe('0000');
    const { pagination } = envelope.dataSet;
    expect(pagination.totalCount).toBe(25);
    expect(pagination.result).toHaveLength(10);
    expect(pagination.result[0].id).toBe(String(ids[24]));
    expect(pagination.result[0].createdAt).toBe('2026-03-18T02:24:00.000Z');
    expect(pagination.result[0].content).toBe('【全国棉花交易市场】您的登录验证码为******，5分钟内有效。');
    const last = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { pageNum: 3, pageSize: 10 },
      { authorization: admin },
    );
    expect(last.envelope.dataSet.pagination.result).toHaveLength(5);
    const big = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { pageNum: 1, pageSize: 200 },
      { authorization: admin },
    );
    expect(big.envelope.dataSet.pagination.result).toHaveLength(25);
  });

  it('filters by (part of) the mobile', async () => {
    const { envelope } = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { mobile: ' 139123 ', pageNum: 1, pageSize: 10 },
      { authorization: admin },
    );
    expect(envelope.dataSet.pagination.totalCount).toBe(5);
    expect(envelope.dataSet.pagination.result.every((row) => row.mobile === '13912345678')).toBe(true);
    const none = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { mobile: '%', pageNum: 1, pageSize: 10 },
      { authorization: admin },
    );
    expect(none.envelope.dataSet.pagination.totalCount).toBe(25);
  });

  it('checks the paging (400)', async () => {
    for (const body of [
      { pageNum: 0, pageSize: 10 },
      { pageNum: 1, pageSize: 201 },
      { pageNum: 'a', pageSize: 10 },
      { mobile: '1'.repeat(12), pageNum: 1, pageSize: 10 },
    ]) {
      expect(
        (await server.post('/rest/smsService/getSmsByPage', body, { authorization: admin })).envelope.rtnCode,
      ).toBe('400');
    }
  });

  it('requires system:sms:list', async () => {
    expect((await server.post('/rest/smsService/getSmsByPage', { pageNum: 1, pageSize: 10 })).envelope.rtnCode).toBe(
      '401',
    );
    expect(
      (await server.post('/rest/smsService/getSmsByPage', { pageNum: 1, pageSize: 10 }, { authorization: editor }))
        .envelope.rtnCode,
    ).toBe('403');
  });
});

describe('deleting', () => {
  it('deletes one row by id (string or number); a missing row is 404', async () => {
    const one = await server.post('/rest/smsService/deleteSmsById', { id: String(ids[0]) }, { authorization: admin });
    expect(one.envelope).toEqual({ rtnCode: '0000', rtnMessage: '成功', dataSet: { deleted: 1 } });
    expect(
      (await server.post('/rest/smsService/deleteSmsById', { id: ids[1] }, { authorization: admin })).envelope.rtnCode,
    ).toBe('0000');
    expect(
      (await server.post('/rest/smsService/deleteSmsById', { id: ids[0] }, { authorization: admin })).envelope,
    ).toEqual({
      rtnCode: '404',
      rtnMessage: '短信记录不存在或已删除',
      dataSet: null,
    });
    expect(
      (await server.post('/rest/smsService/deleteSmsById', { id: 'abc' }, { authorization: admin })).envelope.rtnCode,
    ).toBe('400');
    expect((await server.post('/rest/smsService/deleteSmsById', {}, { authorization: admin })).envelope.rtnCode).toBe(
      '400',
    );
    expect(await server.db.select().from(sysSmsLog)).toHaveLength(23);
  });

  it('deletes several rows by comma-joined ids', async () => {
    const { envelope } = await server.post(
      '/rest/smsService/deleteSmsByIds',
      { ids: `${ids[0]},${ids[1]}, ${ids[2]},999999` },
      { authorization: admin },
    );
    expect(envelope).toEqual({ rtnCode: '0000', rtnMessage: '成功', dataSet: { deleted: 3 } });
    for (const bad of ['', 'a,b', '1,,2', '0', ',']) {
      expect(
        (await server.post('/rest/smsService/deleteSmsByIds', { ids: bad }, { authorization: admin })).envelope.rtnCode,
      ).toBe('400');
    }
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect(
      (await server.post('/rest/smsService/deleteSmsByIds', { ids: tooMany }, { authorization: admin })).envelope
        .rtnCode,
    ).toBe('400');
    expect(await server.db.select().from(sysSmsLog)).toHaveLength(22);
  });

  it('requires system:sms:delete', async () => {
    expect(
      (await server.post('/rest/smsService/deleteSmsById', { id: ids[0] }, { authorization: editor })).envelope.rtnCode,
    ).toBe('403');
    expect((await server.post('/rest/smsService/deleteSmsByIds', { ids: String(ids[0]) })).envelope.rtnCode).toBe(
      '401',
    );
    expect(await server.db.select().from(sysSmsLog)).toHaveLength(25);
  });
});

describe('maskCodes', () => {
  it('masks verification codes only', () => {
    expect(maskCodes('您的验证码：123456，5分钟内有效')).toBe('您的验证码：******，5分钟内有效');
    expect(maskCodes('仓单 2026 已生成')).toBe('仓单 2026 已生成');
  });
});
