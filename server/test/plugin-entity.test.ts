import ExcelJS from 'exceljs';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_LIMITS, type OperationLogDetail, type OperationLogRow } from '@cotton/sdk/contracts';
import { entityPermissionCodes } from '@cotton/sdk/validators';
import {
  dictCategories,
  dictItems,
  files,
  pluginEntityTables,
  regions,
  sysAuditLog,
  sysPermissions,
} from '../src/db/schema/index';
import type { Envelope } from '../src/http/envelope';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';
import { pluginArchive } from './plugin-archive-fixture';

/**
 * Plugin entities (docs/plugins.md "Plugin data"; issue 32 section 1): what a plugin declares in
 * its manifest becomes a table in its own schema and a generic admin list — every refused
 * declaration a 400 naming the field, upgrades that only add, rollback and uninstall that keep
 * the rows, the confirmed purge, and the calls of the list (page, detail, add, update, delete,
 * export, import) with their codes and the data scope of an entity with an owner.
 */

let server: TestServer;
let admin: string;

const PLUGIN = 'qc-records';
const codes = entityPermissionCodes(PLUGIN, 'inspection');

/** 质检记录: six kinds of field, a unique batch number, a list with filters, super query and sorts. */
const inspection = (extra: Array<Record<string, unknown>> = [], list: Record<string, unknown> = {}) => ({
  name: 'inspection',
  label: '质检记录',
  fields: [
    { name: 'batchNo', label: '批号', type: 'string', maxLength: 32, required: true, unique: true, pattern: 'code' },
    { name: 'weight', label: '重量', type: 'decimal', scale: 2 },
    { name: 'bales', label: '包数', type: 'integer', default: 1 },
    { name: 'inspectDate', label: '检验日期', type: 'date', required: true },
    { name: 'passed', label: '合格', type: 'boolean', default: false },
    { name: 'grade', label: '等级', type: 'dict', dictCode: 'QC_GRADE' },
    { name: 'origin', label: '产地', type: 'region' },
    ...extra,
  ],
  list: {
    columns: ['batchNo', 'weight', 'bales', 'inspectDate', 'passed', 'grade', 'createTime'],
    filters: ['batchNo', 'grade', 'passed'],
    superQuery: ['batchNo', 'weight', 'bales', 'inspectDate'],
    sorts: ['batchNo', 'weight', 'inspectDate'],
    ...list,
  },
});

async function install(entities: unknown, options: { id?: string; version?: string; activate?: boolean } = {}) {
  const fixture = pluginArchive({
    id: options.id ?? PLUGIN,
    version: options.version ?? '1.0.0',
    edit: (manifest) => {
      manifest.entities = entities;
    },
  });
  const form = new FormData();
  if (options.activate) form.append('activate', '1');
  form.append('file', new Blob([fixture.archive]), 'plugin.tgz');
  const response = await fetch(`${server.baseUrl}/rest/plugin/installPlugin`, {
    method: 'POST',
    headers: { authorization: admin },
    body: form,
  });
  return (await response.json()) as Envelope<{ id: string; version: string; active: boolean }>;
}

async function refusal(entities: unknown, id = 'refused-plugin'): Promise<string> {
  const answer = await install(entities, { id });
  expect(answer.rtnCode).toBe('400');
  return answer.rtnMessage;
}

const base = (entity = 'inspection', plugin = PLUGIN) => `/rest/pluginData/${plugin}/${entity}`;
const call = <T = unknown>(path: string, body: unknown = {}, token = admin) =>
  server.post<T>(path, body, { authorization: token }).then((answer) => answer.envelope);

/** The first row of a query of the plugin's own tables (no drizzle table declares them here). */
async function one<T>(query: SQL): Promise<T> {
  return ((await server.db.execute(query)) as unknown as { rows: T[] }).rows[0];
}

type Page = { pagination: { result: Array<Record<string, unknown>>; totalCount: number } };

