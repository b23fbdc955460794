import ExcelJS from 'exceljs';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banks,
  dictCategories,
  dictItems,
  regions,
  sysAuditLog,
  sysOrgs,
  sysPosts,
  sysSmsTemplates,
} from '../src/db/schema/index';
import { AddPostBody } from '@cotton/sdk/contracts';
import { ApiError } from '../src/http/envelope';
import { importRows, schemaReasons } from '../src/lib/list/import-rows';
import { ADMIN, loginToken, REVIEWER } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

/**
 * 导入 of the lists whose rows staff create (lib/list/import-rows.ts), one table row a list:
 * the template's headers; a file with two bad rows (a rule of 新增's form, another row of the
 * file) answered with exactly those rows and reasons while the good ones are stored; the same
 * file again refused by the database's duplicates with nothing stored twice; and the call
 * refused without the list's 导入 code.
 */

let server: TestServer;
let admin: string;

interface ImportEnvelope {
  rtnCode: string;
  rtnMessage: string;
  dataSet: { stored: number; refused: Array<{ row: number; reasons: string[] }> } | null;
}

interface ImportCase {
  list: string;
  template: string;
  upload: string;
  fields?: Record<string, string>;
  templateFile: string;
  headers: string[];
  /** Data rows from the file's row 2. */
  rows: unknown[][];
  refused: Array<{ row: number; reasons: string[] }>;
  /** The stored rows as `key:value…`, sorted. */
  stored: () => Promise<string[]>;
  storedRows: string[];
  /** The first good row's reason when the file comes again. */
  takenAgain: string;
  auditAction: string;
}

