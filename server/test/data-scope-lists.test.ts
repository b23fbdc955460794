import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysEnterprises,
  sysLoginLog,
  sysOperationLog,
  sysOrgs,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
  sysVisitLog,
} from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport } from './list-export';

/**
 * 数据权限 beyond 用户管理 (docs/auth.md "Data permissions"): 机构管理 and the three logs honour
 * a rule on their menu in the list, the export and the detail — a row outside the scope is
 * answered as absent — a role holding the menu without a rule sees everything, and
 * organisation writes stay inside every scope the writer has.
 */

let server: TestServer;
let admin: string;
let cnceId: number;
let passwordHash: string;
let serial = 0;
const orgs = new Map<string, number>();

const post = <T = unknown>(path: string, body: unknown, token: string) =>
  server.post<T>(path, body, { authorization: token });

type Page<Row> = { pagination: { result: Row[]; totalCount: number } };

async function makeRole(codes: readonly string[]) {
  serial += 1;
  const [role] = await server.db
    .insert(sysRoles)
    .values({ code: `dsc${serial}`, name: `范围角色${serial}` })
    .returning({ id: sysRoles.id });
  const permissions = await server.db
    .select({ id: sysPermissions.id })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, [...codes]));
  expect(permissions).toHaveLength(codes.length);
  await server.db
    .insert(sysRolePermissions)
    .values(permissions.map((permission) => ({ roleId: role.id, permissionId: permission.id })));
  return role.id;
}

/** A user in `org` of the centre (or, `org` null, of `enterpriseId` without one) holding the roles, with a session. */
async function makeUser(roleIds: number[], org: string | null, enterpriseId = cnceId) {
  serial += 1;
  const [user] = await server.db
    .insert(sysUsers)
    .values({
      enterpriseId,
      loginName: `dsuser${serial}`,
      realname: `范围${serial}`,
      passwordHash,
      orgId: org === null ? null : orgs.get(org)!,
    })
    .returning({ id: sysUsers.id });
  await server.db.insert(sysUserRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
  return { id: user.id, token: await createSession(server.db, { userId: user.id, clientName: 'form_client' }) };
}

/** The menus 数据权限's form offers, by the name it shows. */
async function scopedMenus(): Promise<Map<string, string>> {
  const options = await post<{ menus: Array<{ id: string; name: string }> }>(
    '/rest/datapermission/getDataRuleOptions',
    {},
    admin,
  );
  return new Map(options.envelope.dataSet.menus.map((menu) => [menu.name, menu.id]));
}

/** A rule on the menu 数据权限 names `menu`, given to `roleId`; returns a setter of its scope. */
async function ruleOn(menu: string, scope: string, roleId: number) {
  const menuId = (await scopedMenus()).get(menu)!;
  serial += 1;
  const name = `${menu}规则${serial}`;
  const added = await post<{ id: string }>(
    '/rest/datapermission/addDataRule',
    { menuId, name, scope, roleIds: [String(roleId)] },
    admin,
  );
  expect(added.envelope.rtnCode).toBe('0000');
  return async (next: string) => {
    const answer = await post(
      '/rest/datapermission/updDataRule',
      { id: added.envelope.dataSet.id, menuId, name, scope: next, roleIds: [String(roleId)] },
      admin,
    );
    expect(answer.envelope.rtnCode).toBe('0000');
  };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  const [row] = await server.db
    .select({ enterpriseId: sysUsers.enterpriseId })
    .from(sysUsers)
    .where(eq(sysUsers.loginName, 'admin'));
  cnceId = row.enterpriseId;
  for (const org of await server.db.select().from(sysOrgs).where(eq(sysOrgs.enterpriseId, cnceId))) {
    orgs.set(org.code, org.id);
  }
  passwordHash = await hashPassword('Scope@2026x');
});
afterAll(async () => {
  await server?.close();
});

