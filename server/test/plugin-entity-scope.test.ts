import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPermissionCodes } from '@cotton/sdk/validators';
import {
  sysDataRules,
  sysOrgs,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import type { Envelope } from '../src/http/envelope';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport } from './list-export';
import { pluginArchive } from './plugin-archive-fixture';

/**
 * 数据权限 on a plugin's list (docs/auth.md "Data permissions", docs/plugins.md "Plugin data";
 * issue 32 section 1): an entity with the owner `org` is a data-scoped list keyed by its list
 * code, offered by 数据权限 under the entity's label once a node of the menu tree carries that
 * code. A rule on it bounds the list, the detail and the export; the ceiling compares it like
 * the portal's lists; uninstalling the plugin leaves its rules harmless.
 */

let server: TestServer;
let admin: string;
let enterpriseId: number;
let passwordHash: string;
let systemMenuId: number;
let serial = 0;
const orgs = new Map<string, number>();

const PLUGIN = 'qc-scope';
const COMPONENT = 'SamplePage';
const codes = entityPermissionCodes(PLUGIN, 'sample');
const LABEL = '样品登记';
const MENU_NAME = '样品';

const post = <T = unknown>(path: string, body: unknown, token = admin) =>
  server.post<T>(path, body, { authorization: token }).then((answer) => answer.envelope);
const data = (action: string) => `/rest/pluginData/${PLUGIN}/sample/${action}`;

type Page = { pagination: { result: Array<{ id: string; code: string }>; totalCount: number } };

/**
 * The plugin: one entity owned by organisations; its list code is the menu's own code (declared
 * `menu`), the other codes buttons under it.
 */
async function install(id = PLUGIN, listType: 'menu' | 'button' = 'menu') {
  const own = entityPermissionCodes(id, 'sample');
  const fixture = pluginArchive({
    id,
    components: [COMPONENT],
    edit: (manifest) => {
      manifest.permissions = [
        { code: own.list, label: '样品列表', type: listType, component: COMPONENT },
        { code: own.add, label: '新增样品', type: 'button', component: COMPONENT },
        { code: own.edit, label: '编辑样品', type: 'button', component: COMPONENT },
        { code: own.export, label: '导出样品', type: 'button', component: COMPONENT },
      ];
      manifest.entities = [
        {
          name: 'sample',
          label: LABEL,
          owner: 'org',
          fields: [{ name: 'code', label: '样品编号', type: 'string', maxLength: 16, required: true, unique: true }],
          list: { filters: ['code'], sorts: ['code'] },
        },
      ];
    },
  });
  const form = new FormData();
  form.append('file', new Blob([fixture.archive]), 'plugin.tgz');
  const response = await fetch(`${server.baseUrl}/rest/plugin/installPlugin`, {
    method: 'POST',
    headers: { authorization: admin },
    body: form,
  });
  return (await response.json()) as Envelope<{ id: string }>;
}

/** A menu showing the plugin's page: the tree then carries its declared codes. */
async function addMenu(id = PLUGIN, path = '/system/qc-scope', name = MENU_NAME) {
  const saved = await post<{ id: string }>('/rest/menu/addMenuRel', {
    parentId: String(systemMenuId),
    type: 'menu',
    name,
    path,
    componentPath: `${id}/${COMPONENT}`,
    sort: 99,
    hidden: false,
  });
  expect(saved.rtnCode).toBe('0000');
  return saved.dataSet.id;
}

async function makeRole(roleCodes: readonly string[]) {
  serial += 1;
  const [role] = await server.db
    .insert(sysRoles)
    .values({ code: `pes${serial}`, name: `样品角色${serial}` })
    .returning({ id: sysRoles.id, name: sysRoles.name });
  const permissions = await server.db
    .select({ id: sysPermissions.id })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, [...roleCodes]));
  expect(permissions).toHaveLength(roleCodes.length);
  await server.db
    .insert(sysRolePermissions)
    .values(permissions.map((permission) => ({ roleId: role.id, permissionId: permission.id })));
  return role;
}

