import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysAuditLog,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { verifyPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let admin: string;

const HEADERS = ['*登录名', '*姓名', '手机号码', '邮箱', '*初始密码', '角色', '所属机构', '岗位'];

/** An .xlsx of `rows` under `headers`. */
async function workbook(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface ImportEnvelope {
  rtnCode: string;
  rtnMessage: string;
  dataSet: { stored: number; refused: Array<{ row: number; reasons: string[] }> } | null;
}

async function upload(bytes: Buffer | null, token = admin, name = '用户.xlsx'): Promise<ImportEnvelope> {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([bytes]), name);
  form.append('requestTime', String(Date.now()));
  const response = await fetch(`${server.baseUrl}/rest/user/importXls`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as ImportEnvelope;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /rest/user/importTemplate', () => {
  it('is an xlsx of the import’s headers, the required ones marked *, and no rows', async () => {
    const response = await fetch(`${server.baseUrl}/rest/user/importTemplate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('用户导入模板.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.actualRowCount).toBe(1);
  });
});

describe('POST /rest/user/importXls', () => {
  it('stores the good rows and answers each refused row with its number and every reason', async () => {
    const bytes = await workbook([
      ['imp01', '赵一', '13900000001', 'zhao@example.com', 'Import@2026', '内容编辑'], // row 2
      ['imp02', '钱二', 13900000002, '', 'Import@2026', ''], // row 3: the phone typed as a number
      ['imp03', '孙三', '', '', 'weak', ''], // row 4: weak password
      [], // row 5: blank, skipped
      ['IMP01', '李四', '123', '', 'Import@2026', '不存在的角色'], // row 6: in the file twice, bad phone, no such role
      ['admin', '周五', '', 'not-an-email', 'Import@2026', ''], // row 7: taken, bad email
      ['x', '', '', '', '', ''], // row 8: short login name, no name, no password
      ['imp09', '吴九', '13900000002', '', 'Import@2026', '内容编辑、注册审核员'], // row 9: phone of row 3
      [' imp10 ', ' 郑十 ', '', '', 'Import@2026', '注册审核员，内容编辑'], // row 10: trimmed
    ]);
    const answer = await upload(bytes);
    expect(answer.rtnCode).toBe('0000');
    expect(answer.dataSet).toEqual({
      stored: 3,
      refused: [
        { row: 4, reasons: ['密码长度为8-20位，且须包含字母和数字'] },
        { row: 6, reasons: ['请输入正确格式的手机号码', '登录名与第 2 行重复', '角色「不存在的角色」不存在'] },
        { row: 7, reasons: ['请输入正确格式的邮箱', '该登录名已被使用，请更换'] },
        { row: 8, reasons: ['登录名为 2～32 位字母、数字或 _ . @ -', '请输入姓名', '请输入初始密码'] },
        { row: 9, reasons: ['手机号码与第 3 行重复'] },
      ],
    });

    const users = await server.db
      .select()
      .from(sysUsers)
      .where(inArray(sysUsers.loginName, ['imp01', 'imp02', 'imp10', 'imp03', 'IMP01', 'imp09']));
    expect(users.map((user) => [user.loginName, user.realname, user.phone, user.status]).sort()).toEqual([
      ['imp01', '赵一', '13900000001', '1'],
      ['imp02', '钱二', '13900000002', '1'],
      ['imp10', '郑十', null, '1'],
    ]);
    const imp01 = users.find((user) => user.loginName === 'imp01')!;
    expect(imp01.email).toBe('zhao@example.com');
    expect(await verifyPassword('Import@2026', imp01.passwordHash)).toBe(true);
    const roles = await server.db
      .select({ login: sysUsers.loginName, role: sysRoles.name })
      .from(sysUserRoles)
      .innerJoin(sysUsers, eq(sysUsers.id, sysUserRoles.userId))
      .innerJoin(sysRoles, eq(sysRoles.id, sysUserRoles.roleId))
      .where(inArray(sysUsers.loginName, ['imp01', 'imp02', 'imp10']));
    expect(roles.map((row) => `${row.login}:${row.role}`).sort()).toEqual([
      'imp01:内容编辑',
      'imp10:内容编辑',
      'imp10:注册审核员',
    ]);
    const audit = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'user.import'));
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.loginName === 'admin' && !JSON.stringify(row.after).includes('Import@2026'))).toBe(
      true,
    );

    // The same file again: every row is refused now, nothing is stored twice.
    const again = await upload(bytes);
    expect(again.dataSet?.stored).toBe(0);
    expect(again.dataSet?.refused.map((item) => item.row)).toEqual([2, 3, 4, 6, 7, 8, 9, 10]);
    expect(again.dataSet?.refused[0]?.reasons).toEqual(['该登录名已被使用，请更换', '该手机号码已被其他账号使用']);
  });

  it('reads the columns by their headers, in any order, with or without the *', async () => {
    const bytes = await workbook([['Import@2026', '冯十一', 'imp11']], ['初始密码', '姓名', '登录名']);
    expect((await upload(bytes)).dataSet).toEqual({ stored: 1, refused: [] });
    const missing = await upload(await workbook([['imp12', 'Import@2026']], ['登录名', '初始密码']));
    expect(missing).toMatchObject({ rtnCode: '400', rtnMessage: '文件缺少「姓名」列，请使用导入模板' });
  });

  it('refuses a role that grants what the importing administrator does not hold', async () => {
    const [role] = await server.db
      .insert(sysRoles)
      .values({ code: 'userimport', name: '用户导入员' })
      .returning({ id: sysRoles.id });
    const codes = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(inArray(sysPermissions.code, ['system:user:list', 'system:user:import']));
    await server.db
      .insert(sysRolePermissions)
      .values(codes.map((code) => ({ roleId: role!.id, permissionId: code.id })));
    const [reviewer] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'reviewer'));
    await server.db.insert(sysUserRoles).values({ userId: reviewer!.id, roleId: role!.id });
    const token = await createSession(server.db, { userId: reviewer!.id, clientName: 'form_client' });
    const answer = await upload(
      await workbook([
        ['imp20', '陈二十', '', '', 'Import@2026', '系统管理员'],
        ['imp21', '褚二一', '', '', 'Import@2026', '用户导入员'],
      ]),
      token,
    );
    expect(answer.dataSet).toEqual({
      stored: 1,
      refused: [{ row: 2, reasons: ['角色「系统管理员」含有您本人没有的权限，不能授予或收回'] }],
    });
    await server.db
      .delete(sysUserRoles)
      .where(and(eq(sysUserRoles.userId, reviewer!.id), eq(sysUserRoles.roleId, role!.id)));
  });

  it('refuses what is no import file, in Chinese, storing nothing', async () => {
    const before = (await server.db.select({ id: sysUsers.id }).from(sysUsers)).length;
    expect(await upload(null)).toMatchObject({ rtnCode: '400', rtnMessage: '请选择要导入的 Excel 文件' });
    expect(await upload(Buffer.from('登录名,姓名\nimp30,卫三十\n'), admin, '用户.csv')).toMatchObject({
      rtnCode: '400',
      rtnMessage: '无法读取该文件，请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
    });
    expect(await upload(await workbook([[], []]))).toMatchObject({
      rtnCode: '400',
      rtnMessage: '文件中没有要导入的数据行',
    });
    const many = Array.from({ length: 501 }, (_, i) => [`bulk${i}`, '批量', '', '', 'weak', '']);
    expect(await upload(await workbook(many))).toMatchObject({
      rtnCode: '400',
      rtnMessage: '一次最多导入 500 行，请分批导入',
    });
    expect(await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 1))).toMatchObject({
      rtnCode: '400',
      rtnMessage: '文件不能超过 2 MB',
    });
    const json = await server.post('/rest/user/importXls', { file: 'x' }, { authorization: admin });
    expect(json.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请选择要导入的 Excel 文件' });
    expect((await server.db.select({ id: sysUsers.id }).from(sysUsers)).length).toBe(before);
  });

  it('is refused without 导入用户, before the file is read', async () => {
    const reviewer = await loginToken(server, REVIEWER);
    const answer = await upload(await workbook([['imp40', '蒋四十', '', '', 'Import@2026', '']]), reviewer);
    expect(answer.rtnCode).toBe('403');
    const [user] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'imp40'));
    expect(user).toBeUndefined();
  });
});