const CASES: ImportCase[] = [
  {
    list: '岗位管理',
    template: '/rest/postService/importTemplate',
    upload: '/rest/postService/importXls',
    templateFile: '岗位导入模板.xlsx',
    headers: ['*岗位编码', '*岗位名称', '排序', '状态', '描述'],
    rows: [
      ['imp_p1', '导入岗位一', 5, '启用', '描述一'],
      ['1bad', '导入岗位二', 'x', '', ''],
      ['imp_p2', '导入岗位三', '', '停用', ''],
      ['IMP_P1', '导入岗位四', '', '', ''],
    ],
    refused: [
      { row: 3, reasons: ['排序应为整数', '岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头'] },
      { row: 5, reasons: ['岗位编码与第 2 行重复'] },
    ],
    stored: async () =>
      (await server.db.select().from(sysPosts).where(like(sysPosts.code, 'imp_p%'))).map(
        (post) => `${post.code}:${post.name}:${post.sort}:${post.status}:${post.description ?? ''}`,
      ),
    storedRows: ['imp_p1:导入岗位一:5:1:描述一', 'imp_p2:导入岗位三:0:2:'],
    takenAgain: '该岗位编码已被使用，请更换',
    auditAction: 'post.add',
  },
  {
    list: '机构管理',
    template: '/rest/organ/importTemplate',
    upload: '/rest/organ/importXls',
    templateFile: '机构导入模板.xlsx',
    headers: ['*机构编码', '*机构名称', '上级机构编码', '排序'],
    rows: [
      // Above its parent in the file: the parent is stored first.
      ['IMPC', '导入子机构', 'IMPR', ''],
      ['IMPR', '导入根机构', '', 3],
      ['IMPX', '导入孤儿机构', 'NOPE', ''],
      ['impr', '重复机构', '', ''],
    ],
    refused: [
      { row: 4, reasons: ['上级机构「NOPE」不存在'] },
      { row: 5, reasons: ['机构编码与第 3 行重复'] },
    ],
    stored: async () => {
      const orgs = await server.db.select().from(sysOrgs).where(like(sysOrgs.code, 'IMP%'));
      return orgs.map((org) => {
        const parent = orgs.find((other) => other.id === org.parentId);
        return `${org.code}:${org.name}:${parent?.code ?? '-'}:${org.sort}:${org.path === `${parent?.path ?? '/'}${org.id}/`}`;
      });
    },
    storedRows: ['IMPC:导入子机构:IMPR:0:true', 'IMPR:导入根机构:-:3:true'],
    takenAgain: '该机构编码已被使用，请更换',
    auditAction: 'org.add',
  },
  {
    list: '数据字典 › 字典项',
    template: '/rest/dictItem/importTemplate',
    upload: '/rest/dictItem/importXls',
    fields: { categoryCode: 'IMP_TEST' },
    templateFile: '字典项导入模板.xlsx',
    headers: ['*字典项编码', '*字典项名称', '排序', '状态'],
    rows: [
      ['a1', '甲', '', ''],
      ['a 2', '乙', '', ''],
      ['a3', '丙', 7, '停用'],
      ['A1', '丁', '', '暂停'],
    ],
    refused: [
      { row: 3, reasons: ['字典项编码为 1～32 位字母、数字、_、. 或 -'] },
      { row: 5, reasons: ['状态只能填写 启用 或 停用', '字典项编码与第 2 行重复'] },
    ],
    stored: async () =>
      (await server.db.select().from(dictItems).where(eq(dictItems.categoryCode, 'IMP_TEST'))).map(
        (item) => `${item.itemCode}:${item.itemValue}:${item.sort}:${item.status}`,
      ),
    storedRows: ['a1:甲:1:1', 'a3:丙:7:2'],
    takenAgain: '该字典项编码在本字典中已被使用，请更换',
    auditAction: 'dictItem.add',
  },
  {
    list: '区域管理',
    template: '/rest/region/importTemplate',
    upload: '/rest/region/importXls',
    templateFile: '区域导入模板.xlsx',
    headers: ['*区域代码', '*区域名称', '上级区域代码', '排序'],
    rows: [
      // A county, its city and its province, children first: stored parents first.
      ['830102', '导入区县', '830100', ''],
      ['830100', '导入市', 830000, ''],
      ['830000', '导入省', '', 99],
      ['83010', '坏代码', '830100', ''],
      ['830100', '重复市', '830000', ''],
    ],
    refused: [
      { row: 5, reasons: ['区域代码应为 6 位数字的行政区划代码'] },
      { row: 6, reasons: ['区域代码与第 3 行重复'] },
    ],
    stored: async () =>
      (await server.db.select().from(regions).where(like(regions.code, '83%'))).map(
        (region) => `${region.code}:${region.name}:${region.parentCode}:${region.level}:${region.sort}`,
      ),
    storedRows: ['830000:导入省:100000:1:99', '830100:导入市:830000:2:0', '830102:导入区县:830100:3:0'],
    takenAgain: '该区域代码已被使用，请更换',
    auditAction: 'region.add',
  },
  {
    list: '银行管理',
    template: '/rest/bank/importTemplate',
    upload: '/rest/bank/importXls',
    templateFile: '银行导入模板.xlsx',
    headers: ['*银行代码', '*银行名称', '排序', '状态', '结算账户开户行'],
    rows: [
      ['991', '导入银行一', '', '', '是'],
      ['99a', '导入银行二', '', '', ''],
      [992, '导入银行三', 7, '停用', '否'],
      ['993', '导入银行一', '', '', '也许'],
    ],
    refused: [
      { row: 3, reasons: ['银行代码为 3～12 位数字（支付系统行别代码或行号）'] },
      { row: 5, reasons: ['结算账户开户行只能填写 是 或 否', '银行名称与第 2 行重复'] },
    ],
    stored: async () =>
      (
        await server.db
          .select()
          .from(banks)
          .where(inArray(banks.code, ['991', '992', '993']))
      ).map((bank) => `${bank.code}:${bank.name}:${bank.status}:${bank.accountBank}`),
    storedRows: ['991:导入银行一:1:true', '992:导入银行三:2:false'],
    takenAgain: '该银行代码已被使用，请更换',
    auditAction: 'bank.add',
  },
  {
    list: '短信模板',
    template: '/rest/templateService/downloadImportTemplate',
    upload: '/rest/templateService/importTemplateXls',
    templateFile: '短信模板导入模板.xlsx',
    headers: ['*模板编码', '*模板名称', '*模板内容', '变量', '状态'],
    rows: [
      ['IMP_NOTICE', '导入通知', '您好 ${name}，您的订单 ${order} 已发货', 'name、order', ''],
      ['IMP_BAD', '变量不符', '您好 ${name}', 'name, extra', ''],
      ['IMP_PLAIN', '无变量', '欢迎使用', '', '停用'],
      ['imp_notice', '重复模板', '内容', '', ''],
    ],
    refused: [
      { row: 3, reasons: ['声明的变量未在模板内容中使用：extra'] },
      { row: 5, reasons: ['模板编码与第 2 行重复'] },
    ],
    stored: async () =>
      (await server.db.select().from(sysSmsTemplates).where(like(sysSmsTemplates.code, 'IMP_%'))).map(
        (template) => `${template.code}:${template.variables.join('|')}:${template.enabled}`,
      ),
    storedRows: ['IMP_NOTICE:name|order:true', 'IMP_PLAIN::false'],
    takenAgain: '该模板编码已被使用，请更换',
    auditAction: 'smstemplate.add',
  },
];

/** An .xlsx of `rows` under `headers`. */
async function workbook(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Sends the file as the SDK's upload does: the list's fields first, then `file`. */
async function upload(
  path: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
  token = admin,
): Promise<ImportEnvelope> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), '导入.xlsx');
  form.append('requestTime', String(Date.now()));
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as ImportEnvelope;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  await server.db.insert(dictCategories).values({ code: 'IMP_TEST', name: '导入测试字典' });
});
afterAll(async () => {
  await server?.close();
});