describe('the menus 数据权限 offers', () => {
  it('are every list with an owner organisation, 企业管理’s 用户管理 by its own name', async () => {
    expect([...(await scopedMenus()).keys()].sort()).toEqual(
      ['企业用户管理', '操作日志', '机构管理', '用户管理', '登录日志', '访问日志'].sort(),
    );
  });
});

describe('机构管理 under a rule', () => {
  let lead: { id: number; token: string };
  let setScope: (scope: string) => Promise<void>;
  const tree = async (token: string) => {
    const answer = await post<{ orgs: Array<{ code: string }> }>('/rest/organ/getOrganTree', {}, token);
    expect(answer.envelope.rtnCode).toBe('0000');
    return answer.envelope.dataSet.orgs.map((org) => org.code).sort();
  };
  const update = (code: string, parent: string, token: string, name = code) =>
    post('/rest/organ/updOrgan', { id: String(orgs.get(code)), code, name, parentId: String(orgs.get(parent)) }, token);

  beforeAll(async () => {
    const role = await makeRole(['system:org:list', 'system:org:add', 'system:org:edit', 'system:org:delete']);
    setScope = await ruleOn('机构管理', 'org', role);
    lead = await makeUser([role], 'WAREHOUSE');
  });

  it('本机构 sees its organisation, 本机构及下级机构 its subtree, 仅本人 none; no rule sees all', async () => {
    expect(await tree(lead.token)).toEqual(['WAREHOUSE']);
    await setScope('org_and_below');
    expect(await tree(lead.token)).toEqual(['WAREHOUSE', 'WH-HN', 'WH-SD', 'WH-XJ']);
    await setScope('self');
    expect(await tree(lead.token)).toEqual([]);
    await setScope('org_and_below');
    const free = await makeUser([await makeRole(['system:org:list'])], 'WAREHOUSE');
    expect(await tree(free.token)).toEqual(expect.arrayContaining(['CNCE', 'IT', 'TRADE', 'WAREHOUSE', 'WH-XJ']));
  });

  it('names the parent of an organisation whose parent is outside the scope (the edit form shows the name)', async () => {
    type Org = { id: string; code: string; name: string; parentId: string | null; parentName: string | null };
    const answer = await post<{ orgs: Org[] }>('/rest/organ/getOrganTree', {}, lead.token);
    const warehouse = answer.envelope.dataSet.orgs.find((org) => org.code === 'WAREHOUSE')!;
    const [row] = await server.db
      .select()
      .from(sysOrgs)
      .where(eq(sysOrgs.id, orgs.get('WAREHOUSE')!));
    const [parent] = await server.db.select().from(sysOrgs).where(eq(sysOrgs.id, row!.parentId!));
    expect(answer.envelope.dataSet.orgs.some((org) => org.id === String(parent!.id))).toBe(false);
    expect(warehouse).toMatchObject({ parentId: String(parent!.id), parentName: parent!.name });
    const below = answer.envelope.dataSet.orgs.find((org) => org.code === 'WH-XJ')!;
    expect(below.parentName).toBe(warehouse.name);
  });

  it('answers an organisation outside the scope as absent, to change, delete, or put one under', async () => {
    expect((await update('TRADE', 'CNCE', lead.token)).envelope).toMatchObject({
      rtnCode: '404',
      rtnMessage: '机构不存在或已删除',
    });
    expect((await post('/rest/organ/delOrgan', { id: String(orgs.get('SETTLE')) }, lead.token)).envelope).toMatchObject(
      { rtnCode: '404', rtnMessage: '机构不存在或已删除' },
    );
    const under = await post(
      '/rest/organ/addOrgan',
      { code: `DS${serial}`, name: '范围外新增', parentId: String(orgs.get('TRADE')) },
      lead.token,
    );
    expect(under.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '上级机构不存在，请刷新后重试' });
    expect((await update('WH-XJ', 'TRADE', lead.token, '新疆监管处')).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '上级机构不存在，请刷新后重试',
    });
    // Inside: theirs to write.
    expect((await update('WH-XJ', 'WH-HN', lead.token, '新疆监管处')).envelope.rtnCode).toBe('0000');
    expect((await update('WH-XJ', 'WAREHOUSE', lead.token, '新疆监管处')).envelope.rtnCode).toBe('0000');
    const [kept] = await server.db
      .select()
      .from(sysOrgs)
      .where(eq(sysOrgs.id, orgs.get('TRADE')!));
    expect(kept.parentId).toBe(orgs.get('CNCE'));
  });

  it('finds, through 查询 and 高级查询, only the organisations within the scope', async () => {
    await setScope('org_and_below');
    const found = async (body: unknown) => {
      const answer = await post<Page<{ code: string }>>('/rest/organ/queryOrganPage', body, lead.token);
      expect(answer.envelope.rtnCode).toBe('0000');
      return answer.envelope.dataSet.pagination.result.map((org) => org.code).sort();
    };
    // 监管处 are in the subtree; 交易… organisations are not, whatever is asked.
    expect(await found({ pageNum: 1, pageSize: 50, filters: { keyword: '处' } })).toEqual(['WH-HN', 'WH-SD', 'WH-XJ']);
    expect(await found({ pageNum: 1, pageSize: 50, filters: { keyword: 'TRADE' } })).toEqual([]);
    expect(
      await found({ pageNum: 1, pageSize: 50, superQueryParams: [{ field: 'code', rule: 'like', value: 'WH' }] }),
    ).toEqual(['WH-HN', 'WH-SD', 'WH-XJ']);
    await setScope('self');
    expect(await found({ pageNum: 1, pageSize: 50 })).toEqual([]);
    await setScope('org_and_below');
  });

  it('exports only the organisations within the scope, whatever the query or the ticked ids name', async () => {
    const role = await makeRole(['system:org:list', 'system:org:export']);
    const setExportScope = await ruleOn('机构管理', 'org_and_below', role);
    const exporter = await makeUser([role], 'WAREHOUSE');
    const codes = async (body: object) => {
      const answer = await downloadExport(server, '/rest/organ/exportXls', { field: 'code', ...body }, exporter.token);
      expect(answer.envelope).toBeNull();
      return answer
        .rows!.slice(1)
        .map(([code]) => code)
        .sort();
    };
    const below = await codes({});
    expect(below).toEqual(expect.arrayContaining(['WAREHOUSE', 'WH-HN', 'WH-SD', 'WH-XJ']));
    expect(below).not.toContain('TRADE');
    expect(below).not.toContain('CNCE');
    expect(await codes({ filters: { code: 'TRADE' } })).toEqual([]);
    // A ticked organisation outside the scope is not written.
    expect(await codes({ selections: `${orgs.get('TRADE')},${orgs.get('WH-XJ')}` })).toEqual(['WH-XJ']);
    await setExportScope('self');
    expect(await codes({})).toEqual([]);
  });

  it('refuses a batch delete naming an organisation outside the scope, deleting none of it', async () => {
    await setScope('org_and_below');
    const inside = await post<{ id: string }>(
      '/rest/organ/addOrgan',
      { code: `DSB${serial}`, name: '批删范围内', parentId: String(orgs.get('WAREHOUSE')) },
      lead.token,
    );
    expect(inside.envelope.rtnCode).toBe('0000');
    const id = inside.envelope.dataSet.id;
    const mixed = await post('/rest/organ/delOrganBatch', { ids: `${id},${orgs.get('SETTLE')}` }, lead.token);
    expect(mixed.envelope).toMatchObject({ rtnCode: '404', rtnMessage: '机构不存在或已删除' });
    expect(
      await server.db
        .select()
        .from(sysOrgs)
        .where(eq(sysOrgs.id, Number(id))),
    ).toHaveLength(1);
    expect((await post('/rest/organ/delOrganBatch', { ids: id }, lead.token)).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { deleted: 1 },
    });
  });

  it('answers a name taken among siblings on blur only where 保存 would pass the ceiling', async () => {
    await setScope('org_and_below');
    const ask = (withinVal: string | null, dataId: string | null = null, fieldVal = '新疆监管处') =>
      post<{ valid: boolean; message: string }>(
        '/rest/common/duplicateCheck',
        { tableName: 'sys_orgs', fieldName: 'name', fieldVal, withinVal, dataId },
        lead.token,
      );
    const warehouse = String(orgs.get('WAREHOUSE'));
    // Under an organisation in scope: the sibling's name is taken, another is free.
    expect((await ask(warehouse)).envelope.dataSet).toEqual({
      valid: false,
      message: '同一上级机构下已有同名机构，请更换名称',
    });
    expect((await ask(warehouse, null, '河北监管处')).envelope.dataSet).toEqual({ valid: true, message: '' });
    // The edited organisation's own name is not taken.
    expect((await ask(warehouse, String(orgs.get('WH-XJ')))).envelope.dataSet.valid).toBe(true);
    // Under a parent outside the scope, or at the top: the ceiling's refusal, nothing about the names there.
    const [trade] = await server.db
      .select()
      .from(sysOrgs)
      .where(eq(sysOrgs.parentId, orgs.get('TRADE')!))
      .limit(1);
    const outside = await ask(String(orgs.get('TRADE')), null, trade?.name ?? '交易一处');
    expect(outside.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '该机构不在您的数据权限范围内' });
    expect((await ask(null, null, '全国棉花交易市场')).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '只有数据权限为“全部”的管理员才能新增或移入顶层机构',
    });
    // An organisation outside the scope named as the one edited: absent.
    expect((await ask(warehouse, String(orgs.get('TRADE')))).envelope.rtnCode).toBe('404');
  });
});

