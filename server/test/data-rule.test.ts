import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysPermissions, sysRolePermissions } from '../src/db/schema/index';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

/**
 * 数据权限 (docs/auth.md "Data permissions"): a rule on 用户管理 given to a role limits the
 * users its holders see — in the list, the export, the detail and every write — and a role
 * holding the menu without a rule sees the whole enterprise.
 */

let server: TestServer;
let admin: string;
let lead: string;
const orgIds = new Map<string, string>();
let ruleId: string;
let roleId: string;

interface UserRow {
  id: string;
  loginName: string;
}
type Page = { pagination: { result: UserRow[]; totalCount: number } };

const post = <T>(path: string, body: unknown, token: string) => server.post<T>(path, body, { authorization: token });

async function addRole(code: string, grants: string[]): Promise<string> {
  const answer = await post<{ id: string }>('/rest/role/addRole', { code, name: code }, admin);
  const id = answer.envelope.dataSet.id;
  const permissions = await server.db
    .select({ id: sysPermissions.id })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, grants));
  await server.db
    .insert(sysRolePermissions)
    .values(permissions.map((permission) => ({ roleId: Number(id), permissionId: permission.id })));
  return id;
}

async function addUser(loginName: string, org: string, roleIds: string[] = [], token = admin) {
  return post<{ id: string }>(
    '/rest/user/AddUser',
    { loginName, realname: loginName, password: 'Scope@2026', roleIds, orgId: orgIds.get(org) },
    token,
  );
}

async function seen(token: string, body: Record<string, unknown> = {}): Promise<string[]> {
  const answer = await post<Page>('/rest/user/getUserPage', { pageSize: 100, ...body }, token);
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet.pagination.result.map((row) => row.loginName).sort();
}

async function setScope(scope: string, roleIds = [roleId]) {
  const answer = await post(
    '/rest/datapermission/updDataRule',
    { id: ruleId, menuId: await userMenuId(), name: '仓储部看本部', scope, roleIds },
    admin,
  );
  expect(answer.envelope.rtnCode).toBe('0000');
}

async function userMenuId(): Promise<string> {
  const options = await post<{ menus: Array<{ id: string; name: string }> }>(
    '/rest/datapermission/getDataRuleOptions',
    {},
    admin,
  );
  return options.envelope.dataSet.menus.find((menu) => menu.name === '用户管理')!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  const tree = await post<{ orgs: Array<{ id: string; code: string }> }>('/rest/organ/getOrganTree', {}, admin);
  for (const org of tree.envelope.dataSet.orgs) orgIds.set(org.code, org.id);
  roleId = await addRole('whview', ['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:export']);
  const rule = await post<{ id: string }>(
    '/rest/datapermission/addDataRule',
    { menuId: await userMenuId(), name: '仓储部看本部', scope: 'org_and_below', roleIds: [roleId] },
    admin,
  );
  expect(rule.envelope.rtnCode).toBe('0000');
  ruleId = rule.envelope.dataSet.id;
  expect((await addUser('whlead', 'WAREHOUSE', [roleId])).envelope.rtnCode).toBe('0000');
  expect((await addUser('xjuser', 'WH-XJ')).envelope.rtnCode).toBe('0000');
  expect((await addUser('tradeuser', 'TRADE')).envelope.rtnCode).toBe('0000');
  lead = await loginToken(server, { code: 'CNCE', username: 'whlead', password: 'Scope@2026' });
});
afterAll(async () => {
  await server?.close();
});

describe('数据权限 rules', () => {
  it('lists the rules with their menu and roles', async () => {
    const answer = await post<{ pagination: { result: Array<{ name: string; menuName: string; roleNames: string }> } }>(
      '/rest/datapermission/getDataRulePage',
      { filters: { name: '仓储' } },
      admin,
    );
    expect(answer.envelope.dataSet.pagination.result).toEqual([
      expect.objectContaining({
        name: '仓储部看本部',
        menuName: '用户管理',
        roleNames: 'whview',
        scope: 'org_and_below',
      }),
    ]);
  });

  it('refuses a rule on a menu whose list does not honour rules, and an unknown scope', async () => {
    const [menu] = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(inArray(sysPermissions.code, ['system:role:list']));
    const refused = await post(
      '/rest/datapermission/addDataRule',
      { menuId: String(menu!.id), name: '角色规则', scope: 'org', roleIds: [] },
      admin,
    );
    expect(refused.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '所选菜单不支持数据权限，请刷新后重试' });
    const badScope = await post(
      '/rest/datapermission/addDataRule',
      { menuId: await userMenuId(), name: '坏范围', scope: 'everything', roleIds: [] },
      admin,
    );
    expect(badScope.envelope.rtnCode).toBe('400');
  });
});

