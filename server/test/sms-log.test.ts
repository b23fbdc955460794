import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysAuditLog, sysSmsLog, sysUsers } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { maskCodes } from '../src/modules/sms/sender';
import { providerText } from '../src/modules/sms/service';
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

async function exportFile(body: unknown, token = admin) {
  const response = await fetch(`${server.baseUrl}/rest/smsService/exportSmsXls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The sheet's rows as text, header first. */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    const values = Array.from(row.values as unknown[]);
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

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

describe('the generic list fields', () => {
  it('filters by status and send date, sorts on an allowed field, refuses an unknown sort', async () => {
    const failed = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { filters: { status: '2', mobile: '1380013' }, pageNum: 1, pageSize: 10 },
      { authorization: admin },
    );
    expect(failed.envelope.dataSet.pagination.result.map((row) => row.id)).toEqual([String(ids[3])]);
    const day = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { filters: { timeFrom: '2026-03-19', timeTo: '2026-03-20' }, pageNum: 1, pageSize: 10 },
      { authorization: admin },
    );
    expect(day.envelope.dataSet.pagination.totalCount).toBe(0);
    const oldest = await server.post<Page>(
      '/rest/smsService/getSmsByPage',
      { sort: { field: 'createTime', order: 'asc' }, pageNum: 1, pageSize: 10 },
      { authorization: admin },
    );
    expect(oldest.envelope.dataSet.pagination.result[0].id).toBe(String(ids[0]));
    for (const sort of [
      { field: 'nope', order: 'asc' },
      { field: 'content', order: 'asc' },
    ]) {
      const refused = await server.post(
        '/rest/smsService/getSmsByPage',
        { sort, pageNum: 1, pageSize: 10 },
        {
          authorization: admin,
        },
      );
      expect(refused.envelope.rtnCode).toBe('400');
      if (sort.field === 'content') expect(refused.envelope.rtnMessage).toContain('短信内容');
    }
  });
});

describe('POST /rest/smsService/exportSmsXls', () => {
  it('writes the matching rows with the codes masked, never a clear code', async () => {
    const { response, bytes } = await exportFile({ filters: { mobile: '139123' }, pageNum: 1, pageSize: 10 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await sheetRows(bytes);
    expect(rows[0]).toEqual(['手机号码', '模板编码', '短信内容', '发送通道', '发送状态', 'IP', '发送时间']);
    expect(rows).toHaveLength(6);
    expect(rows[1][0]).toBe('13912345678');
    expect(rows[1][2]).toBe('【全国棉花交易市场】您的登录验证码为******，5分钟内有效。');
    expect(rows[1][6]).toBe('2026-03-18 10:20:00');
    // The channel as the list names it, not its code.
    expect(rows[1][3]).toBe('其他通道');
    const all = await sheetRows((await exportFile({ pageNum: 1, pageSize: 10 })).bytes);
    expect(all.slice(1).every((row) => row[2].includes('******') && !/\d{6}/.test(row[2]))).toBe(true);
  });

  it('writes the selected rows and the columns asked for only', async () => {
    const { bytes } = await exportFile({ pageNum: 1, pageSize: 10, selections: `${ids[3]}`, field: 'mobile,status' });
    expect(await sheetRows(bytes)).toEqual([
      ['手机号码', '发送状态'],
      ['13800131003', '发送失败'],
    ]);
  });

  it('refuses a role without system:sms:list (403) and an unknown sort field (400)', async () => {
    const forbidden = await exportFile({ pageNum: 1, pageSize: 10 }, editor);
    expect((JSON.parse(forbidden.bytes.toString()) as { rtnCode: string }).rtnCode).toBe('403');
    const unknown = await exportFile({ sort: { field: 'secret', order: 'desc' }, pageNum: 1, pageSize: 10 });
    expect((JSON.parse(unknown.bytes.toString()) as { rtnCode: string }).rtnCode).toBe('400');
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
    // Rows already gone are skipped in a batch; none found at all is 404.
    expect(
      (await server.post('/rest/smsService/deleteSmsByIds', { ids: '999998,999999' }, { authorization: admin }))
        .envelope,
    ).toEqual({ rtnCode: '404', rtnMessage: '短信记录不存在或已删除', dataSet: null });
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
    const audited = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'sms.delete'), eq(sysAuditLog.entityId, String(ids[2]))));
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0].before)).not.toContain('验证码');
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

describe('the export’s channel', () => {
  it('is the label 短信日志 shows, never the code', () => {
    expect(providerText('http')).toBe('短信网关');
    expect(providerText('log-only')).toBe('未接入短信网关（仅记录日志）');
    expect(providerText('unknown')).toBe('未知通道');
    expect(providerText('aliyun')).toBe('其他通道');
    expect(providerText('constructor')).toBe('其他通道');
    expect(providerText(null)).toBeNull();
  });
});