describe('the logs under a rule', () => {
  const marker = `dslog${process.pid}`;
  let viewer: { id: number; token: string };
  let free: { id: number; token: string };
  const setScopes: Array<(scope: string) => Promise<void>> = [];
  const setAll = async (scope: string) => {
    for (const set of setScopes) await set(scope);
  };
  /** Log rows of a user named `<marker>-<suffix>` owned by `org` (null: none). */
  const owners: Array<{ suffix: string; org: string | null; mine?: boolean }> = [
    { suffix: 'wh', org: 'WAREHOUSE' },
    { suffix: 'xj', org: 'WH-XJ' },
    { suffix: 'trade', org: 'TRADE' },
    { suffix: 'none', org: null },
    // The viewer's own row, written while they were in another organisation.
    { suffix: 'self', org: 'TRADE', mine: true },
  ];
  const operationIds = new Map<string, string>();

  async function names(path: string, token: string): Promise<string[]> {
    const answer = await post<Page<{ loginName: string | null }>>(
      path,
      { pageSize: 100, filters: { loginName: marker } },
      token,
    );
    expect(answer.envelope.rtnCode).toBe('0000');
    return answer.envelope.dataSet.pagination.result.map((row) => row.loginName!.slice(marker.length + 1)).sort();
  }

  async function exported(path: string, token: string): Promise<string[]> {
    const answer = await downloadExport(server, path, { filters: { loginName: marker }, field: 'loginName' }, token);
    expect(answer.rows).not.toBeNull();
    return answer
      .rows!.slice(1)
      .map((row) => row[0]!.slice(marker.length + 1))
      .sort();
  }

  const LISTS = [
    { name: '操作日志', page: '/rest/log/getOperationLogPage', export: '/rest/log/exportOperationLog' },
    { name: '登录日志', page: '/rest/log/getLoginLogPage', export: '/rest/log/exportLoginLog' },
    { name: '访问日志', page: '/rest/log/getVisitLogPage', export: '/rest/log/exportVisitLog' },
  ] as const;

  beforeAll(async () => {
    const codes = [
      'system:log:operation',
      'system:log:operation:export',
      'system:log:login',
      'system:log:login:export',
      'system:log:visit',
      'system:log:visit:export',
    ];
    const role = await makeRole(codes);
    for (const list of LISTS) setScopes.push(await ruleOn(list.name, 'org', role));
    viewer = await makeUser([role], 'WAREHOUSE');
    free = await makeUser([await makeRole(codes)], 'WAREHOUSE');
    for (const owner of owners) {
      const common = {
        userId: owner.mine ? viewer.id : null,
        loginName: `${marker}-${owner.suffix}`,
        orgId: owner.org === null ? null : orgs.get(owner.org)!,
      };
      const [operation] = await server.db
        .insert(sysOperationLog)
        .values({
          ...common,
          realname: owner.suffix,
          operationKey: randomUUID(),
          method: 'POST',
          url: '/rest/postService/updPost',
          kind: 'update',
          success: true,
          durationMs: 3,
        })
        .returning({ id: sysOperationLog.id });
      operationIds.set(owner.suffix, String(operation.id));
      await server.db
        .insert(sysLoginLog)
        .values({ ...common, method: 'form', account: common.loginName, success: true });
      await server.db.insert(sysVisitLog).values({ ...common, menuName: '岗位管理', path: '/system/post' });
    }
  });

  it('本机构: the list and the export hold the rows of the own organisation only', async () => {
    for (const list of LISTS) {
      expect(await names(list.page, viewer.token), list.name).toEqual(['wh']);
      expect(await exported(list.export, viewer.token), list.name).toEqual(['wh']);
    }
  });

  it('本机构及下级机构 adds those below, 仅本人 is the user’s own rows; without a rule, every row', async () => {
    await setAll('org_and_below');
    for (const list of LISTS) {
      expect(await names(list.page, viewer.token), list.name).toEqual(['wh', 'xj']);
      expect(await exported(list.export, viewer.token), list.name).toEqual(['wh', 'xj']);
    }
    await setAll('self');
    for (const list of LISTS) expect(await names(list.page, viewer.token), list.name).toEqual(['self']);
    await setAll('org');
    for (const list of LISTS) {
      expect(await names(list.page, free.token), list.name).toEqual(['none', 'self', 'trade', 'wh', 'xj']);
      expect(await exported(list.export, free.token), list.name).toEqual(['none', 'self', 'trade', 'wh', 'xj']);
    }
  });

  it('answers the detail of an operation outside the scope as absent', async () => {
    const detail = (suffix: string, token: string) =>
      post('/rest/log/getOperationLogDetail', { id: operationIds.get(suffix) }, token);
    expect((await detail('wh', viewer.token)).envelope.rtnCode).toBe('0000');
    for (const outside of ['trade', 'none', 'self']) {
      expect((await detail(outside, viewer.token)).envelope, outside).toMatchObject({
        rtnCode: '404',
        rtnMessage: '日志不存在或已过保留期限被清理',
      });
    }
    expect((await detail('trade', free.token)).envelope.rtnCode).toBe('0000');
  });

  it('a filter or a selection does not widen it', async () => {
    const selected = await downloadExport(
      server,
      '/rest/log/exportOperationLog',
      { selections: [...operationIds.values()].join(','), field: 'loginName' },
      viewer.token,
    );
    expect(selected.rows).toEqual([['操作人'], [`${marker}-wh`]]);
  });

  it('records the organisation of the user who acted or logged in', async () => {
    const [me] = await server.db.select().from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
    expect(me.orgId).not.toBeNull();
    await loginToken(server, ADMIN);
    const [login] = await server.db
      .select({ orgId: sysLoginLog.orgId })
      .from(sysLoginLog)
      .where(and(eq(sysLoginLog.userId, me.id), eq(sysLoginLog.success, true)))
      .orderBy(desc(sysLoginLog.id))
      .limit(1);
    expect(login.orgId).toBe(me.orgId);
    const menuId = (await scopedMenus()).get('操作日志')!;
    const added = await post(
      '/rest/datapermission/addDataRule',
      { menuId, name: `${marker}记录`, scope: 'org', roleIds: [] },
      admin,
    );
    expect(added.envelope.rtnCode).toBe('0000');
    const [operation] = await server.db
      .select({ orgId: sysOperationLog.orgId, url: sysOperationLog.url })
      .from(sysOperationLog)
      .where(eq(sysOperationLog.userId, me.id))
      .orderBy(desc(sysOperationLog.id))
      .limit(1);
    expect(operation).toEqual({ orgId: me.orgId, url: '/rest/datapermission/addDataRule' });
    expect(
      (await post<{ recorded: boolean }>('/rest/menu/addMenuView', { path: '/system/post' }, admin)).envelope.dataSet
        .recorded,
    ).toBe(true);
    const [visit] = await server.db
      .select({ orgId: sysVisitLog.orgId })
      .from(sysVisitLog)
      .where(eq(sysVisitLog.userId, me.id))
      .orderBy(desc(sysVisitLog.id))
      .limit(1);
    expect(visit.orgId).toBe(me.orgId);
  });
});

