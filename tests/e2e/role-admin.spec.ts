import { expect, test, type Page } from './fixtures';
import { openMenu, signIn } from './staff';

// 系统管理 › 角色管理: the administrator creates a role with two menus and one button, gives
// it to a new user; that user sees exactly those menus and that button, and the server
// refuses them everything else. Accounts: docs/auth.md (seeded demo users).

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

const ROLE = { code: 'e2e_sms_operator', name: '短信值班员' };
const OPERATOR = { loginName: 'e2e.operator', realname: '测试值班员', password: 'Operator@2026x' };

function treeCheckbox(page: Page, code: string) {
  return page
    .getByTestId('grant-drawer')
    .locator('.arco-tree-node', { has: page.getByTestId(`grant-node-${code}`) })
    .locator('.arco-checkbox');
}

test('the administrator creates a role with two menus and one button; its holder sees just those, the server refuses the rest', async ({
  browser,
  page,
}) => {
  await signIn(page, 'admin', 'Admin@2026');
  await openMenu(page, '系统管理', '角色管理');
  await expect(page).toHaveURL(/\/system\/role$/);
  const roles = page.getByTestId('role-list');
  // Loaded (other journeys add roles: 系统管理员 may be on a later page).
  await expect(roles).toContainText(/共 \d+ 条/);

  // The role.
  await page.getByTestId('role-add').click();
  const form = page.getByTestId('role-form');
  await form.getByPlaceholder('请输入角色编码').fill(ROLE.code);
  await form.getByPlaceholder('请输入角色名称').fill(ROLE.name);
  await page.getByTestId('role-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(roles.getByRole('row').filter({ hasText: ROLE.code })).toContainText('0');

  // Its grants: 新增用户 brings 用户管理 with it; 短信日志 brings its delete button, taken off again.
  await page.getByTestId(`role-grant-${ROLE.code}`).click();
  await expect(treeCheckbox(page, 'system:user:add')).toBeVisible();
  await treeCheckbox(page, 'system:user:add').click();
  await expect(treeCheckbox(page, 'system:user:list')).toHaveClass(/arco-checkbox-checked/);
  await expect(treeCheckbox(page, 'system:user:delete')).not.toHaveClass(/arco-checkbox-checked/);
  await treeCheckbox(page, 'system:sms:list').click();
  await treeCheckbox(page, 'system:sms:delete').click();
  await expect(treeCheckbox(page, 'system:sms:delete')).not.toHaveClass(/arco-checkbox-checked/);
  await page.getByTestId('grant-save').click();
  await expect(page.getByText('授权已保存')).toBeVisible();

  // A user holding it.
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);
  await page.getByTestId('user-add').click();
  const userForm = page.getByTestId('user-form');
  await userForm.getByPlaceholder('请输入登录名').fill(OPERATOR.loginName);
  await userForm.getByPlaceholder('请输入姓名').fill(OPERATOR.realname);
  await userForm.getByPlaceholder('请输入初始密码').fill(OPERATOR.password);
  await userForm.getByTestId('user-form-roles').click();
  await page.getByRole('option', { name: ROLE.name }).click();
  await page.getByTestId('user-form-save').click();
  // The role's 保存成功 may still be showing: the user's row is the proof.
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(page.getByTestId('user-list').getByRole('row').filter({ hasText: OPERATOR.loginName })).toContainText(
    ROLE.name,
  );

  // The new user, in a browser of their own: 用户管理 and 短信日志 under 系统管理, no 角色管理;
  // 新增 but no 删除 or 编辑.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signIn(operator, OPERATOR.loginName, OPERATOR.password);
  const menu = operator.getByTestId('admin-menu');
  await menu.getByText('系统管理').click();
  await expect(menu.getByText('用户管理')).toBeVisible();
  await expect(menu.getByText('短信日志')).toBeVisible();
  await expect(menu.getByText('角色管理')).toHaveCount(0);
  await menu.getByText('用户管理').click();
  const users = operator.getByTestId('user-list');
  await expect(users.getByRole('cell', { name: OPERATOR.loginName, exact: true })).toBeVisible();
  await expect(operator.getByTestId('user-add')).toBeVisible();
  await expect(users.getByRole('button', { name: '删除', exact: true })).toHaveCount(0);
  await expect(users.getByRole('button', { name: '编辑', exact: true })).toHaveCount(0);

  // Whatever the browser shows, the server refuses the calls of what was not granted.
  const token = await operator.evaluate(() => JSON.parse(localStorage.getItem('dandelion__token') ?? 'null'));
  const headers = { 'X-Access-Token': String(token?.value ?? token) };
  for (const [path, data] of [
    ['/rest/role/getRolePage', { pageNum: 1, pageSize: 10 }],
    ['/rest/user/DelUser', { ids: '1' }],
    ['/rest/smsService/deleteSmsByIds', { ids: '1' }],
  ] as const) {
    const answer = await operator.request.post(path, { headers, data });
    expect((await answer.json()).rtnCode, path).toBe('403');
  }
  const allowed = await operator.request.post('/rest/smsService/getSmsByPage', {
    headers,
    data: { pageNum: 1, pageSize: 10 },
  });
  expect((await allowed.json()).rtnCode).toBe('0000');
  await operatorContext.close();

  // The administrator, still signed in, cannot delete the role while it is held.
  await openMenu(page, '系统管理', '角色管理');
  await page.getByTestId(`role-delete-${ROLE.code}`).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`角色「${ROLE.name}」仍有用户在使用`)).toBeVisible();
});