describe.each(CASES)('导入 of $list', (list) => {
  it('has a template of the import’s headers, the required ones marked *, and no rows', async () => {
    const response = await fetch(server.baseUrl + list.template, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent(list.templateFile));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(list.headers);
    expect(sheet.actualRowCount).toBe(1);
  });

  it('stores the good rows and answers exactly the two bad ones with their reasons; again, nothing twice', async () => {
    const bytes = await workbook(list.headers, list.rows);
    const answer = await upload(list.upload, bytes, list.fields);
    expect(answer.rtnCode).toBe('0000');
    expect(answer.dataSet).toEqual({ stored: list.rows.length - 2, refused: list.refused });
    expect((await list.stored()).sort()).toEqual(list.storedRows);
    // Each stored row has the add's audit row, as a 新增 has.
    const audits = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, list.auditAction));
    expect(audits.length).toBeGreaterThanOrEqual(list.rows.length - 2);

    const again = await upload(list.upload, bytes, list.fields);
    expect(again.dataSet?.stored).toBe(0);
    expect(again.dataSet?.refused.map((item) => item.row)).toEqual(list.rows.map((_, index) => index + 2));
    expect(again.dataSet?.refused[0]?.reasons).toEqual([list.takenAgain]);
    expect((await list.stored()).sort()).toEqual(list.storedRows);
  });

  it('is refused without the list’s 导入 code, storing nothing', async () => {
    const reviewer = await loginToken(server, REVIEWER);
    const answer = await upload(list.upload, await workbook(list.headers, list.rows), list.fields, reviewer);
    expect(answer.rtnCode).toBe('403');
  });
});

describe('导入 of 字典项', () => {
  it('goes into the dictionary sent with the file, which must exist', async () => {
    const bytes = await workbook(['字典项编码', '字典项名称'], [['z1', '子']]);
    expect(await upload('/rest/dictItem/importXls', bytes)).toMatchObject({
      rtnCode: '400',
      rtnMessage: '请先选择字典',
    });
    expect(await upload('/rest/dictItem/importXls', bytes, { categoryCode: 'NO_SUCH_DICT' })).toMatchObject({
      rtnCode: '404',
      rtnMessage: '字典不存在或已删除',
    });
    const [stored] = await server.db
      .select()
      .from(dictItems)
      .where(and(eq(dictItems.itemCode, 'z1'), eq(dictItems.itemValue, '子')));
    expect(stored).toBeUndefined();
  });
});

describe('importRows', () => {
  const SHEET = {
    columns: [
      { key: 'code', header: '岗位编码', required: true },
      { key: 'name', header: '岗位名称', required: true },
      { key: 'sort', header: '排序' },
      { key: 'description', header: '描述' },
    ],
    maxRows: 10,
  } as const;
  type Key = (typeof SHEET.columns)[number]['key'];
  const row = (number: number, code: string, name: string, sort = '', description = '') => ({
    row: number,
    values: { code, name, sort, description } as Record<Key, string>,
  });

  it('rolls back the whole of a row its add refuses after writing, and keeps the others', async () => {
    const result = await importRows(
      server.db,
      [row(2, 'sp_keep', '保留岗位'), row(3, 'sp_half', '写了一半'), row(4, 'sp_keep2', '保留岗位二')],
      {
        sheet: SHEET,
        body: AddPostBody,
        toBody: (read) => ({ code: read.text('code'), name: read.text('name'), status: '1' }),
        async store(tx, body) {
          await tx.insert(sysPosts).values({ code: body.code, name: body.name, status: '1' });
          if (body.code === 'sp_half') throw new ApiError('400', '第二步失败');
        },
      },
    );
    expect(result).toEqual({ stored: 2, refused: [{ row: 3, reasons: ['第二步失败'] }] });
    const posts = await server.db.select().from(sysPosts).where(like(sysPosts.code, 'sp_%'));
    expect(posts.map((post) => post.code).sort()).toEqual(['sp_keep', 'sp_keep2']);
  });

  it('words the add schema’s rules by field title, one reason a field', () => {
    expect(
      schemaReasons(AddPostBody, {
        code: 'ok_code',
        name: '',
        sort: 10000,
        status: '1',
        description: 'x'.repeat(257),
      }),
    ).toEqual(['岗位名称不能为空', '排序不能大于 9999', '描述长度不能超过 256 个字符']);
    expect(schemaReasons(AddPostBody, { name: '岗位', status: '3' })).toEqual([
      '岗位编码不能为空',
      '状态只能是 1（启用）或 2（停用）',
    ]);
  });
});