describe('企业用户管理 under a rule', () => {
  it('仅本人 sees the own account; without a rule, the enterprise’s accounts', async () => {
    const [enterprise] = await server.db.select().from(sysEnterprises).where(eq(sysEnterprises.code, 'M000005'));
    const role = await makeRole(['enterprise:user:list']);
    const setScope = await ruleOn('企业用户管理', 'self', role);
    const me = await makeUser([role], null, enterprise.id);
    const other = await makeUser([await makeRole(['enterprise:user:list'])], null, enterprise.id);
    const seen = async (token: string) => {
      const answer = await post<Page<{ id: string }>>('/rest/enterprise/user/getUserPage', { pageSize: 100 }, token);
      expect(answer.envelope.rtnCode).toBe('0000');
      return answer.envelope.dataSet.pagination.result.map((row) => Number(row.id));
    };
    expect(await seen(me.token)).toEqual([me.id]);
    expect(await seen(other.token)).toEqual(expect.arrayContaining([me.id, other.id]));
    // Its accounts have no organisation: 本机构 leaves them themselves.
    await setScope('org');
    expect(await seen(me.token)).toEqual([me.id]);
    await setScope('all');
    expect(await seen(me.token)).toEqual(expect.arrayContaining([me.id, other.id]));
  });

  it('导出 holds what the list shows: the rule’s accounts, the ticked ones, no organisation or posts', async () => {
    const [enterprise] = await server.db.select().from(sysEnterprises).where(eq(sysEnterprises.code, 'M000005'));
    const role = await makeRole(['enterprise:user:list']);
    const setScope = await ruleOn('企业用户管理', 'self', role);
    const me = await makeUser([role], null, enterprise.id);
    const other = await makeUser([await makeRole(['enterprise:user:list'])], null, enterprise.id);
    const [mine, theirs] = await server.db
      .select({ id: sysUsers.id, loginName: sysUsers.loginName })
      .from(sysUsers)
      .where(inArray(sysUsers.id, [me.id, other.id]))
      .orderBy(sysUsers.id);
    const exported = async (token: string, body: object = {}) => {
      const answer = await downloadExport(server, '/rest/enterprise/user/exportXls', body, token);
      expect(answer.envelope).toBeNull();
      return answer.rows!;
    };
    const own = await exported(me.token);
    expect(own[0]).toEqual(['登录名', '姓名', '手机号码', '邮箱', '角色', '状态', '创建时间']);
    expect(own.slice(1).map((row) => row[0])).toEqual([mine!.loginName]);
    // Another's account, ticked, is outside the rule: not written.
    expect((await exported(me.token, { selections: String(other.id) })).slice(1)).toEqual([]);
    await setScope('all');
    const ticked = await exported(other.token, { selections: String(me.id) });
    expect(ticked.slice(1).map((row) => row[0])).toEqual([mine!.loginName]);
    expect((await exported(other.token)).slice(1).map((row) => row[0])).toEqual(
      expect.arrayContaining([mine!.loginName, theirs!.loginName]),
    );
    // The centre's users get no enterprise's file.
    const centre = await downloadExport(server, '/rest/enterprise/user/exportXls', {}, admin);
    expect(centre.envelope?.rtnCode).toBe('403');
  });
});

