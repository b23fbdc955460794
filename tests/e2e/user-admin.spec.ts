import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { signIn } from './staff';

// 系统管理 › 用户管理: the administrator adds a user with a role, finds them with the super
// query and exports what it found, the new user logs in and sees that role's menu only; frozen, their next action
// returns them to the login page; the workbench then lists 用户管理 under 最近访问. Accounts: docs/auth.md (seeded demo users).

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

const CLERK = { loginName: 'e2e.clerk', realname: '测试审核员', password: 'Clerk@2026x' };

test('the administrator adds a reviewer, the reviewer logs in with that menu, and is logged out once frozen', async ({
  browser,
  page,
}) => {
  await signIn(page, 'admin', 'Admin@2026');
  await page.getByTestId('admin-menu').getByText('系统管理').click();
  await page.getByTestId('admin-menu').getByText('用户管理').click();
  await expect(page).toHaveURL(/\/system\/user$/);
  const list = page.getByTestId('user-list');
  // Loaded (other journeys add users: admin, the oldest, may be on a later page).
  await expect(list).toContainText(/共 \d+ 条/);

  // A bad login name is refused at the field before anything is sent.
  await page.getByTestId('user-add').click();
  const form = page.getByTestId('user-form');
  await form.getByPlaceholder('请输入登录名').fill('x');
  await form.getByPlaceholder('请输入姓名').click();
  await expect(form.getByText('登录名为 2～32 位字母、数字或 _ . @ -')).toBeVisible();

  await form.getByPlaceholder('请输入登录名').fill(CLERK.loginName);
  await form.getByPlaceholder('请输入姓名').fill(CLERK.realname);
  await form.getByPlaceholder('请输入初始密码').fill(CLERK.password);
  await form.getByTestId('user-form-org').click();
  await page.locator('.arco-tree-select-popup').getByText('交易部', { exact: true }).click();
  await form.getByTestId('user-form-roles').click();
  await page.getByRole('option', { name: '注册审核员' }).click();
  await page.getByTestId('user-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const row = list.getByRole('row').filter({ hasText: CLERK.loginName });
  await expect(row).toContainText('注册审核员');
  await expect(row).toContainText('交易部');
  await expect(row).toContainText('正常');

  // 高级查询: 登录名 包含 "clerk" leaves only the new user.
  await list.getByRole('button', { name: '高级查询' }).click();
  const superQuery = page.getByTestId('list-super-query');
  await superQuery.getByRole('combobox', { name: '条件' }).click();
  await page.getByRole('option', { name: '包含' }).click();
  await superQuery.getByRole('textbox', { name: '值' }).fill('clerk');
  await page.getByRole('button', { name: '查询', exact: true }).last().click();
  await expect(list.getByRole('row').filter({ hasText: CLERK.loginName })).toHaveCount(1);
  await expect(list.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  await expect(list).toContainText('共 1 条');

  // 导出 writes what the list shows: the columns 列设置 leaves, and that one user.
  await list.getByRole('button', { name: /列设置/ }).click();
  const setting = page.locator('.arco-drawer').filter({ hasText: '列设置' });
  await setting.getByText('邮箱', { exact: true }).click();
  await setting.getByText('所属企业', { exact: true }).click();
  await setting.getByRole('button', { name: '确定' }).click();
  await expect(list.getByRole('columnheader', { name: '邮箱' })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toBe('用户列表.xlsx');
  // The notice is brief (3 s): looked for before the file is read, which on a busy machine
  // took longer than it stays.
  await expect(page.getByText('导出完成')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  const cells = (row: number) =>
    Array.from(sheet.getRow(row).values as unknown[])
      .slice(1)
      .map((value) => String(value ?? ''));
  expect(sheet.rowCount).toBe(2);
  expect(cells(1)).toEqual(['登录名', '姓名', '手机号码', '所属机构', '岗位', '角色', '状态', '创建时间']);
  expect(cells(2).slice(0, 2)).toEqual([CLERK.loginName, CLERK.realname]);
  expect(cells(2)[3]).toBe('交易部');
  expect(cells(2)[5]).toBe('注册审核员');

  // The new user, in a browser of their own: the reviewer's menu, not the system menu.
  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await signIn(clerk, CLERK.loginName, CLERK.password);
  await expect(clerk.getByTestId('admin-menu')).toContainText('工作台');
  await expect(clerk.getByTestId('admin-menu')).toContainText('注册审核');
  await expect(clerk.getByTestId('admin-menu')).not.toContainText('用户管理');
  // The server refuses the user list's call to them, whatever the browser shows.
  const token = await clerk.evaluate(() => JSON.parse(localStorage.getItem('dandelion__token') ?? 'null'));
  const refused = await clerk.request.post('/rest/user/getUserPage', {
    headers: { 'X-Access-Token': String(token?.value ?? token) },
    data: { pageNum: 1, pageSize: 10 },
  });
  expect((await refused.json()).rtnCode).toBe('403');

  // Frozen by the administrator: the clerk's next action leads to the login page.
  await row.getByRole('button', { name: '冻结' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('冻结成功')).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: CLERK.loginName })).toContainText('冻结');
  // Their next action — or the notice bell's poll (every 30 s), whichever comes first: on a
  // busy machine the poll can send them to the login page while the menu is opening.
  await expect(async () => {
    if (!/\/login/.test(clerk.url())) {
      await clerk.getByTestId('admin-user-menu').hover({ timeout: 2000 });
      await clerk.getByTestId('user-menu-center').click({ timeout: 2000 });
    }
    await expect(clerk).toHaveURL(/\/login/, { timeout: 2000 });
  }).toPass();
  await clerkContext.close();

  // Back on the workbench, 最近访问 and 常用功能 hold the page just used; a click opens it again.
  // The kept tab shows its last lists while it asks again: click once the fresh lists are in
  // (the link may move to another place in its list when they arrive).
  const freshLists = Promise.all(
    ['/rest/menu/UserNearMenuList', '/rest/menu/UserMenuList'].map((path) =>
      page.waitForResponse((r) => r.url().includes(path)),
    ),
  );
  await page.getByTestId('admin-menu').getByText('工作台').click();
  await expect(page).toHaveURL(/\/project\/display$/);
  await freshLists;
  const recent = page.getByTestId('overview-recent-menus');
  await expect(recent.getByRole('link', { name: /用户管理/ })).toBeVisible();
  await expect(page.getByTestId('overview-frequent-menus').getByRole('link', { name: /用户管理/ })).toBeVisible();
  await recent.getByRole('link', { name: /用户管理/ }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
});