async function workbook(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(path: string, bytes: Buffer, token = admin) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), '导入.xlsx');
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as Envelope<{ stored: number; refused: Array<{ row: number; reasons: string[] }> }>;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  await server.db.insert(dictCategories).values({ code: 'QC_GRADE', name: '质检等级' });
  await server.db
    .insert(regions)
    .values({ code: '110101', parentCode: null, name: '东城区', level: 3 })
    .onConflictDoNothing();
  await server.db.insert(dictItems).values([
    { categoryCode: 'QC_GRADE', itemCode: 'A', itemValue: '一级' },
    { categoryCode: 'QC_GRADE', itemCode: 'B', itemValue: '二级' },
  ]);
  // Until plugin.json declares its codes (issue 32 section 2), an administrator creates them as buttons.
  await server.db
    .insert(sysPermissions)
    .values(Object.values(codes).map((code, index) => ({ type: 'button' as const, name: `质检${index}`, code })));
});
afterAll(async () => {
  await server?.close();
});

describe('the declaration', () => {
  it('refuses what is not allowed with a 400 naming the entity and the field', async () => {
    expect(await refusal([inspection([{ name: 'note', label: '备注', type: 'money' }])])).toContain(
      '实体「inspection」的字段「note」的类型「money」不受支持',
    );
    expect(
      await refusal([
        inspection([{ name: 'x"; drop table sys_users; --', label: '坏', type: 'string', maxLength: 8 }]),
      ]),
    ).toContain('实体「inspection」的字段名「x???drop?table?sys_u…」无效');
    expect(await refusal([{ ...inspection(), name: 'inspection; drop schema public' }])).toContain('实体名「');
    const many = Array.from({ length: ENTITY_LIMITS.fields + 1 }, (_, index) => ({
      name: `f${index}`,
      label: `字段${index}`,
      type: 'integer',
    }));
    expect(await refusal([{ name: 'wide', label: '宽表', fields: many }])).toContain(
      `实体「wide」最多 ${ENTITY_LIMITS.fields} 个字段`,
    );
    expect(await refusal([inspection([{ name: 'note', label: '备注', type: 'string' }])])).toContain(
      '字段「note」是文字，须声明最大长度 maxLength',
    );
    expect(
      await refusal([inspection([{ name: 'note', label: '备注', type: 'string', maxLength: 8, pattern: '(a+)+$' }])]),
    ).toContain('字段「note」的校验规则「?a????…」不受支持');
    expect(await refusal([inspection([{ name: 'id', label: '编号', type: 'integer' }])])).toContain('「id」是系统字段');
    expect(await refusal([inspection([], { sorts: ['nowhere'] })])).toContain(
      '列表设置 sorts 中的「nowhere」不是该实体的字段',
    );
    expect(
      await refusal([inspection([{ name: 'note', label: '备注', type: 'string', maxLength: 4, default: 'too long' }])]),
    ).toContain('字段「note」的默认值与字段的类型或规则不符');
    // An entity's label names its export's sheet, which refuses `/` (exceljs threw: a 500 on 导出).
    expect(await refusal([{ ...inspection(), label: '质检/记录' }])).toContain(
      "实体「inspection」的名称（label）应为 1～32 个字符的文字，不含 / \\ : * ? [ ] ' 和控制字符",
    );
    expect(await refusal([inspection([{ name: 'note', label: '备注*', type: 'integer' }])])).toContain(
      '字段「note」的名称（label）',
    );
    // A file: what it accepts from the list of kinds; neither a filter nor a sort (its id means nothing).
    expect(await refusal([inspection([{ name: 'scan', label: '扫描件', type: 'file', accept: 'exe' }])])).toContain(
      '字段「scan」接受的文件「exe」不受支持，可用的取值：image（图片）、imageOrPdf（图片或 PDF）',
    );
    expect(
      await refusal([inspection([{ name: 'scan', label: '扫描件', type: 'file' }], { sorts: ['scan'] })]),
    ).toContain('实体「inspection」的文件字段「scan」不能用作查询条件或排序');
    // Nothing was created for a refused archive.
    const tables = await server.db
      .select()
      .from(pluginEntityTables)
      .where(eq(pluginEntityTables.pluginId, 'refused-plugin'));
    expect(tables).toEqual([]);
  });
});