describe('the ceiling with more scoped lists', () => {
  it('a writer of organisations stays inside their scope on every list they hold, a log’s too', async () => {
    const role = await makeRole(['system:org:list', 'system:org:edit', 'system:log:operation']);
    await ruleOn('操作日志', 'org_and_below', role);
    const lead = await makeUser([role], 'WAREHOUSE');
    // 机构管理 without a rule: they see every organisation, but moving 信息技术部 under their own
    // would bring its users' operations into their 操作日志.
    const move = await post(
      '/rest/organ/updOrgan',
      { id: String(orgs.get('IT')), code: 'IT', name: '信息技术部', parentId: String(orgs.get('WAREHOUSE')) },
      lead.token,
    );
    expect(move.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '该机构不在您的数据权限范围内' });
    const inside = await post(
      '/rest/organ/updOrgan',
      { id: String(orgs.get('WH-SD')), code: 'WH-SD', name: '山东监管处', parentId: String(orgs.get('WAREHOUSE')) },
      lead.token,
    );
    expect(inside.envelope.rtnCode).toBe('0000');
  });

  it('a scoped administrator grants no log menu to a role that would see further than they do', async () => {
    const role = await makeRole(['system:role:list', 'system:role:grant', 'system:log:login']);
    await ruleOn('登录日志', 'org', role);
    const spare = await makeRole(['system:role:list']);
    const lead = await makeUser([role, spare], 'WAREHOUSE');
    const ids = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(inArray(sysPermissions.code, ['system:role:list', 'system:log:login']));
    const grant = await post(
      '/rest/role/saveRolePermissions',
      { id: String(spare), permissionIds: ids.map((row) => String(row.id)) },
      lead.token,
    );
    expect(grant.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: expect.stringMatching(/^角色「.+」在「登录日志」的数据权限将超出您本人的范围，不能这样修改$/),
    });
  });
});

