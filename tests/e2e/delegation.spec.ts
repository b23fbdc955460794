import type { APIRequestContext } from '@playwright/test';
import { sessionOverHttp } from './login-api';
import { expect, test, type Page } from './fixtures';
import { BUSINESS_CODE, openMenu, signIn } from './staff';

// Delegation with a ceiling (docs/auth.md "The ceiling"): a helpdesk role cannot take over the
// system administrator; the administrator grants a code created a minute ago; an enterprise's
// administrator gives a sub-account only what is theirs to give. Accounts: docs/auth.md.

// Journeys on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = (await (await request.post(path, { headers: { 'X-Access-Token': token }, data })).json()) as {
    rtnCode: string;
    rtnMessage: string;
    dataSet: T;
  };
  if (answer.rtnCode !== '0000') throw new Error(`${path}: ${answer.rtnCode} ${answer.rtnMessage}`);
  return answer.dataSet;
}

type Send = <T>(path: string, data: unknown) => Promise<T>;

/** Calls made over HTTP as the system administrator (set-up and clean-up beside the journeys). */
async function asAdmin<T>(request: APIRequestContext, work: (send: Send) => Promise<T>): Promise<T> {
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  return work((path, data) => call(request, token, path, data));
}

function treeCheckbox(page: Page, code: string) {
  return page
    .getByTestId('grant-drawer')
    .locator('.arco-tree-node', { has: page.getByTestId(`grant-node-${code}`) })
    .locator('.arco-checkbox');
}

test('a helpdesk role (user list + edit) cannot reset the system administrator’s password in the browser', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Set up over HTTP as the administrator: the role and a helpdesk user holding it.
  const api = await playwright.request.newContext({ baseURL });
  await asAdmin(api, async (send) => {
    const { id: roleId } = await send<{ id: string }>('/rest/role/addRole', { code: 'e2e_helpdesk', name: '服务台' });
    type Node = { id: string; code: string | null; children: Node[] };
    const { tree } = await send<{ tree: Node[] }>('/rest/role/getRolePermissions', { id: roleId });
    const ids: string[] = [];
    const walk = (nodes: Node[]) =>
      nodes.forEach((node) => {
        if (node.code === 'system:user:list' || node.code === 'system:user:edit') ids.push(node.id);
        walk(node.children);
      });
    walk(tree);
    await send('/rest/role/saveRolePermissions', { id: roleId, permissionIds: ids });
    await send('/rest/user/AddUser', {
      loginName: 'e2e.helpdesk',
      realname: '服务台小王',
      password: 'Helpdesk@2026',
      roleIds: [roleId],
    });
  });
  await api.dispose();

  await signIn(page, 'e2e.helpdesk', 'Helpdesk@2026');
  await openMenu(page, '系统管理', '用户管理');
  const users = page.getByTestId('user-list');
  // Found by name: other journeys add users, and the administrator (the oldest) may be on a later page.
  const search = page.getByTestId('list-search-form');
  await search.getByPlaceholder('请输入登录名').fill('admin');
  await search.getByRole('button', { name: /查\s*询/ }).click();
  const adminRow = users.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await adminRow.getByRole('button', { name: '重置密码' }).click();
  const dialog = page.getByTestId('reset-password');
  await dialog.getByLabel('新密码').fill('Taken@2026x');
  await dialog.getByLabel('确认密码').fill('Taken@2026x');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('不能管理权限高于您本人的用户')).toBeVisible();

  // Nor freeze them: the refusal is said, and the administrator still logs in with their password.
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await adminRow.getByRole('button', { name: '冻结' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('不能管理权限高于您本人的用户')).toBeVisible();
  await expect(adminRow).toContainText('正常');
  const check = await playwright.request.newContext({ baseURL });
  await sessionOverHttp(check, BUSINESS_CODE, 'admin', 'Admin@2026');
  await check.dispose();
});