describe('an entity installed, served and upgraded', () => {
  let firstId: string;

  it('creates the table in the plugin schema on install', async () => {
    const answer = await install([inspection()]);
    expect(answer.rtnCode).toBe('0000');
    const { exists } = await one<{ exists: boolean }>(
      sql`select to_regclass('plugin_qc_records.inspection') is not null as exists`,
    );
    expect(exists).toBe(true);
    // The 包含 filter of the text field 批号 reads a trigram index, not the whole table.
    const { trigram } = await one<{ trigram: string }>(
      sql`select count(*)::int as trigram from pg_indexes
           where schemaname = 'plugin_qc_records' and tablename = 'inspection'
             and indexdef like '%gin_trgm_ops%' and indexdef like '%"batchNo"%'`,
    );
    expect(trigram).toBe(1);
  });

  it('adds rows through the declaration, with defaults, references and the duplicate check', async () => {
    const added = await call<{ id: string }>(`${base()}/add`, {
      batchNo: 'QC-001',
      weight: '12.50',
      inspectDate: '2026-04-01',
      grade: 'A',
      origin: '110101',
    });
    expect(added).toMatchObject({ rtnCode: '0000' });
    firstId = added.dataSet.id;
    const second = await call(`${base()}/add`, {
      batchNo: 'QC-002',
      weight: 3,
      bales: 7,
      inspectDate: '2026-04-02',
      passed: true,
      grade: 'B',
    });
    expect(second.rtnCode).toBe('0000');

    const taken = await call(`${base()}/add`, { batchNo: 'QC-001', inspectDate: '2026-04-03' });
    expect(taken).toMatchObject({ rtnCode: '400', rtnMessage: '批号「QC-001」已存在，请更换' });
    const wrong = await call(`${base()}/add`, {
      batchNo: 'bad no',
      weight: '1.234',
      inspectDate: '2026-02-30',
      grade: 'Z',
    });
    expect(wrong.rtnCode).toBe('400');
    expect(wrong.rtnMessage).toContain('批号只能含字母、数字、_ 和 -');
    expect(wrong.rtnMessage).toContain('重量应为数字');
    expect(wrong.rtnMessage).toContain('检验日期应为日期');
    const unknownGrade = await call(`${base()}/add`, { batchNo: 'QC-009', inspectDate: '2026-04-03', grade: 'Z' });
    expect(unknownGrade).toMatchObject({ rtnCode: '400', rtnMessage: '等级不是字典中的选项' });
    const sneaky = await call(`${base()}/add`, { batchNo: 'QC-010', inspectDate: '2026-04-03', ownerOrgId: 1 });
    expect(sneaky).toMatchObject({ rtnCode: '400', rtnMessage: '不支持的字段「ownerOrgId」' });

    const detail = await call<Record<string, unknown>>(`${base()}/getDetail`, { id: firstId });
    expect(detail.dataSet).toMatchObject({ batchNo: 'QC-001', weight: '12.50', bales: 1, passed: false, grade: 'A' });
  });

  it('lists with filters, the super query and sorts, and refuses what the list does not allow', async () => {
    const page = await call<Page>(`${base()}/getPage`, {
      pageNum: 1,
      pageSize: 10,
      filters: { batchNo: 'qc-00' },
      sort: { field: 'weight', order: 'asc' },
    });
    expect(page.dataSet.pagination.totalCount).toBe(2);
    expect(page.dataSet.pagination.result.map((row) => row.batchNo)).toEqual(['QC-002', 'QC-001']);
    const passed = await call<Page>(`${base()}/getPage`, { filters: { passed: '1' } });
    expect(passed.dataSet.pagination.result.map((row) => row.batchNo)).toEqual(['QC-002']);
    const heavy = await call<Page>(`${base()}/getPage`, {
      superQueryParams: [{ field: 'weight', rule: 'gt', value: '5' }],
      superQueryMatchType: 'and',
    });
    expect(heavy.dataSet.pagination.result.map((row) => row.batchNo)).toEqual(['QC-001']);
    const refused = await call(`${base()}/getPage`, { sort: { field: 'origin', order: 'asc' } });
    expect(refused).toMatchObject({ rtnCode: '400', rtnMessage: '不支持按“产地”排序' });
    const injected = await call(`${base()}/getPage`, { filters: { 'batchNo;drop': 'x' } });
    expect(injected.rtnCode).toBe('400');
  });

  it('updates, exports and imports with per-row reasons', async () => {
    const updated = await call(`${base()}/update`, { id: firstId, weight: '13.75' });
    expect(updated.rtnCode).toBe('0000');
    const exported = await downloadExport(server, `${base()}/exportXls`, {}, admin);
    expect(exported.rows?.[0]).toEqual(['批号', '重量', '包数', '检验日期', '合格', '等级', '创建时间']);
    expect(exported.rows?.slice(1).map((row) => row.slice(0, 2))).toEqual(
      expect.arrayContaining([
        ['QC-001', '13.75'],
        ['QC-002', '3.00'],
      ]),
    );

    const file = await workbook(
      ['批号', '重量', '包数', '检验日期', '合格', '等级'],
      [
        ['QC-101', '1.5', '2', '2026-05-01', '是', 'A'],
        ['QC-101', '1', '1', '2026-05-01', '否', 'A'],
        ['QC-102', 'heavy', '1', '2026-05-01', '否', ''],
        ['QC-001', '1', '1', '2026-05-02', '否', ''],
        ['QC-103', '', '', '2026-05-03', '', ''],
      ],
    );
    const imported = await upload(`${base()}/importExcel`, file);
    expect(imported.rtnCode).toBe('0000');
    expect(imported.dataSet.stored).toBe(2);
    expect(imported.dataSet.refused).toEqual([
      { row: 3, reasons: ['批号与第 2 行重复'] },
      { row: 4, reasons: ['重量应为数字，最多 16 位整数、2 位小数'] },
      { row: 5, reasons: ['批号「QC-001」已存在，请更换'] },
    ]);
  });

  it('deletes one or several rows, audited', async () => {
    const page = await call<Page>(`${base()}/getPage`, { filters: { batchNo: 'QC-10' } });
    const ids = page.dataSet.pagination.result.map((row) => row.id).join(',');
    const deleted = await call<{ deleted: number }>(`${base()}/delete`, { ids });
    expect(deleted.dataSet.deleted).toBe(2);
    const audits = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'plugin-data'), eq(sysAuditLog.action, 'plugin-data.delete')));
    expect(audits.length).toBe(2);
  });

  it('names each call in 操作日志 by the button of its code, and the sent fields by their labels', async () => {
    const added = await call<{ id: string }>(`${base()}/add`, {
      batchNo: 'QC-LOG',
      inspectDate: '2026-04-03',
      grade: 'B',
    });
    expect(added.rtnCode).toBe('0000');
    const logged = await call<{ pagination: { result: OperationLogRow[] } }>('/rest/log/getOperationLogPage', {
      filters: { url: 'pluginData' },
      pageParameter: { pageNum: 1, pageSize: 1 },
    });
    const [row] = logged.dataSet.pagination.result;
    // The add code's button (made above as 质检1), not the route's address.
    expect(row).toMatchObject({ action: '质检1', kind: 'add', success: true });
    const detail = await call<OperationLogDetail>('/rest/log/getOperationLogDetail', { id: row.id });
    expect(detail.dataSet.fieldLabels).toMatchObject({ batchNo: '批号', inspectDate: '检验日期', grade: '等级' });
    expect(JSON.parse(detail.dataSet.params!)).toMatchObject({ batchNo: 'QC-LOG' });
    expect(detail.dataSet.changes).toEqual([
      expect.objectContaining({ action: 'plugin-data.add', after: expect.objectContaining({ batchNo: 'QC-LOG' }) }),
    ]);
    // The rows the next tests count are the earlier ones.
    expect((await call(`${base()}/delete`, { ids: added.dataSet.id })).rtnCode).toBe('0000');
  });

  it('refuses the calls whose code the user lacks', async () => {
    const reader = await tokenHolding(server, [codes.list]);
    expect((await call<Page>(`${base()}/getPage`, {}, reader)).rtnCode).toBe('0000');
    for (const [path, body] of [
      ['add', { batchNo: 'QC-500', inspectDate: '2026-04-01' }],
      ['update', { id: firstId, weight: '1' }],
      ['delete', { ids: firstId }],
    ] as const) {
      expect(await call(`${base()}/${path}`, body, reader)).toMatchObject({ rtnCode: '403' });
    }
    expect((await downloadExport(server, `${base()}/exportXls`, {}, reader)).envelope?.rtnCode).toBe('403');
    expect((await upload(`${base()}/importExcel`, await workbook(['批号'], [['x']]), reader)).rtnCode).toBe('403');
    // Another plugin's entity of the same name needs its own codes.
    expect((await call(`${base('inspection', 'other-plugin')}/getPage`, {}, reader)).rtnCode).toBe('403');
  });

  it('upgrades by adding a field; refuses a narrowing or a dropped field; rollback keeps the rows', async () => {
    const narrowed = inspection();
    (narrowed.fields[0] as { maxLength: number }).maxLength = 16;
    const narrowing = await install([narrowed], { version: '1.0.1' });
    expect(narrowing).toMatchObject({ rtnCode: '400' });
    expect(narrowing.rtnMessage).toContain('字段「批号」（batchNo）的最大长度不能从 32 减为 16');
    const dropped = { ...inspection(), list: {} };
    dropped.fields.splice(1, 1);
    expect((await install([dropped], { version: '1.0.1' })).rtnMessage).toContain('没有字段「重量」（weight）');
    const required = await install(
      [inspection([{ name: 'lab', label: '实验室', type: 'string', maxLength: 16, required: true }])],
      {
        version: '1.0.1',
      },
    );
    expect(required.rtnMessage).toContain('新增的字段「实验室」（lab）是必填的，须有默认值');

    const upgraded = await install(
      [inspection([{ name: 'lab', label: '实验室', type: 'string', maxLength: 16, required: true, default: '一号' }])],
      { version: '1.1.0', activate: true },
    );
    expect(upgraded.rtnCode).toBe('0000');
    const detail = await call<Record<string, unknown>>(`${base()}/getDetail`, { id: firstId });
    expect(detail.dataSet.lab).toBe('一号');

    const rollback = await call(`/rest/plugin/activateVersion`, { id: PLUGIN, version: '1.0.0' });
    expect(rollback.rtnCode).toBe('0000');
    const page = await call<Page>(`${base()}/getPage`, {});
    expect(page.dataSet.pagination.totalCount).toBe(2);
    expect(page.dataSet.pagination.result[0]).not.toHaveProperty('lab');
    // The older version adds rows: the field it does not know takes its default.
    expect((await call(`${base()}/add`, { batchNo: 'QC-300', inspectDate: '2026-06-01' })).rtnCode).toBe('0000');
    await call(`/rest/plugin/activateVersion`, { id: PLUGIN, version: '1.1.0' });
    const again = await call<Page>(`${base()}/getPage`, { filters: { batchNo: 'QC-300' } });
    expect(again.dataSet.pagination.result[0]).toMatchObject({ batchNo: 'QC-300', lab: '一号' });

    // A required field made optional: rows without it are added from then on.
    const relaxed = inspection([
      { name: 'lab', label: '实验室', type: 'string', maxLength: 16, required: true, default: '一号' },
    ]);
    for (const field of relaxed.fields) if (field.name === 'inspectDate') field.required = false;
    expect((await install([relaxed], { version: '1.2.0', activate: true })).rtnCode).toBe('0000');
    expect((await call(`${base()}/add`, { batchNo: 'QC-301' })).rtnCode).toBe('0000');
  });

  it('keeps the data through uninstall; the purge is confirmed and audited', async () => {
    type Kept = {
      plugins: Array<{ id: string; installed: boolean; tables: Array<{ name: string; label: string; rows: number }> }>;
    };
    const keptOf = async () =>
      (await call<Kept>(`/rest/plugin/getPluginDataList`)).dataSet.plugins.find((plugin) => plugin.id === PLUGIN);
    expect(await keptOf()).toEqual({
      id: PLUGIN,
      installed: true,
      tables: [{ name: 'inspection', label: '质检记录', rows: 4 }],
    });
    // Installed: refused, whatever is typed.
    expect(await call(`/rest/plugin/purgePluginData`, { id: PLUGIN, confirm: PLUGIN })).toMatchObject({
      rtnCode: '400',
      rtnMessage: `插件「${PLUGIN}」仍已安装：请先卸载插件，再清除它的数据`,
    });
    // 插件数据 is 插件管理's: a user without its code is refused.
    const stranger = await tokenHolding(server, [codes.list]);
    expect((await call(`/rest/plugin/getPluginDataList`, {}, stranger)).rtnCode).toBe('403');
    expect((await call(`/rest/plugin/purgePluginData`, { id: PLUGIN, confirm: PLUGIN }, stranger)).rtnCode).toBe('403');
    const uninstalled = await call(`/rest/plugin/uninstallPlugin`, { id: PLUGIN });
    expect(uninstalled.rtnCode).toBe('0000');
    expect((await call(`${base()}/getPage`, {})).rtnCode).toBe('404');
    const data = await call<{ installed: boolean; tables: Array<{ name: string; rows: number }> }>(
      `/rest/plugin/getPluginData`,
      { id: PLUGIN },
    );
    expect(data.dataSet).toMatchObject({ installed: false, tables: [{ name: 'inspection', rows: 4 }] });
    expect(await keptOf()).toEqual({
      id: PLUGIN,
      installed: false,
      tables: [{ name: 'inspection', label: '质检记录', rows: 4 }],
    });
    expect(await call(`/rest/plugin/purgePluginData`, { id: PLUGIN, confirm: 'qc' })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '请输入插件标识以确认清除数据',
    });
    const purged = await call(`/rest/plugin/purgePluginData`, { id: PLUGIN, confirm: PLUGIN });
    expect(purged).toMatchObject({ rtnCode: '0000', dataSet: { id: PLUGIN, tables: 1 } });
    expect(await keptOf()).toBeUndefined();
    expect(await call(`/rest/plugin/purgePluginData`, { id: PLUGIN, confirm: PLUGIN })).toMatchObject({
      rtnCode: '400',
      rtnMessage: `插件「${PLUGIN}」没有保存的数据`,
    });
    const { exists } = await one<{ exists: boolean }>(
      sql`select to_regnamespace('plugin_qc_records') is not null as exists`,
    );
    expect(exists).toBe(false);
    const [audit] = await server.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'plugin.purge'));
    expect(audit).toMatchObject({ entity: 'plugin', entityId: PLUGIN });
  });
});