describe('migration 0044', () => {
  it('gives a log row written before it the organisation its user is in, and none to an unknown user', async () => {
    const user = await makeUser([await makeRole(['system:log:login'])], 'WH-HN');
    const rows = async () => {
      const [operation] = await server.db
        .insert(sysOperationLog)
        .values({
          userId: user.id,
          operationKey: randomUUID(),
          method: 'POST',
          url: '/x',
          kind: 'other',
          success: true,
          durationMs: 1,
        })
        .returning({ id: sysOperationLog.id });
      const [login] = await server.db
        .insert(sysLoginLog)
        .values({ userId: user.id, method: 'form', success: true })
        .returning({ id: sysLoginLog.id });
      const [visit] = await server.db
        .insert(sysVisitLog)
        .values({ userId: user.id, menuName: '岗位管理', path: '/system/post' })
        .returning({ id: sysVisitLog.id });
      const [unknown] = await server.db
        .insert(sysLoginLog)
        .values({ userId: 2_000_000_000, method: 'form', success: false })
        .returning({ id: sysLoginLog.id });
      return { operation: operation.id, login: login.id, visit: visit.id, unknown: unknown.id };
    };
    const ids = await rows();
    const statements = readFileSync(join(MIGRATIONS_FOLDER, '0044_log_owner_org.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(statements).toHaveLength(3);
    for (const statement of statements) await server.db.execute(sql.raw(statement));
    const orgOf = async (table: typeof sysLoginLog | typeof sysOperationLog | typeof sysVisitLog, id: number) =>
      (await server.db.select({ orgId: table.orgId }).from(table).where(eq(table.id, id)))[0]!.orgId;
    const whHn = orgs.get('WH-HN')!;
    expect(await orgOf(sysOperationLog, ids.operation)).toBe(whHn);
    expect(await orgOf(sysLoginLog, ids.login)).toBe(whHn);
    expect(await orgOf(sysVisitLog, ids.visit)).toBe(whHn);
    expect(await orgOf(sysLoginLog, ids.unknown)).toBeNull();
  });
});
