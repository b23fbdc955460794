import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysEnterprises, sysUsers } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/password';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: string;

interface Page {
  pagination: { result: Array<{ id: string; loginName: string; realname: string }>; totalCount: number };
}

async function exportFile(body: unknown, token = admin) {
  const response = await fetch(`${server.baseUrl}/rest/user/exportXls`, {
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
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = Array.from(row.values as unknown[]);
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  const [me] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
  const passwordHash = await hashPassword('Secret@2026');
  await server.db.insert(sysUsers).values(
    Array.from({ length: 30 }, (_, i) => ({
      enterpriseId: me.enterpriseId,
      loginName: `exp${String(i).padStart(2, '0')}`,
      realname: i % 2 === 0 ? `李导出${i}` : `王导出${i}`,
      passwordHash,
      phone: `1372222${String(1000 + i)}`,
      status: i % 10 === 9 ? '2' : '1',
      createdAt: new Date(Date.parse('2026-05-01T02:00:00Z') + i * 60_000),
    })),
  );
  const [other] = await server.db
    .insert(sysEnterprises)
    .values({ code: 'EXPOTHER', name: '外企' })
    .returning({ id: sysEnterprises.id });
  await server.db
    .insert(sysUsers)
    .values({ enterpriseId: other.id, loginName: 'exp-outsider', realname: '李外人', passwordHash });
});
afterAll(async () => {
  await server?.close();
});

describe('POST /rest/user/exportXls', () => {
  it('writes the rows of the query and super query in the list’s order, as an xlsx named 用户列表', async () => {
    const query = {
      filters: { realname: '导出' },
      superQueryParams: [{ field: 'realname', rule: 'like', value: '李' }],
      sort: { field: 'loginName', order: 'desc' },
      pageNum: 3,
      pageSize: 10,
    };
    const { response, bytes } = await exportFile(query);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`,
    );
    const rows = await sheetRows(bytes);
    expect(rows[0]).toEqual([
      '登录名',
      '姓名',
      '手机号码',
      '邮箱',
      '所属企业',
      '所属机构',
      '岗位',
      '角色',
      '状态',
      '创建时间',
    ]);
    // Every matching row (not the page asked), the other enterprise's 李外人 not among them.
    const page = await server.post<Page>(
      '/rest/user/getUserPage',
      { ...query, pageNum: 1, pageSize: 200 },
      { authorization: admin },
    );
    const expected = page.envelope.dataSet.pagination.result.map((row) => row.loginName);
    expect(expected).toHaveLength(15);
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected);
    expect(rows[1]).toEqual([
      'exp28',
      '李导出28',
      '13722221028',
      '',
      expect.any(String),
      '',
      '',
      '',
      '正常',
      '2026-05-01 10:28:00',
    ]);
  });

  it('writes only the selected rows when some are selected', async () => {
    const page = await server.post<Page>(
      '/rest/user/getUserPage',
      { filters: { loginName: 'exp0' } },
      { authorization: admin },
    );
    const ids = page.envelope.dataSet.pagination.result.slice(0, 3).map((row) => row.id);
    const { bytes } = await exportFile({ filters: { loginName: 'exp0' }, selections: ids.join(',') });
    const rows = await sheetRows(bytes);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      page.envelope.dataSet.pagination.result.slice(0, 3).map((row) => row.loginName),
    );
  });

  it('writes only the columns shown (`field`), in the list’s order', async () => {
    const { bytes } = await exportFile({ filters: { loginName: 'exp01' }, field: 'roleNames,loginName,status' });
    const rows = await sheetRows(bytes);
    expect(rows).toEqual([
      ['登录名', '角色', '状态'],
      ['exp01', '', '正常'],
    ]);
    // The page checks `field` the same way and answers whole rows.
    const page = await server.post<Page>(
      '/rest/user/getUserPage',
      { filters: { loginName: 'exp01' }, field: 'loginName' },
      { authorization: admin },
    );
    expect(page.envelope.dataSet.pagination.result[0]).toMatchObject({ loginName: 'exp01', realname: '王导出1' });
  });

  it('refuses, as an envelope before any file, a field off the list or a role without the button', async () => {
    const badColumn = await exportFile({ field: 'loginName,passwordHash' });
    expect(JSON.parse(badColumn.bytes.toString('utf8'))).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持的列“passwordHash”',
    });
    const bad = await exportFile({ sort: { field: 'passwordHash', order: 'asc' } });
    expect(bad.response.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(bad.bytes.toString('utf8'))).toMatchObject({ rtnCode: '400' });
    const badSelection = await exportFile({ selections: '1,x' });
    expect(JSON.parse(badSelection.bytes.toString('utf8'))).toMatchObject({ rtnCode: '400' });
    const reviewer = await loginToken(server, REVIEWER);
    const refused = await exportFile({}, reviewer);
    expect(JSON.parse(refused.bytes.toString('utf8'))).toMatchObject({ rtnCode: '403' });
  });
});