describe('an entity with an owner', () => {
  it('shows a user the rows of their own enterprise only', async () => {
    const owned = {
      name: 'sample',
      label: '样品',
      owner: 'enterprise',
      fields: [{ name: 'code', label: '样品编号', type: 'string', maxLength: 16, required: true, unique: true }],
    };
    expect((await install([owned], { id: 'owned-data' })).rtnCode).toBe('0000');
    const ownCodes = entityPermissionCodes('owned-data', 'sample');
    await server.db
      .insert(sysPermissions)
      .values(
        [ownCodes.list, ownCodes.add].map((code, index) => ({ type: 'button' as const, name: `样品${index}`, code })),
      );
    const path = base('sample', 'owned-data');
    expect((await call(`${path}/add`, { code: 'S-1' })).rtnCode).toBe('0000');
    // A row of another enterprise, written as if another user had added it.
    await server.db.execute(
      sql`insert into "plugin_owned_data"."sample" ("code", "ownerEnterpriseId") values ('S-OTHER', 999999)`,
    );
    const page = await call<Page>(`${path}/getPage`, {});
    expect(page.dataSet.pagination.result.map((row) => row.code)).toEqual(['S-1']);
    const other = await one<{ id: number }>(sql`select id from "plugin_owned_data"."sample" where code = 'S-OTHER'`);
    expect((await call(`${path}/getDetail`, { id: String(other.id) })).rtnCode).toBe('404');
    // A unique field is unique within the enterprise: another's 样品编号 neither blocks this
    // enterprise nor is told of; its own is refused.
    expect((await call(`${path}/add`, { code: 'S-OTHER' })).rtnCode).toBe('0000');
    expect(await call(`${path}/add`, { code: 'S-1' })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '样品编号「S-1」已存在，请更换',
    });
  });
});