/** A user of the centre in the organisation `org` holding the roles, with a session. */
async function makeUser(roleIds: number[], org: string) {
  serial += 1;
  const [user] = await server.db
    .insert(sysUsers)
    .values({
      enterpriseId,
      loginName: `pesuser${serial}`,
      realname: `样品${serial}`,
      passwordHash,
      orgId: orgs.get(org)!,
    })
    .returning({ id: sysUsers.id });
  await server.db.insert(sysUserRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
  return createSession(server.db, { userId: user.id, clientName: 'form_client' });
}

/** The menus 数据权限's form offers, by the name it shows. */
async function offered(): Promise<Map<string, string>> {
  const options = await post<{ menus: Array<{ id: string; name: string }> }>(
    '/rest/datapermission/getDataRuleOptions',
    {},
  );
  return new Map(options.dataSet.menus.map((menu) => [menu.name, menu.id]));
}

async function codesSeen(token: string): Promise<string[]> {
  const page = await post<Page>(data('getPage'), { pageParameter: { pageNum: 1, pageSize: 50 } }, token);
  expect(page.rtnCode).toBe('0000');
  return page.dataSet.pagination.result.map((row) => row.code).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  const [row] = await server.db
    .select({ enterpriseId: sysUsers.enterpriseId })
    .from(sysUsers)
    .where(eq(sysUsers.loginName, 'admin'));
  enterpriseId = row.enterpriseId;
  for (const org of await server.db.select().from(sysOrgs).where(eq(sysOrgs.enterpriseId, enterpriseId))) {
    orgs.set(org.code, org.id);
  }
  const [system] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.path, '/system'));
  systemMenuId = system!.id;
  passwordHash = await hashPassword('Scope@2026x');
});
afterAll(async () => {
  await server?.close();
});

