import ExcelJS from 'exceljs';
import * as sdkCalls from '../../sdk/src/calls';
import { expect, test, type Locator, type Page } from './fixtures';
import { openSignedIn } from './staff';

// 导入 on the lists whose rows staff create (issue 31), one table row a list: the administrator
// downloads the template, fills in rows of which two are wrong (a rule of 新增's form, or a row
// repeated in the file), imports it, sees exactly those two rows with their reasons, and finds
// the others in the list. Codes and names no other journey uses. Accounts: docs/auth.md.

test.describe.configure({ retries: 0 });

interface ImportCase {
  list: string;
  path: string;
  /** The list's container. */
  testId: string;
  /** Goes from the page to the list that imports (字典项: a dictionary of its own, opened). */
  open?: (page: Page) => Promise<Locator>;
  templateFile: string;
  /** The import call's path (the SDK's `…Calls.import`): every one is some case's (or user-import.spec.ts's). */
  imports: string;
  headers: string[];
  /** From the file's row 2. */
  rows: unknown[][];
  /** The two refused rows: number, and the reasons as the result shows them. */
  refused: Array<[number, string]>;
  /** Typed into the search form before looking for the stored rows. */
  search?: { placeholder: string; value: string };
  stored: string[];
  absent: string[];
}

const CASES: ImportCase[] = [
  {
    list: '岗位管理',
    path: '/system/post',
    testId: 'post-list',
    templateFile: '岗位导入模板.xlsx',
    imports: '/rest/postService/importXls',
    headers: ['*岗位编码', '*岗位名称', '排序', '状态', '描述'],
    rows: [
      ['e2e_imp_p1', 'E2E导入岗位甲', 1, '启用', ''],
      ['1bad', 'E2E导入岗位乙', '', '', ''],
      ['e2e_imp_p2', 'E2E导入岗位丙', '', '停用', ''],
      ['E2E_IMP_P1', 'E2E导入岗位丁', '', '', ''],
    ],
    refused: [
      [3, '岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头'],
      [5, '岗位编码与第 2 行重复'],
    ],
    search: { placeholder: '请输入岗位名称', value: 'E2E导入岗位' },
    stored: ['E2E导入岗位甲', 'E2E导入岗位丙'],
    absent: ['E2E导入岗位乙', 'E2E导入岗位丁'],
  },
  {
    list: '机构管理',
    path: '/system/org',
    testId: 'org-list',
    templateFile: '机构导入模板.xlsx',
    imports: '/rest/organ/importXls',
    headers: ['*机构编码', '*机构名称', '上级机构编码', '排序'],
    rows: [
      ['E2E-IMP-C', 'E2E导入子机构', 'E2E-IMP-R', ''],
      ['E2E-IMP-R', 'E2E导入根机构', '', 90],
      ['E2E-IMP-X', 'E2E导入孤儿', 'E2E-NOPE', ''],
      ['e2e-imp-r', 'E2E导入重复', '', ''],
    ],
    refused: [
      [4, '上级机构「E2E-NOPE」不存在'],
      [5, '机构编码与第 3 行重复'],
    ],
    stored: ['E2E导入根机构', 'E2E导入子机构'],
    absent: ['E2E导入孤儿', 'E2E导入重复'],
  },
  {
    list: '数据字典 › 字典项',
    path: '/system/dict',
    testId: 'dict-items',
    async open(page) {
      const dicts = page.getByTestId('dict-list');
      await dicts.getByTestId('dict-add').click();
      const form = page.getByTestId('dict-form');
      await form.getByPlaceholder('请输入字典编码').fill('E2E_IMPORT');
      await form.getByPlaceholder('请输入字典名称').fill('E2E导入字典');
      await page.getByTestId('dict-form-save').click();
      await expect(form).toBeHidden();
      await dicts.getByPlaceholder('请输入字典编码').fill('E2E_IMPORT');
      await dicts.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
      await dicts.getByTestId('dict-items-E2E_IMPORT').click();
      return page.getByTestId('dict-items');
    },
    templateFile: '字典项导入模板.xlsx',
    imports: '/rest/dictItem/importXls',
    headers: ['*字典项编码', '*字典项名称', '排序', '状态'],
    rows: [
      ['i1', 'E2E导入项甲', '', ''],
      ['i 2', 'E2E导入项乙', '', ''],
      ['i3', 'E2E导入项丙', '', '停用'],
      ['I1', 'E2E导入项丁', '', '暂停'],
    ],
    refused: [
      [3, '字典项编码为 1～32 位字母、数字、_、. 或 -'],
      [5, '状态只能填写 启用 或 停用；字典项编码与第 2 行重复'],
    ],
    stored: ['E2E导入项甲', 'E2E导入项丙'],
    absent: ['E2E导入项乙', 'E2E导入项丁'],
  },
  {
    list: '区域管理',
    path: '/system/region',
    testId: 'region-list',
    templateFile: '区域导入模板.xlsx',
    imports: '/rest/region/importXls',
    headers: ['*区域代码', '*区域名称', '上级区域代码', '排序'],
    rows: [
      ['830100', 'E2E导入市', '830000', ''],
      ['830000', 'E2E导入省', '', ''],
      ['8301', 'E2E导入坏码', '830000', ''],
      ['830000', 'E2E导入重复省', '', ''],
    ],
    refused: [
      [4, '区域代码应为 6 位数字的行政区划代码'],
      [5, '区域代码与第 3 行重复'],
    ],
    search: { placeholder: '请输入区域名称', value: 'E2E导入' },
    // The provinces' level: the city is one below.
    stored: ['E2E导入省'],
    absent: ['E2E导入坏码', 'E2E导入重复省'],
  },
  {
    list: '银行管理',
    path: '/system/bank',
    testId: 'bank-list',
    templateFile: '银行导入模板.xlsx',
    imports: '/rest/bank/importXls',
    headers: ['*银行代码', '*银行名称', '排序', '状态', '结算账户开户行'],
    rows: [
      ['9901', 'E2E导入银行甲', '', '', '是'],
      ['99a', 'E2E导入银行乙', '', '', ''],
      [9902, 'E2E导入银行丙', '', '停用', '否'],
      ['9903', 'E2E导入银行甲', '', '', ''],
    ],
    refused: [
      [3, '银行代码为 3～12 位数字（支付系统行别代码或行号）'],
      [5, '银行名称与第 2 行重复'],
    ],
    search: { placeholder: '请输入银行名称', value: 'E2E导入银行' },
    stored: ['E2E导入银行甲', 'E2E导入银行丙'],
    absent: ['E2E导入银行乙'],
  },
  {
    list: '短信模板',
    path: '/system/sms-template',
    testId: 'template-list',
    templateFile: '短信模板导入模板.xlsx',
    imports: '/rest/templateService/importTemplateXls',
    headers: ['*模板编码', '*模板名称', '*模板内容', '变量', '状态'],
    rows: [
      ['E2E_IMP_A', 'E2E导入模板甲', '您好 ${name}，订单 ${order} 已发货', 'name、order', ''],
      ['E2E_IMP_B', 'E2E导入模板乙', '您好 ${name}', 'name、extra', ''],
      ['E2E_IMP_C', 'E2E导入模板丙', '欢迎使用', '', '停用'],
      ['e2e_imp_a', 'E2E导入模板丁', '内容', '', ''],
    ],
    refused: [
      [3, '声明的变量未在模板内容中使用：extra'],
      [5, '模板编码与第 2 行重复'],
    ],
    search: { placeholder: '请输入模板名称', value: 'E2E导入模板' },
    stored: ['E2E导入模板甲', 'E2E导入模板丙'],
    absent: ['E2E导入模板乙', 'E2E导入模板丁'],
  },
];