describe('an entity with a file field', () => {
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
  const fileCodes = entityPermissionCodes('file-data', 'report');
  const path = base('report', 'file-data');

  /** An upload to the entity's own call, the field named before the file. */
  async function uploadFile(field: string | null, bytes: Buffer, name: string, token = admin) {
    const form = new FormData();
    if (field !== null) form.append('field', field);
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(`${server.baseUrl}${path}/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: token },
    });
    return (await response.json()) as Envelope<{ fileId: string; fileName: string }>;
  }

  beforeAll(async () => {
    const withFile = {
      name: 'report',
      label: '检验报告',
      owner: 'enterprise',
      fields: [
        { name: 'title', label: '标题', type: 'string', maxLength: 32, required: true },
        { name: 'scan', label: '扫描件', type: 'file' },
        { name: 'photo', label: '样品照片', type: 'file', accept: 'image' },
      ],
    };
    expect((await install([withFile], { id: 'file-data' })).rtnCode).toBe('0000');
    await server.db
      .insert(sysPermissions)
      .values(Object.values(fileCodes).map((code, index) => ({ type: 'button' as const, name: `报告${index}`, code })));
  });

  it('takes the uploader’s own file of a kind the field takes, keeps it with the row, never another user’s', async () => {
    // No field named, a field that is no file, a kind the field does not take: refused, nothing stored.
    expect(await uploadFile(null, PDF, '报告.pdf')).toMatchObject({
      rtnCode: '400',
      rtnMessage: '上传请求未注明文件所属的字段，请刷新页面后重新上传',
    });
    expect(await uploadFile('title', PDF, '报告.pdf')).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该数据实体没有这个文件字段',
    });
    expect(await uploadFile('photo', PDF, '照片.png')).toMatchObject({ rtnCode: '400', rtnMessage: '图片格式错误' });
    const uploaded = await uploadFile('scan', PDF, '报告.pdf');
    expect(uploaded).toMatchObject({ rtnCode: '0000', dataSet: { fileName: '报告.pdf' } });
    const fileId = uploaded.dataSet!.fileId;
    // A PDF sent for the image-only field by id is refused as the upload would have been.
    expect(await call(`${path}/add`, { title: '零号', photo: fileId })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '样品照片不是已上传的文件',
    });
    const added = await call<{ id: string }>(`${path}/add`, { title: '一号', scan: fileId });
    expect(added.rtnCode).toBe('0000');
    // Taken by the row: never swept as a loose upload.
    const [kept] = await server.db.select().from(files).where(eq(files.id, fileId));
    expect(kept!.attachedAt).not.toBeNull();
    // The list and the detail name the file; the export shows its name, not its id.
    const page = await call<Page>(`${path}/getPage`, { pageNo: 1, pageSize: 10 });
    expect(page.dataSet!.pagination.result[0]).toMatchObject({
      scan: fileId,
      fileNames: { scan: '报告.pdf', photo: null },
    });
    const exported = await downloadExport(server, `${path}/exportXls`, {}, admin);
    expect(exported.rows!.flat()).toContain('报告.pdf');
    expect(exported.rows!.flat()).not.toContain(fileId);
    // Another user's file (an applicant's registration scan, say): refused as unknown.
    const [theirs] = await server.db
      .insert(files)
      .values({
        id: 'f'.repeat(32),
        sha256: kept!.sha256,
        size: kept!.size,
        type: 'pdf',
        name: '营业执照.pdf',
        ownerTokenHash: 'a'.repeat(64),
        purpose: 'register',
      })
      .returning({ id: files.id });
    expect(await call(`${path}/add`, { title: '二号', scan: theirs!.id })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '扫描件不是已上传的文件',
    });
    // Nor a file of the caller's own kept for something else (their avatar, whose old one goes when it changes).
    const [avatar] = await server.db
      .insert(files)
      .values({
        id: 'e'.repeat(32),
        sha256: kept!.sha256,
        size: kept!.size,
        type: 'pdf',
        name: '头像.pdf',
        ownerUserId: kept!.ownerUserId,
        purpose: 'avatar',
      })
      .returning({ id: files.id });
    expect(await call(`${path}/add`, { title: '二号', scan: avatar!.id })).toMatchObject({
      rtnCode: '400',
      rtnMessage: '扫描件不是已上传的文件',
    });
    // An editor who is not the uploader saves the row with its own file unchanged.
    const editor = await tokenHolding(server, [fileCodes.list, fileCodes.edit]);
    expect(
      (await call(`${path}/update`, { id: added.dataSet!.id, title: '一号（改）', scan: fileId }, editor)).rtnCode,
    ).toBe('0000');
    expect(await call(`${path}/update`, { id: added.dataSet!.id, scan: theirs!.id }, editor)).toMatchObject({
      rtnCode: '400',
      rtnMessage: '扫描件不是已上传的文件',
    });
  });

  it('uploads only for holders of 新增 or 编辑, and previews a row’s file for whoever may see the row', async () => {
    const reader = await tokenHolding(server, [fileCodes.list]);
    expect((await uploadFile('scan', PDF, '报告.pdf', reader)).rtnCode).toBe('403');
    const adder = await tokenHolding(server, [fileCodes.list, fileCodes.add]);
    expect((await uploadFile('scan', PDF, '报告.pdf', adder)).rtnCode).toBe('0000');
    const editor = await tokenHolding(server, [fileCodes.list, fileCodes.edit]);
    const uploaded = await uploadFile('scan', PDF, '二号报告.pdf', editor);
    expect(uploaded.rtnCode).toBe('0000');
    // Added by the administrator with no file, given the editor's upload by the editor.
    const added = await call<{ id: string }>(`${path}/add`, { title: '三号' });
    const getFile = (body: unknown, token: string) =>
      call<{ fileName: string; previewUrl: string }>(`${path}/getFile`, body, token);
    expect(await getFile({ id: added.dataSet!.id, field: 'scan' }, reader)).toMatchObject({
      rtnCode: '404',
      rtnMessage: '该记录没有上传扫描件',
    });
    expect(
      (await call(`${path}/update`, { id: added.dataSet!.id, scan: uploaded.dataSet!.fileId }, editor)).rtnCode,
    ).toBe('0000');
    // The reader — neither uploader nor editor — sees the row, so sees its file.
    const file = await getFile({ id: added.dataSet!.id, field: 'scan' }, reader);
    expect(file).toMatchObject({ rtnCode: '0000', dataSet: { fileName: '二号报告.pdf' } });
    const preview = await fetch(server.baseUrl + file.dataSet!.previewUrl);
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(PDF);
    // Opened in a tab of its own: not keyed by origin as the portal's pages are (Chrome would warn).
    expect(preview.headers.get('origin-agent-cluster')).toBeNull();
    // Another enterprise's row, though it names the same file: not the reader's to see.
    await server.db.execute(
      sql`insert into "plugin_file_data"."report" ("title", "scan", "ownerEnterpriseId") values ('他家', ${uploaded.dataSet!.fileId}, 999999)`,
    );
    const theirs = await one<{ id: number }>(sql`select id from "plugin_file_data"."report" where title = '他家'`);
    expect(await getFile({ id: String(theirs.id), field: 'scan' }, reader)).toMatchObject({
      rtnCode: '404',
      rtnMessage: '记录不存在或已删除',
    });
    // The uploader's own preview call still does not show it to others.
    expect((await call('/rest/file/queryFileInfoByFileId', { fileId: uploaded.dataSet!.fileId }, reader)).rtnCode).toBe(
      '404',
    );
    // Not a file field, no such row, no list code.
    expect(await getFile({ id: added.dataSet!.id, field: 'title' }, reader)).toMatchObject({
      rtnCode: '400',
      rtnMessage: '该数据实体没有这个文件字段',
    });
    expect((await getFile({ id: '999999', field: 'scan' }, reader)).rtnCode).toBe('404');
    const stranger = await tokenHolding(server, [codes.list]);
    expect((await getFile({ id: added.dataSet!.id, field: 'scan' }, stranger)).rtnCode).toBe('403');
  });
});