test('the administrator creates a menu with a new permission code and grants it in the grant tree at once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  await asAdmin(api, (send) => send('/rest/role/addRole', { code: 'e2e_qc', name: '质检员' }));

  await signIn(page, 'admin', 'Admin@2026');
  await openMenu(page, '系统管理', '菜单管理');
  const list = page.getByTestId('menu-list');
  const systemRow = list.getByRole('row').filter({ hasText: '/system' }).first();
  await systemRow.getByRole('button', { name: '新增下级' }).click();
  const form = page.getByTestId('menu-form');
  await form.getByPlaceholder('请输入名称').fill('质检台账');
  await form.getByPlaceholder('/system/user').fill('/system/qc-ledger');
  await page.getByTestId('menu-form-component').click();
  await page.getByRole('option', { name: 'system/SmsLog' }).click();
  await form.getByPlaceholder('system:user:add').fill('e2e:qc:list');
  await page.getByTestId('menu-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  // 角色管理 › 授权 for 质检员: the new node is there and can be ticked; the grant is saved.
  await openMenu(page, '系统管理', '角色管理');
  await page.getByTestId('role-grant-e2e_qc').click();
  await expect(treeCheckbox(page, 'e2e:qc:list')).toBeVisible();
  await treeCheckbox(page, 'e2e:qc:list').click();
  await expect(treeCheckbox(page, 'e2e:qc:list')).toHaveClass(/arco-checkbox-checked/);
  await page.getByTestId('grant-save').click();
  await expect(page.getByText('授权已保存')).toBeVisible();
  await expect(page.getByTestId('grant-drawer')).toBeHidden();

  // 系统管理员's own grants: the whole tree, read-only, holding the new code too.
  await page.getByTestId('role-grant-sysadmin').click();
  await expect(page.getByTestId('grant-holds-all')).toBeVisible();
  await expect(treeCheckbox(page, 'e2e:qc:list')).toHaveClass(/arco-checkbox-checked/);
  await expect(page.getByTestId('grant-save')).toBeDisabled();

  // The other journeys share this server: the menu goes again (its grants with it).
  await asAdmin(api, async (send) => {
    type MenuNode = { id: string; code: string | null; children: MenuNode[] };
    const { tree } = await send<{ tree: MenuNode[] }>('/rest/menu/getMenuTree', {});
    const find = (nodes: MenuNode[]): MenuNode | undefined =>
      nodes.map((node) => (node.code === 'e2e:qc:list' ? node : find(node.children))).find(Boolean);
    await send('/rest/menu/delMenuRel', { id: find(tree)!.id });
  });
  await api.dispose();
});

test('an enterprise’s administrator adds a sub-account that logs in and sees only what it was given', async ({
  page,
}) => {
  const ENTERPRISE = 'M000005';
  await signIn(page, 'admin', 'Qiye@2026', ENTERPRISE);
  await openMenu(page, '企业管理', '用户管理');
  await expect(page).toHaveURL(/\/enterprise\/user$/);
  const users = page.getByTestId('user-list');
  await expect(users.getByRole('cell', { name: 'yewu', exact: true })).toBeVisible();
  // Their enterprise's accounts only: none of the centre's.
  await expect(users.getByRole('cell', { name: 'reviewer', exact: true })).toHaveCount(0);

  await page.getByTestId('user-add').click();
  const form = page.getByTestId('user-form');
  await expect(form.getByText('所属机构')).toHaveCount(0);
  await form.getByPlaceholder('请输入登录名').fill('e2e.cashier');
  await form.getByPlaceholder('请输入姓名').fill('赵出纳');
  await form.getByPlaceholder('请输入初始密码').fill('Cashier@2026');
  await form.getByTestId('user-form-roles').click();
  // Only the roles the centre marks grantable to enterprises are offered.
  await expect(page.getByRole('option', { name: '注册审核员' })).toHaveCount(0);
  await page.getByRole('option', { name: '企业业务员' }).click();
  await page.getByTestId('user-form-save').click();
  await expect(users.getByRole('row').filter({ hasText: 'e2e.cashier' })).toContainText('企业业务员');

  // The sub-account: 企业信息 to read, no 用户管理, and the server agrees.
  const sub = await page.context().browser()!.newContext();
  const subPage = await sub.newPage();
  await signIn(subPage, 'e2e.cashier', 'Cashier@2026', ENTERPRISE);
  const menu = subPage.getByTestId('admin-menu');
  await menu.getByText('企业管理').click();
  await expect(menu.getByText('企业信息')).toBeVisible();
  await expect(menu.getByText('用户管理')).toHaveCount(0);
  await expect(menu.getByText('系统管理')).toHaveCount(0);
  const token = await subPage.evaluate(() => JSON.parse(localStorage.getItem('dandelion__token') ?? 'null'));
  const answer = await subPage.request.post('/rest/enterprise/user/getUserPage', {
    headers: { 'X-Access-Token': String(token?.value ?? token) },
    data: { pageNum: 1, pageSize: 10 },
  });
  expect((await answer.json()).rtnCode).toBe('403');
  await sub.close();
});