/** Imports with a spec of their own: 用户管理's (its roles, organisations and posts by name). */
const ELSEWHERE: Readonly<Record<string, string>> = {
  '/rest/user/importXls': 'user-import.spec.ts',
  // A plugin entity's import (one route for every plugin's entities): an outside author's
  // entity, its template filled in and a bad row reported (and the server's suite).
  '/rest/pluginData/:plugin/:entity/importExcel': 'plugin-author-entity.spec.ts',
};

test('every import call of the SDK has a case here, or a spec of its own', () => {
  const importCalls = Object.values(sdkCalls).flatMap((group) =>
    Object.entries(group as Record<string, { path?: string; kind?: string }>)
      .filter(([key, call]) => /import$/i.test(key) && call?.kind === 'upload')
      .map(([, call]) => call.path!),
  );
  expect(importCalls.length).toBeGreaterThanOrEqual(7);
  const cased = new Set(CASES.map((list) => list.imports));
  expect(importCalls.filter((path) => !cased.has(path) && !(path in ELSEWHERE))).toEqual([]);
  expect([...cased].filter((path) => !importCalls.includes(path))).toEqual([]);
});

for (const list of CASES) {
  test(`${list.list}: the template filled in and imported; the two bad rows reported, the rest in the list`, async ({
    page,
  }) => {
    await openSignedIn(page, list.path, 'admin', 'Admin@2026');
    const scope = list.open ? await list.open(page) : page.getByTestId(list.testId);
    await expect(scope.getByTestId('list-import-template')).toBeVisible();

    // 下载模板: the import's columns, the required ones marked *.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      scope.getByTestId('list-import-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe(list.templateFile);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(Array.from(sheet.getRow(1).values as unknown[]).slice(1)).toEqual(list.headers);
    for (const row of list.rows) sheet.addRow(row);

    await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === list.imports),
      scope.getByTestId('list-import-file').setInputFiles({
        name: `${list.list}.xlsx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
      }),
    ]);
    const result = page.getByTestId('list-import-result');
    await expect(result).toContainText(`成功导入 ${list.rows.length - 2} 条，2 行未导入`);
    const refusedRows = result.getByRole('row');
    await expect(refusedRows).toHaveCount(3);
    for (const [index, [row, reasons]] of list.refused.entries()) {
      await expect(
        refusedRows
          .nth(index + 1)
          .getByRole('cell')
          .first(),
      ).toHaveText(String(row));
      await expect(
        refusedRows
          .nth(index + 1)
          .getByRole('cell')
          .nth(1),
      ).toHaveText(reasons);
    }
    await page.getByRole('button', { name: '知道了' }).click();
    await expect(result).toBeHidden();

    if (list.search) {
      await scope.getByPlaceholder(list.search.placeholder).fill(list.search.value);
      await scope.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
    }
    for (const name of list.stored) await expect(scope.getByText(name, { exact: true })).toBeVisible();
    for (const name of list.absent) await expect(scope.getByText(name, { exact: true })).toHaveCount(0);
  });
}
