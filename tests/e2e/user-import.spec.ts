import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { signIn } from './staff';

// 系统管理 › 用户管理 › 导入: the administrator downloads the template, fills in four users of
// which two are wrong, and imports it; the answer names exactly those two rows and why, and
// the other two are in the list. Accounts: docs/auth.md (seeded demo users).

test.describe.configure({ retries: 0 });

test('the administrator imports users from the template; the two bad rows are reported, the rest stored', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@2026');
  await page.getByTestId('admin-menu').getByText('系统管理').click();
  await page.getByTestId('admin-menu').getByText('用户管理').click();
  const list = page.getByTestId('user-list');
  // Loaded (other spec files add users at the same time: whose rows are on page 1 varies).
  await expect(list).toContainText(/共 \d+ 条/);

  // 下载模板: the import's columns, the required ones marked *.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('list-import-template').click(),
  ]);
  expect(download.suggestedFilename()).toBe('用户导入模板.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(Array.from(sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    '*登录名',
    '*姓名',
    '手机号码',
    '邮箱',
    '*初始密码',
    '角色',
    '所属机构',
    '岗位',
  ]);

  // Filled in: rows 3 (weak password) and 5 (bad phone, unknown role) are wrong.
  sheet.addRow(['e2e.imp1', '导入甲', '13955550001', '', 'Import@2026', '内容编辑']);
  sheet.addRow(['e2e.imp2', '导入乙', '', '', '123', '']);
  sheet.addRow(['e2e.imp3', '导入丙', '', 'imp3@example.com', 'Import@2026', '注册审核员']);
  sheet.addRow(['e2e.imp4', '导入丁', '1395555', '', 'Import@2026', '仓库管理员']);
  const filled = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByTestId('list-import-file').setInputFiles({
    name: '新用户.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  const result = page.getByTestId('list-import-result');
  await expect(result).toContainText('成功导入 2 条，2 行未导入');
  const refusedRows = result.getByRole('row');
  await expect(refusedRows).toHaveCount(3);
  await expect(refusedRows.nth(1)).toContainText('3');
  await expect(refusedRows.nth(1)).toContainText('密码长度为8-20位，且须包含字母和数字');
  await expect(refusedRows.nth(2)).toContainText('5');
  await expect(refusedRows.nth(2)).toContainText('请输入正确格式的手机号码；角色「仓库管理员」不存在');
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(result).toBeHidden();

  // The stored users are in the list at once, with their roles.
  await expect(list.getByRole('row').filter({ hasText: 'e2e.imp1' })).toContainText('内容编辑');
  await expect(list.getByRole('row').filter({ hasText: 'e2e.imp3' })).toContainText('注册审核员');
  await expect(list.getByRole('cell', { name: 'e2e.imp2', exact: true })).toHaveCount(0);
  await expect(list.getByRole('cell', { name: 'e2e.imp4', exact: true })).toHaveCount(0);

  // Not an .xlsx: refused in the browser, nothing sent.
  await page.getByTestId('list-import-file').setInputFiles({
    name: '用户.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('登录名,姓名\n'),
  });
  await expect(page.getByText('请选择 .xlsx 格式的 Excel 文件')).toBeVisible();
});
