import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { sessionOverHttp } from './login-api';
import { BUSINESS_CODE, signIn } from './staff';

// 系统管理 › 机构管理 and 数据权限: the administrator adds an organisation under 仓储监管部 and
// gives a role the rule 本机构及下级机构 on 用户管理 and on 操作日志; a holder of that role in
// 仓储监管部 then sees the users of 仓储监管部 and below only, and only the operations of those
// users — the server's list, not a filter of the browser.

// One journey on one server's state: a retry would start from another state.
test.describe.configure({ retries: 0 });

const ROLE = { code: 'e2e_wh_viewer', name: '仓储用户查看员' };
const LEAD = { loginName: 'e2e.whlead', password: 'Whlead@2026x' };

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(path, { headers: { 'X-Access-Token': token }, data });
  const body = (await answer.json()) as { rtnCode: string; rtnMessage: string; dataSet: T };
  if (body.rtnCode !== '0000') throw new Error(`${path}: ${body.rtnCode} ${body.rtnMessage}`);
  return body.dataSet;
}

interface GrantNode {
  id: string;
  code: string | null;
  children: GrantNode[];
}
const flat = (nodes: GrantNode[]): GrantNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);

test('a data rule limits a role to its organisation and below; the administrator sets it up in the browser', async ({
  browser,
  page,
  request,
}) => {
  // The role and three users, over the API.
  const { token } = await sessionOverHttp(request, BUSINESS_CODE, 'admin', 'Admin@2026');
  const { orgs } = await call<{ orgs: Array<{ id: string; code: string }> }>(
    request,
    token,
    '/rest/organ/getOrganTree',
    {},
  );
  const org = (code: string) => orgs.find((item) => item.code === code)!.id;
  const { id: roleId } = await call<{ id: string }>(request, token, '/rest/role/addRole', ROLE);
  const { tree } = await call<{ tree: GrantNode[] }>(request, token, '/rest/role/getRolePermissions', { id: roleId });
  const menus = flat(tree).filter((node) => node.code === 'system:user:list' || node.code === 'system:log:operation');
  expect(menus).toHaveLength(2);
  await call(request, token, '/rest/role/saveRolePermissions', {
    id: roleId,
    permissionIds: menus.map((menu) => menu.id),
  });
  const addUser = (loginName: string, realname: string, orgCode: string, roleIds: string[] = []) =>
    call(request, token, '/rest/user/AddUser', {
      loginName,
      realname,
      password: LEAD.password,
      roleIds,
      orgId: org(orgCode),
    });
  await addUser(LEAD.loginName, '仓储部组长', 'WAREHOUSE', [roleId]);
  await addUser('e2e.xjstaff', '新疆监管员', 'WH-XJ');
  await addUser('e2e.tradestaff', '交易部职员', 'TRADE');

  await signIn(page, 'admin', 'Admin@2026');

  // 机构管理: 河北监管处 under 仓储监管部.
  await page.goto('/system/org');
  const orgList = page.getByTestId('org-list');
  await orgList.getByTestId('org-add-child-WAREHOUSE').click();
  const orgForm = page.getByTestId('org-form');
  await orgForm.getByPlaceholder('请输入机构编码').fill('WH-HB');
  await orgForm.getByPlaceholder('请输入机构名称').fill('河北监管处');
  await page.getByTestId('org-form-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(orgList.getByRole('row').filter({ hasText: 'WH-HB' })).toContainText('河北监管处');

  // 数据权限: the rules, on 用户管理 and on 操作日志, given to the role.
  await page.goto('/system/data-rule');
  for (const { menu, name } of [
    { menu: '用户管理', name: '仓储部只看本部' },
    { menu: '操作日志', name: '仓储部只看本部操作' },
  ]) {
    await page.getByTestId('data-rule-add').click();
    const ruleForm = page.getByTestId('data-rule-form');
    // 菜单 is the form's first select (角色 the other).
    await ruleForm.locator('.arco-select-view').first().click();
    await page.getByRole('option', { name: menu, exact: true }).click();
    await ruleForm.getByPlaceholder('请输入规则名称').fill(name);
    await ruleForm.getByText('本机构及下级机构').click();
    await ruleForm.getByTestId('data-rule-form-roles').click();
    await page.getByRole('option', { name: ROLE.name }).click();
    await page.getByTestId('data-rule-form-save').click();
    await expect(ruleForm).toBeHidden();
    const rule = page.getByTestId('data-rule-list').getByRole('row').filter({ hasText: name });
    await expect(rule).toContainText(menu);
    await expect(rule).toContainText('本机构及下级机构');
    await expect(rule).toContainText(ROLE.name);
  }

  // The role's holder sees 仓储监管部 and below only; the tree beside the list offers those.
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, LEAD.loginName, LEAD.password);
  await lead.getByTestId('admin-menu').getByText('系统管理').click();
  await lead.getByTestId('admin-menu').getByText('用户管理').click();
  const users = lead.getByTestId('user-list');
  await expect(users).toContainText('共 2 条');
  await expect(users.getByRole('cell', { name: LEAD.loginName, exact: true })).toBeVisible();
  await expect(users.getByRole('cell', { name: 'e2e.xjstaff', exact: true })).toBeVisible();
  await expect(users.getByRole('cell', { name: 'e2e.tradestaff', exact: true })).toHaveCount(0);
  await expect(users.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  // Choosing 新疆监管处 in the tree narrows the list to it.
  await lead.getByTestId('user-org-tree').getByText('新疆监管处').click();
  await expect(users).toContainText('共 1 条');
  await expect(users.getByRole('cell', { name: 'e2e.xjstaff', exact: true })).toBeVisible();

  // 操作日志: their own refused try (recorded with 仓储监管部) is there; the administrator's
  // operations (信息技术部) are not.
  const leadToken = (await sessionOverHttp(request, BUSINESS_CODE, LEAD.loginName, LEAD.password)).token;
  const refused = await request.post('/rest/user/UpdFrozenUser', {
    headers: { 'X-Access-Token': leadToken },
    data: { ids: '1', status: '2' },
  });
  expect(((await refused.json()) as { rtnCode: string }).rtnCode).toBe('403');
  await lead.getByTestId('admin-menu').getByText('操作日志').click();
  const operations = lead.getByTestId('operation-log');
  await expect(operations.getByRole('cell', { name: LEAD.loginName, exact: true }).first()).toBeVisible();
  await expect(operations.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  await leadContext.close();

  // The administrator, without a rule, still sees everyone.
  await page.goto('/system/user');
  await expect(page.getByTestId('user-list').getByRole('cell', { name: 'e2e.tradestaff', exact: true })).toBeVisible();
  await page.goto('/system/log/operation');
  await expect(
    page.getByTestId('operation-log').getByRole('cell', { name: 'admin', exact: true }).first(),
  ).toBeVisible();
});