describe('a plugin entity owned by organisations under 数据权限', () => {
  let menuId: string;
  let clerkRole: { id: number; name: string };
  let warehouse: string;
  let ruleId: string;
  const ids = new Map<string, string>();

  it('is offered by its label once its menu carries the list code; before, the holder of every code sees every row', async () => {
    expect((await install()).rtnCode).toBe('0000');
    // No menu shows the page yet: no node carries the list code, no rule can be set.
    expect([...(await offered()).keys()]).not.toContain(LABEL);
    expect((await post(data('add'), { code: 'S-ADMIN' })).rtnCode).toBe('0000');
    expect(await codesSeen(admin)).toEqual(['S-ADMIN']);

    menuId = await addMenu();
    const [menu] = await server.db
      .select()
      .from(sysPermissions)
      .where(eq(sysPermissions.id, Number(menuId)));
    expect(menu!.code).toBe(codes.list);
    expect((await offered()).get(LABEL)).toBe(menuId);
    // The holder of every code has no rule on it: still every row.
    expect(await codesSeen(admin)).toEqual(['S-ADMIN']);
  });

  it('a rule 本机构 on its menu shows a user only their organisation’s rows in the list, the detail and the export', async () => {
    clerkRole = await makeRole([codes.list, codes.add, codes.edit, codes.export]);
    warehouse = await makeUser([clerkRole.id], 'WAREHOUSE');
    const henan = await makeUser([clerkRole.id], 'WH-HN');
    const settle = await makeUser([clerkRole.id], 'SETTLE');
    for (const [token, code] of [
      [warehouse, 'S-WH'],
      [henan, 'S-HN'],
      [settle, 'S-SET'],
    ] as const) {
      const added = await post<{ id: string }>(data('add'), { code }, token);
      expect(added.rtnCode).toBe('0000');
      ids.set(code, added.dataSet.id);
    }
    // A role holding the list without a rule sees every row of the enterprise.
    expect(await codesSeen(warehouse)).toEqual(['S-ADMIN', 'S-HN', 'S-SET', 'S-WH']);

    const rule = await post<{ id: string }>('/rest/datapermission/addDataRule', {
      menuId,
      name: '本机构的样品',
      scope: 'org',
      roleIds: [String(clerkRole.id)],
    });
    expect(rule.rtnCode).toBe('0000');
    ruleId = rule.dataSet.id;
    const rules = await post<{ pagination: { result: Array<{ id: string; menuName: string }> } }>(
      '/rest/datapermission/getDataRulePage',
      { filters: { menuId } },
    );
    expect(rules.dataSet.pagination.result).toEqual([expect.objectContaining({ id: ruleId, menuName: LABEL })]);

    expect(await codesSeen(warehouse)).toEqual(['S-WH']);
    expect(await codesSeen(settle)).toEqual(['S-SET']);
    // Outside the scope a row is absent: its detail and its update are 404, as if deleted.
    expect(await post(data('getDetail'), { id: ids.get('S-SET') }, warehouse)).toMatchObject({
      rtnCode: '404',
      rtnMessage: '记录不存在或已删除',
    });
    expect(await post(data('update'), { id: ids.get('S-SET'), code: 'S-TAKEN' }, warehouse)).toMatchObject({
      rtnCode: '404',
    });
    expect((await post<{ code: string }>(data('getDetail'), { id: ids.get('S-WH') }, warehouse)).dataSet.code).toBe(
      'S-WH',
    );
    const exported = await downloadExport(server, data('exportXls'), {}, warehouse);
    expect(exported.rows!.slice(1).map((row) => row[0])).toEqual(['S-WH']);
    // A row ticked outside the scope is not written.
    const ticked = await downloadExport(server, data('exportXls'), { selections: ids.get('S-SET') }, warehouse);
    expect(ticked.rows!.slice(1)).toEqual([]);

    // 本机构及下级机构: 河南监管处 is below 仓储部.
    const widened = await post('/rest/datapermission/updDataRule', {
      id: ruleId,
      menuId,
      name: '本机构的样品',
      scope: 'org_and_below',
      roleIds: [String(clerkRole.id)],
    });
    expect(widened.rtnCode).toBe('0000');
    expect(await codesSeen(warehouse)).toEqual(['S-HN', 'S-WH']);
  });

  it('a delegated administrator gives no role a wider scope on it than they hold', async () => {
    // A role administrator who sees their organisation's samples only.
    const leadRole = await makeRole([
      'system:role:list',
      'system:role:grant',
      'system:datarule:list',
      'system:datarule:edit',
      codes.list,
    ]);
    const own = await post('/rest/datapermission/addDataRule', {
      menuId,
      name: '组长本机构',
      scope: 'org',
      roleIds: [String(leadRole.id)],
    });
    expect(own.rtnCode).toBe('0000');
    const lead = await makeUser([leadRole.id], 'WAREHOUSE');
    const widened = (role: string) => ({
      rtnCode: '403',
      rtnMessage: `角色「${role}」在「${LABEL}」的数据权限将超出您本人的范围，不能这样修改`,
    });

    // Granting the list to a role without a rule would give it every organisation's rows.
    const spare = await makeRole(['system:role:list']);
    const grant = await post('/rest/role/saveRolePermissions', { id: String(spare.id), permissionIds: [menuId] }, lead);
    expect(grant).toMatchObject(widened(spare.name));
    const held = await server.db
      .select({ id: sysRolePermissions.permissionId })
      .from(sysRolePermissions)
      .where(eq(sysRolePermissions.roleId, spare.id));
    expect(held.map((row) => String(row.id))).not.toContain(menuId);

    // Loosening a rule of a role within their reach to 全部数据: refused, unchanged.
    const reader = await makeRole([codes.list]);
    const readerRule = await post<{ id: string }>('/rest/datapermission/addDataRule', {
      menuId,
      name: '读者本机构',
      scope: 'org',
      roleIds: [String(reader.id)],
    });
    const loosen = await post(
      '/rest/datapermission/updDataRule',
      { id: readerRule.dataSet.id, menuId, name: '读者本机构', scope: 'all', roleIds: [String(reader.id)] },
      lead,
    );
    expect(loosen).toMatchObject(widened(reader.name));
    const [kept] = await server.db
      .select({ scope: sysDataRules.scope })
      .from(sysDataRules)
      .where(eq(sysDataRules.id, Number(readerRule.dataSet.id)));
    expect(kept!.scope).toBe('org');
    // Within their own scope it passes.
    const same = await post(
      '/rest/datapermission/updDataRule',
      { id: readerRule.dataSet.id, menuId, name: '读者本机构', scope: 'self', roleIds: [String(reader.id)] },
      lead,
    );
    expect(same.rtnCode).toBe('0000');
  });

  it('uninstalling the plugin leaves nothing broken: its menu goes first, with its rules; the scoped writes go on', async () => {
    // Uninstalling is refused while a menu shows the plugin's page: the menu goes first, and the
    // rules on it and its grants with it.
    expect((await post('/rest/plugin/uninstallPlugin', { id: PLUGIN })).rtnCode).toBe('400');
    expect((await post('/rest/menu/delMenuRel', { id: menuId })).rtnCode).toBe('0000');
    expect(
      await server.db
        .select()
        .from(sysDataRules)
        .where(eq(sysDataRules.permissionId, Number(menuId))),
    ).toEqual([]);
    expect((await post('/rest/plugin/uninstallPlugin', { id: PLUGIN })).rtnCode).toBe('0000');
    // The clerks' grants went with the menu; the holder of every code finds no such list.
    expect(await post(data('getPage'), {}, warehouse)).toMatchObject({ rtnCode: '403' });
    expect(await post(data('getPage'), {})).toMatchObject({ rtnCode: '404' });
    expect([...(await offered()).keys()]).not.toContain(LABEL);
    const rules = await post<{ pagination: { totalCount: number } }>('/rest/datapermission/getDataRulePage', {});
    expect(rules.rtnCode).toBe('0000');
    expect(
      await post('/rest/datapermission/updDataRule', {
        id: ruleId,
        menuId,
        name: '本机构的样品',
        scope: 'org',
        roleIds: [String(clerkRole.id)],
      }),
    ).toMatchObject({ rtnCode: '404', rtnMessage: '数据权限规则不存在或已删除' });
    // The writes that compare every scoped list go on: a grant, a rule on a portal list, an organisation.
    const spare = await makeRole(['system:role:list']);
    const [roleList] = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(eq(sysPermissions.code, 'system:role:list'));
    expect(
      (await post('/rest/role/saveRolePermissions', { id: String(spare.id), permissionIds: [String(roleList!.id)] }))
        .rtnCode,
    ).toBe('0000');
    const added = await post('/rest/datapermission/addDataRule', {
      menuId: (await offered()).get('用户管理'),
      name: '卸载后的规则',
      scope: 'org',
      roleIds: [String(spare.id)],
    });
    expect(added.rtnCode).toBe('0000');
    const moved = await post('/rest/organ/updOrgan', {
      id: String(orgs.get('WH-HN')),
      code: 'WH-HN',
      name: '河南监管处',
      parentId: String(orgs.get('WAREHOUSE')),
    });
    expect(moved.rtnCode).toBe('0000');
  });
});