describe('数据权限 › 导出', () => {
  const exportRules = (body: unknown, token = admin) =>
    downloadExport(server, '/rest/datapermission/exportXls', body, token);

  it('writes the seeded rules the query matches, 数据范围 by name, in China time', async () => {
    const answer = await exportRules({
      filters: { scope: 'org' },
      superQueryParams: [{ field: 'name', rule: 'like', value: '用户' }],
    });
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('数据权限.xlsx')}`);
    expect(answer.rows!.map((row) => row.slice(0, 4))).toEqual([
      ['菜单', '规则名称', '数据范围', '角色'],
      ['用户管理', '本机构的用户', '本机构', ''],
    ]);
    expect(answer.rows![0]![4]).toBe('创建时间');
    expect(answer.rows![1]![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const sorted = await exportRules({ sort: { field: 'name', order: 'asc' }, field: 'scope,name' });
    expect(sorted.rows![0]).toEqual(['规则名称', '数据范围']);
    expect(sorted.rows).toContainEqual(['仓储部看本部', '本机构及下级机构']);
    expect(sorted.rows).toContainEqual(['全部用户', '全部数据']);
    expect(sorted.rows).toContainEqual(['仅本人', '仅本人']);
  });

  it('writes only the selected rules', async () => {
    const answer = await exportRules({ selections: ruleId, field: 'name,roleNames' });
    expect(answer.rows).toEqual([
      ['规则名称', '角色'],
      ['仓储部看本部', 'whview'],
    ]);
  });

  it('is refused to a user holding 数据权限 but not 导出数据权限', async () => {
    const reader = await tokenHolding(server, ['system:datarule:list']);
    expect((await post('/rest/datapermission/getDataRulePage', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportRules({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
  });
});

describe('用户管理 under 本机构及下级机构', () => {
  it('lists only the users of the own organisation and below; the administrator still sees all', async () => {
    expect(await seen(lead)).toEqual(['whlead', 'xjuser']);
    // A filter cannot widen it.
    expect(await seen(lead, { filters: { loginName: 'tradeuser' } })).toEqual([]);
    expect(await seen(admin, { filters: { loginName: 'user' } })).toEqual(['tradeuser', 'xjuser']);
  });

  it('exports only those users', async () => {
    const response = await fetch(`${server.baseUrl}/rest/user/exportXls`, {
      method: 'POST',
      headers: { authorization: lead, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const names: string[] = [];
    book.worksheets[0]!.eachRow((row, number) => {
      if (number > 1) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual(['whlead', 'xjuser']);
  });

  it('treats a user outside the scope as absent: detail, freeze, reset password', async () => {
    const all = await post<Page>('/rest/user/getUserPage', { filters: { loginName: 'tradeuser' } }, admin);
    const outside = all.envelope.dataSet.pagination.result[0]!.id;
    expect((await post('/rest/user/getUserBindRoles', { id: outside }, lead)).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '用户不存在或已删除',
    });
    expect((await post('/rest/user/UpdFrozenUser', { ids: outside, status: '2' }, lead)).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '用户不存在或已删除',
    });
    expect((await post('/rest/user/UpdPwdUser', { id: outside, password: 'Other@2026x' }, lead)).envelope.rtnCode).toBe(
      '404',
    );
    expect((await post('/rest/user/getUserThirdAccounts', { id: outside }, lead)).envelope.rtnCode).toBe('404');
    expect((await post('/rest/user/getAllUser', {}, lead)).envelope).toMatchObject({
      dataSet: {
        users: [expect.objectContaining({ loginName: 'whlead' }), expect.objectContaining({ loginName: 'xjuser' })],
      },
    });
  });

  it('adds users only into organisations within the scope, and offers only those', async () => {
    const options = await post<{ orgs: Array<{ code: string; selectable: boolean }> }>(
      '/rest/user/getUserBindRoles',
      {},
      lead,
    );
    expect(
      options.envelope.dataSet.orgs
        .filter((org) => org.selectable)
        .map((org) => org.code)
        .sort(),
    ).toEqual(['WAREHOUSE', 'WH-HN', 'WH-SD', 'WH-XJ']);
    expect((await addUser('leadadd1', 'TRADE', [], lead)).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '所选机构不在您的数据权限范围内',
    });
    expect((await addUser('leadadd2', 'WH-HN', [], lead)).envelope.rtnCode).toBe('0000');
    expect(await seen(lead)).toEqual(['leadadd2', 'whlead', 'xjuser']);
  });
});

describe('what a limited administrator cannot do', () => {
  it('gives no role that sees further than they do, to others or to themselves', async () => {
    const wideRole = await addRole('widegive', ['system:user:list']);
    const refused = await addUser('leadadd9', 'WH-XJ', [wideRole], lead);
    expect(refused.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '角色「widegive」的数据权限超出您本人的范围，不能授予或收回',
    });
    const self = await post<Page>('/rest/user/getUserPage', { filters: { loginName: 'whlead' } }, lead);
    const leadId = self.envelope.dataSet.pagination.result[0]!.id;
    const raised = await post(
      '/rest/user/UpdUser',
      { id: leadId, realname: 'whlead', roleIds: [roleId, wideRole], orgId: orgIds.get('WAREHOUSE') },
      lead,
    );
    expect(raised.envelope.rtnCode).toBe('403');
    // Its own role, limited as they are, may be given.
    expect((await addUser('leadadd4', 'WH-SD', [roleId], lead)).envelope.rtnCode).toBe('0000');
  });

  it('filters by an organisation and those below it, on the server', async () => {
    expect(await seen(lead, { filters: { orgId: orgIds.get('WAREHOUSE') } })).toEqual([
      'leadadd2',
      'leadadd4',
      'whlead',
      'xjuser',
    ]);
    expect(await seen(lead, { filters: { orgId: orgIds.get('WH-XJ') } })).toEqual(['xjuser']);
    // Another branch: nothing the scope allows.
    expect(await seen(lead, { filters: { orgId: orgIds.get('TRADE') } })).toEqual([]);
    expect((await post('/rest/user/getUserPage', { filters: { orgId: 'x' } }, lead)).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '“所属机构”应为机构编号',
    });
  });

  it('edits themselves without moving, even under 仅本人', async () => {
    await setScope('self');
    const self = await post<Page>('/rest/user/getUserPage', {}, lead);
    const leadId = self.envelope.dataSet.pagination.result[0]!.id;
    const edited = await post(
      '/rest/user/UpdUser',
      { id: leadId, realname: '仓储部组长', roleIds: [roleId], orgId: orgIds.get('WAREHOUSE') },
      lead,
    );
    expect(edited.envelope.rtnCode).toBe('0000');
    await setScope('org_and_below');
  });
});

describe('other scopes and several roles', () => {
  it('本机构 sees the own organisation only, 仅本人 oneself only', async () => {
    await setScope('org');
    expect(await seen(lead)).toEqual(['whlead']);
    await setScope('self');
    expect(await seen(lead)).toEqual(['whlead']);
    expect((await addUser('leadadd3', 'WAREHOUSE', [], lead)).envelope.rtnCode).toBe('403');
    await setScope('org_and_below');
  });

  it('a second role holding 用户管理 without a rule widens the user to the whole enterprise', async () => {
    const wide = await addRole('wideview', ['system:user:list']);
    const all = await post<Page>('/rest/user/getUserPage', { filters: { loginName: 'whlead' } }, admin);
    const leadId = all.envelope.dataSet.pagination.result[0]!.id;
    const bound = await post('/rest/user/UpdUser', { id: leadId, realname: 'whlead', roleIds: [roleId, wide] }, admin);
    expect(bound.envelope.rtnCode).toBe('0000');
    expect(await seen(lead)).toEqual(expect.arrayContaining(['admin', 'tradeuser', 'whlead', 'xjuser']));
    // The rule given to both roles limits both again.
    await setScope('org_and_below', [roleId, wide]);
    expect(await seen(lead)).toEqual(['leadadd2', 'leadadd4', 'whlead', 'xjuser']);
  });
});