describe('a plugin whose list code is a button under its menu', () => {
  it('takes the rule on that button, named by the entity’s label', async () => {
    const id = 'qc-button';
    const own = entityPermissionCodes(id, 'sample');
    expect((await install(id, 'button')).rtnCode).toBe('0000');
    const menuId = await addMenu(id, '/system/qc-button', '样品（按钮）');
    const [button] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, own.list));
    expect(button).toMatchObject({ type: 'button', parentId: Number(menuId) });
    const buttonId = (await offered()).get(LABEL);
    expect(buttonId).toBe(String(button!.id));

    const role = await makeRole([own.list, own.add]);
    const warehouse = await makeUser([role.id], 'WAREHOUSE');
    const itStaff = await makeUser([role.id], 'IT');
    expect((await post(`/rest/pluginData/${id}/sample/add`, { code: 'B-WH' }, warehouse)).rtnCode).toBe('0000');
    expect((await post(`/rest/pluginData/${id}/sample/add`, { code: 'B-IT' }, itStaff)).rtnCode).toBe('0000');
    const rule = await post('/rest/datapermission/addDataRule', {
      menuId: buttonId,
      name: '本机构',
      scope: 'org',
      roleIds: [String(role.id)],
    });
    expect(rule.rtnCode).toBe('0000');
    const page = await post<Page>(`/rest/pluginData/${id}/sample/getPage`, {}, itStaff);
    expect(page.dataSet.pagination.result.map((row) => row.code)).toEqual(['B-IT']);
  });
});
