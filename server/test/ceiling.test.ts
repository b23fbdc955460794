import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysDataRules,
  sysEnterprises,
  sysOrgs,
  sysPermissions,
  sysRoleDataRules,
  sysRolePermissions,
  sysRoles,
  sysUserRoles,
  sysUsers,
} from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session';
import { ADMIN, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';

/**
 * The ceiling (docs/auth.md "The ceiling"): nobody acts on a user or role holding more than
 * they do, organisations are written only inside one's data scope, the system administrator
 * holds every code — new ones too — and an enterprise's administrator manages only their own
 * enterprise's accounts with the roles the centre marks grantable.
 */

let server: TestServer;
let admin: string;
let adminId: number;
let cnceId: number;
let passwordHash: string;
let serial = 0;

const post = <T = unknown>(path: string, body: unknown, token: string) =>
  server.post<T>(path, body, { authorization: token });

async function permissionIdsOf(codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await server.db
    .select({ id: sysPermissions.id })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, [...codes]));
  expect(rows).toHaveLength(codes.length);
  return rows.map((row) => row.id);
}

/** A role granting `codes` (straight into the database), or holding every code. */
async function makeRole(codes: readonly string[], options: { holdsAll?: boolean; grantable?: boolean } = {}) {
  serial += 1;
  const [role] = await server.db
    .insert(sysRoles)
    .values({
      code: `ceil${serial}`,
      name: `上限角色${serial}`,
      holdsAll: options.holdsAll ?? false,
      enterpriseGrantable: options.grantable ?? false,
    })
    .returning({ id: sysRoles.id, name: sysRoles.name });
  const ids = await permissionIdsOf(codes);
  if (ids.length > 0)
    await server.db.insert(sysRolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
  return role;
}

/** A user of `enterpriseId` holding `roleIds`, with a session's token. */
async function makeUser(roleIds: number[], options: { enterpriseId?: number; orgId?: number | null } = {}) {
  serial += 1;
  const [user] = await server.db
    .insert(sysUsers)
    .values({
      enterpriseId: options.enterpriseId ?? cnceId,
      loginName: `ceil${serial}`,
      realname: `上限${serial}`,
      passwordHash,
      orgId: options.orgId ?? null,
    })
    .returning({ id: sysUsers.id, loginName: sysUsers.loginName });
  if (roleIds.length > 0)
    await server.db.insert(sysUserRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
  const token = await createSession(server.db, { userId: user.id, clientName: 'form_client' });
  return { ...user, token };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  const [row] = await server.db
    .select({ id: sysUsers.id, enterpriseId: sysUsers.enterpriseId })
    .from(sysUsers)
    .where(eq(sysUsers.loginName, 'admin'));
  adminId = row.id;
  cnceId = row.enterpriseId;
  passwordHash = await hashPassword('Ceiling@2026');
});
afterAll(async () => {
  await server?.close();
});

describe('users above the caller', () => {
  it('a helpdesk role (user list + edit) cannot take over the system administrator, but manages those below', async () => {
    const helpdeskRole = await makeRole(['system:user:list', 'system:user:edit', 'system:user:delete']);
    const helpdesk = await makeUser([helpdeskRole.id]);
    const refusal = { rtnCode: '403', rtnMessage: '不能管理权限高于您本人的用户' };
    const admin1 = String(adminId);
    expect(
      (await post('/rest/user/UpdPwdUser', { id: admin1, password: 'Taken@2026' }, helpdesk.token)).envelope,
    ).toMatchObject(refusal);
    expect(
      (
        await post(
          '/rest/user/UpdUser',
          { id: admin1, realname: '张伟', phone: '13900000009', roleIds: [] },
          helpdesk.token,
        )
      ).envelope,
    ).toMatchObject(refusal);
    expect(
      (await post('/rest/user/UpdFrozenUser', { ids: admin1, status: '2' }, helpdesk.token)).envelope,
    ).toMatchObject(refusal);
    expect((await post('/rest/user/DelUser', { ids: admin1 }, helpdesk.token)).envelope).toMatchObject(refusal);
    expect(
      (
        await post(
          '/rest/user/delUserThirdAccount',
          { id: admin1, provider: 'github', externalId: '1' },
          helpdesk.token,
        )
      ).envelope,
    ).toMatchObject(refusal);
    // The administrator still logs in with their own password, phone unchanged.
    await loginToken(server, ADMIN);
    const [after] = await server.db.select().from(sysUsers).where(eq(sysUsers.id, adminId));
    expect(after).toMatchObject({ phone: '13800000001', status: '1' });

    // A peer holding a code the helpdesk lacks (内容编辑's) is above them too; one holding less is not.
    const editorRole = await makeRole(['cms:article:list']);
    const peer = await makeUser([editorRole.id]);
    expect(
      (await post('/rest/user/UpdPwdUser', { id: String(peer.id), password: 'Other@2026' }, helpdesk.token)).envelope,
    ).toMatchObject(refusal);
    const below = await makeUser([(await makeRole(['system:user:list'])).id]);
    expect(
      (await post('/rest/user/UpdPwdUser', { id: String(below.id), password: 'Other@2026' }, helpdesk.token)).envelope,
    ).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    // A batch with one user above the caller is refused whole: nobody is frozen.
    expect(
      (await post('/rest/user/UpdFrozenUser', { ids: `${below.id},${peer.id}`, status: '2' }, helpdesk.token)).envelope,
    ).toMatchObject(refusal);
    const [stillActive] = await server.db.select().from(sysUsers).where(eq(sysUsers.id, below.id));
    expect(stillActive.status).toBe('1');
  });

  it('nobody gives or takes a role holding more than they do, the administrator’s included', async () => {
    const helpdesk = await makeUser([(await makeRole(['system:user:list', 'system:user:edit', 'system:user:add'])).id]);
    const [sysadmin] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'sysadmin'));
    const added = await post(
      '/rest/user/AddUser',
      { loginName: `ceil-new${serial}`, realname: '新人', password: 'Start@2026', roleIds: [String(sysadmin.id)] },
      helpdesk.token,
    );
    expect(added.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '角色「系统管理员」含有您本人没有的权限，不能授予或收回',
    });
  });

  it('the ceiling answers before the login name and the phone are compared', async () => {
    const helpdesk = await makeUser([(await makeRole(['system:user:list', 'system:user:edit', 'system:user:add'])).id]);
    const [sysadmin] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'sysadmin'));
    // 新增 with the administrator's login name and phone and a role above the caller: the role's 403.
    const added = await post(
      '/rest/user/AddUser',
      {
        loginName: 'ADMIN',
        realname: '冒名',
        phone: '13800000001',
        password: 'Start@2026',
        roleIds: [String(sysadmin.id)],
      },
      helpdesk.token,
    );
    expect(added.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '角色「系统管理员」含有您本人没有的权限，不能授予或收回',
    });
    // 编辑 of a user above the caller with another's phone: the ceiling's 403, not 已被使用.
    const peer = await makeUser([(await makeRole(['cms:article:list'])).id]);
    const edited = await post(
      '/rest/user/UpdUser',
      { id: String(peer.id), realname: '改名', phone: '13800000001', roleIds: [] },
      helpdesk.token,
    );
    expect(edited.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '不能管理权限高于您本人的用户' });
    // Within reach, the same values are refused as taken.
    expect(
      (
        await post(
          '/rest/user/AddUser',
          { loginName: 'ADMIN', realname: '冒名', password: 'Start@2026', roleIds: [] },
          helpdesk.token,
        )
      ).envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '该登录名已被使用，请更换' });
  });
});

describe('roles above the caller', () => {
  it('a grant holder cannot strip the system administrator’s role, nor rename or delete a role above them', async () => {
    const grantCodes = ['system:role:list', 'system:role:grant', 'system:role:edit', 'system:role:delete'];
    const granter = await makeUser([(await makeRole(grantCodes)).id]);
    const [sysadmin] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'sysadmin'));
    const keepAllButGrant = (await permissionIdsOf(['system:role:list'])).map(String);
    const stripped = await post(
      '/rest/role/saveRolePermissions',
      { id: String(sysadmin.id), permissionIds: keepAllButGrant },
      granter.token,
    );
    expect(stripped.envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '角色「系统管理员」拥有全部权限（包括以后新增的权限），无需授权',
    });
    const above = await makeRole([...grantCodes, 'system:user:delete']);
    for (const [path, body] of [
      ['/rest/role/updRole', { id: String(above.id), name: '改名' }],
      ['/rest/role/delRole', { ids: String(above.id) }],
      ['/rest/role/saveRolePermissions', { id: String(above.id), permissionIds: [] }],
      ['/rest/role/updRole', { id: String(sysadmin.id), name: '改名' }],
    ] as const) {
      expect((await post(path, body, granter.token)).envelope).toMatchObject({
        rtnCode: '403',
        rtnMessage: expect.stringMatching(/^角色「.+」含有您本人没有的权限，不能修改或删除$/),
      });
    }
    const [unchanged] = await server.db.select().from(sysRoles).where(eq(sysRoles.id, above.id));
    expect(unchanged.name).toBe(above.name);
    // The administrator still holds the grant button.
    const init = await post<{ permissions: Array<{ code: string }> }>('/rest/auth/init', {}, admin);
    expect(init.envelope.dataSet.permissions.map((permission) => permission.code)).toContain('system:role:grant');
  });

  it('a menu with a new code is held by the system administrator at once and granted by them', async () => {
    const added = await post<{ id: string }>(
      '/rest/menu/addMenuRel',
      {
        type: 'menu',
        name: '质检台账',
        code: 'qc:ledger:list',
        path: '/qc-ledger',
        componentPath: null,
        icon: null,
        sort: 90,
        hidden: false,
      },
      admin,
    );
    expect(added.envelope.rtnMessage).toBe('成功');
    const init = await post<{ permissions: Array<{ code: string }> }>('/rest/auth/init', {}, admin);
    expect(init.envelope.dataSet.permissions.map((permission) => permission.code)).toContain('qc:ledger:list');
    const role = await makeRole([]);
    const granted = await post(
      '/rest/role/saveRolePermissions',
      { id: String(role.id), permissionIds: [added.envelope.dataSet.id] },
      admin,
    );
    expect(granted.envelope).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    // A grant holder without it still may not hand it out.
    const granter = await makeUser([(await makeRole(['system:role:list', 'system:role:grant'])).id]);
    const other = await makeRole([]);
    expect(
      (
        await post(
          '/rest/role/saveRolePermissions',
          { id: String(other.id), permissionIds: [added.envelope.dataSet.id] },
          granter.token,
        )
      ).envelope,
    ).toMatchObject({ rtnCode: '403', rtnMessage: '您本人没有「质检台账」权限，不能授予或收回' });
  });
});

describe('data rules', () => {
  it('a data-rule administrator cannot narrow or widen what a role above them sees', async () => {
    const ruler = await makeUser([
      (
        await makeRole([
          'system:datarule:list',
          'system:datarule:add',
          'system:datarule:edit',
          'system:datarule:delete',
        ])
      ).id,
    ]);
    const [sysadmin] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'sysadmin'));
    const [menu] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const refused = await post(
      '/rest/datapermission/addDataRule',
      { menuId: String(menu.id), name: `仅本人${serial}`, scope: 'self', roleIds: [String(sysadmin.id)] },
      ruler.token,
    );
    expect(refused.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '角色「系统管理员」含有您本人没有的权限，不能修改或删除',
    });
    // A role within their reach is theirs to rule.
    const lesser = await makeRole(['system:datarule:list']);
    const allowed = await post(
      '/rest/datapermission/addDataRule',
      { menuId: String(menu.id), name: `仅本人${serial}`, scope: 'self', roleIds: [String(lesser.id)] },
      ruler.token,
    );
    expect(allowed.envelope.rtnCode).toBe('0000');
  });
});

describe('the data scope cannot be widened by grants or rules', () => {
  it('a scoped administrator neither grants 用户管理 to a role without a rule nor loosens their own rule', async () => {
    const orgs = new Map(
      (await server.db.select().from(sysOrgs).where(eq(sysOrgs.enterpriseId, cnceId))).map((org) => [org.code, org]),
    );
    const codes = [
      'system:user:list',
      'system:role:list',
      'system:role:grant',
      'system:datarule:list',
      'system:datarule:edit',
      'system:datarule:delete',
    ];
    const role = await makeRole(codes);
    const [menu] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const [rule] = await server.db
      .insert(sysDataRules)
      .values({ permissionId: menu.id, name: `本机构${serial}`, scope: 'org' })
      .returning({ id: sysDataRules.id });
    await server.db.insert(sysRoleDataRules).values({ roleId: role.id, ruleId: rule.id });
    const spare = await makeRole(['system:role:list']);
    const lead = await makeUser([role.id, spare.id], { orgId: orgs.get('WAREHOUSE')!.id });
    const refusal = {
      rtnCode: '403',
      rtnMessage: expect.stringMatching(/^角色「.+」在「用户管理」的数据权限将超出您本人的范围，不能这样修改$/),
    };
    // 用户管理 granted to their second role, which has no rule: it would see the whole enterprise.
    const grant = await post(
      '/rest/role/saveRolePermissions',
      {
        id: String(spare.id),
        permissionIds: (await permissionIdsOf(['system:role:list', 'system:user:list'])).map(String),
      },
      lead.token,
    );
    expect(grant.envelope).toMatchObject(refusal);
    // Their own rule loosened, or deleted (their role would then have none: the whole enterprise).
    const loosened = await post(
      '/rest/datapermission/updDataRule',
      {
        id: String(rule.id),
        menuId: String(menu.id),
        name: `本机构${serial}`,
        scope: 'all',
        roleIds: [String(role.id)],
      },
      lead.token,
    );
    expect(loosened.envelope).toMatchObject(refusal);
    expect(
      (await post('/rest/datapermission/delDataRule', { ids: String(rule.id) }, lead.token)).envelope,
    ).toMatchObject(refusal);
    const [still] = await server.db.select().from(sysDataRules).where(eq(sysDataRules.id, rule.id));
    expect(still.scope).toBe('org');
  });
});

describe('menu administration', () => {
  it('a menu editor cannot rename a code into one they lack, nor delete a button held by those above', async () => {
    const editor = await makeUser([
      (
        await makeRole([
          'system:menu:list',
          'system:menu:edit',
          'system:menu:delete',
          'system:sms:list',
          'system:sms:delete',
        ])
      ).id,
    ]);
    const [button] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:sms:delete'));
    const rename = (code: string) => ({
      id: String(button.id),
      parentId: String(button.parentId),
      type: 'button',
      name: button.name,
      code,
      sort: button.sort,
      hidden: button.hidden,
    });
    // Renamed into a code they lack, every role holding the button would hold that instead.
    expect((await post('/rest/menu/addMenuRel', rename('system:role:grant2'), editor.token)).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '您本人没有「system:role:grant2」权限，不能授予或收回',
    });
    const [grantButton] = await server.db
      .select()
      .from(sysPermissions)
      .where(eq(sysPermissions.code, 'system:role:grant'));
    expect((await post('/rest/menu/delMenuRel', { id: String(grantButton.id) }, editor.token)).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '您本人没有「角色授权」权限，不能授予或收回',
    });
    const [kept] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.id, button.id));
    expect(kept.code).toBe('system:sms:delete');
  });

  it('the ceiling answers before the uniqueness and children checks: nothing learnt of other nodes', async () => {
    const editor = await makeUser([
      (await makeRole(['system:menu:list', 'system:menu:edit', 'system:menu:delete', 'system:sms:list'])).id,
    ]);
    const [button] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:role:grant'));
    // A code another node holds, on a node the editor may not change: the ceiling's 403, not 已被使用.
    const taken = await post(
      '/rest/menu/addMenuRel',
      {
        id: String(button.id),
        parentId: String(button.parentId),
        type: 'button',
        name: button.name,
        code: 'system:sms:list',
        sort: button.sort,
        hidden: button.hidden,
      },
      editor.token,
    );
    expect(taken.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '您本人没有「角色授权」权限，不能授予或收回' });
    // A coded menu with children the editor does not hold: the ceiling's 403, not 请先删除下级.
    const [roles] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:role:list'));
    const busy = await post('/rest/menu/delMenuRel', { id: String(roles.id) }, editor.token);
    expect(busy.envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: `您本人没有「${roles.name}」权限，不能授予或收回`,
    });
    const [kept] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.id, button.id));
    expect(kept.code).toBe('system:role:grant');
  });
});

describe('organisations and the data scope', () => {
  it('a scoped administrator cannot widen their scope by moving organisations', async () => {
    const orgs = new Map(
      (await server.db.select().from(sysOrgs).where(eq(sysOrgs.enterpriseId, cnceId))).map((org) => [org.code, org]),
    );
    const role = await makeRole([
      'system:user:list',
      'system:org:list',
      'system:org:add',
      'system:org:edit',
      'system:org:delete',
    ]);
    const [menu] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'system:user:list'));
    const [rule] = await server.db
      .insert(sysDataRules)
      .values({ permissionId: menu.id, name: `仓储部${serial}`, scope: 'org_and_below' })
      .returning({ id: sysDataRules.id });
    await server.db.insert(sysRoleDataRules).values({ roleId: role.id, ruleId: rule.id });
    const lead = await makeUser([role.id], { orgId: orgs.get('WAREHOUSE')!.id });
    const update = (org: string, parent: string | null) => {
      const { id, code, name } = orgs.get(org)!;
      const parentId = parent === null ? null : String(orgs.get(parent)!.id);
      return post('/rest/organ/updOrgan', { id: String(id), code, name, parentId }, lead.token);
    };
    // The administrator's organisation (信息技术部) moved under 仓储监管部 would bring admin into view.
    expect((await update('IT', 'WAREHOUSE')).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '该机构不在您的数据权限范围内',
    });
    // The top of their own scope moves only with an unlimited scope.
    expect((await update('WAREHOUSE', 'TRADE')).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '您数据权限范围最上层的机构只能由数据权限为“全部”的管理员移动',
    });
    // Nor out of it, nor to the top.
    expect((await update('WH-XJ', 'TRADE')).envelope.rtnCode).toBe('403');
    expect((await update('WH-XJ', null)).envelope.rtnCode).toBe('403');
    expect(
      (await post('/rest/organ/addOrgan', { code: `TOP${serial}`, name: '新顶层', parentId: null }, lead.token))
        .envelope,
    ).toMatchObject({ rtnCode: '403', rtnMessage: '只有数据权限为“全部”的管理员才能新增或移入顶层机构' });
    expect(
      (await post('/rest/organ/delOrgan', { id: String(orgs.get('SETTLE')!.id) }, lead.token)).envelope.rtnCode,
    ).toBe('403');
    const users = await post<{ pagination: { result: Array<{ loginName: string }> } }>(
      '/rest/user/getUserPage',
      { pageSize: 100 },
      lead.token,
    );
    expect(users.envelope.dataSet.pagination.result.map((user) => user.loginName)).not.toContain('admin');
    // Inside the scope: a move below its top is theirs to make.
    expect((await update('WH-XJ', 'WH-HN')).envelope).toMatchObject({ rtnCode: '0000' });
    expect((await update('WH-XJ', 'WAREHOUSE')).envelope).toMatchObject({ rtnCode: '0000' });
  });
});

describe('every user and role write respects the ceiling or is refused (property)', () => {
  // Real codes: the ones the writes need, and others a target may or may not share with the caller.
  const ACTION_CODES = [
    'system:user:list',
    'system:user:edit',
    'system:user:delete',
    'system:role:list',
    'system:role:edit',
    'system:role:delete',
    'system:role:grant',
  ] as const;
  const OTHER_CODES = [
    'system:user:add',
    'system:user:export',
    'cms:article:list',
    'cms:content:add',
    'register:review',
    'system:menu:edit',
    'system:org:delete',
    'system:sms:list',
  ] as const;
  const ALL = [...ACTION_CODES, ...OTHER_CODES];
  const subset = fc.subarray(ALL);
  const holdsAllFlag = (oneIn: number) => fc.integer({ min: 0, max: oneIn - 1 }).map((n) => n === 0);

  /** A button's nearest coded menu (the grant rule: a button is granted with its menu), read once. */
  let menuOf: Map<string, string>;
  beforeAll(async () => {
    const rows = await server.db.select().from(sysPermissions);
    const byId = new Map(rows.map((row) => [row.id, row]));
    menuOf = new Map();
    for (const row of rows) {
      if (row.type !== 'button' || row.code === null) continue;
      let parent = row.parentId === null ? undefined : byId.get(row.parentId);
      while (parent && parent.code === null) parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
      if (parent?.code) menuOf.set(row.code, parent.code);
    }
  });

  /** What a refused write must have left as it was. */
  async function snapshot(userId: number | null, roleId: number) {
    const [user] = userId === null ? [] : await server.db.select().from(sysUsers).where(eq(sysUsers.id, userId));
    const userRoles =
      userId === null
        ? []
        : (await server.db.select().from(sysUserRoles).where(eq(sysUserRoles.userId, userId)))
            .map((row) => row.roleId)
            .sort();
    const [role] = await server.db.select().from(sysRoles).where(eq(sysRoles.id, roleId));
    const grants = (await server.db.select().from(sysRolePermissions).where(eq(sysRolePermissions.roleId, roleId)))
      .map((row) => row.permissionId)
      .sort();
    return { user, userRoles, role, grants };
  }

  it('for random callers and targets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          callerExtra: fc.subarray([...OTHER_CODES]),
          callerAll: holdsAllFlag(10),
          target: subset,
          targetAll: holdsAllFlag(7),
          given: subset,
          extraGrant: fc.constantFrom(...ALL),
          action: fc.constantFrom('password', 'freeze', 'edit', 'delete', 'renameRole', 'grantRole', 'deleteRole'),
        }),
        async ({ callerExtra, callerAll, target, targetAll, given, extraGrant, action }) => {
          const callerCodes = new Set<string>([...ACTION_CODES, ...callerExtra]);
          const caller = await makeUser([(await makeRole([...callerCodes], { holdsAll: callerAll })).id]);
          const targetRole = await makeRole(target, { holdsAll: targetAll });
          const within = (codes: readonly string[], all: boolean) =>
            callerAll || (!all && codes.every((code) => callerCodes.has(code)));
          const holds = (code: string) => callerAll || callerCodes.has(code);
          const userAction = ['password', 'freeze', 'edit', 'delete'].includes(action);
          const targetUser = userAction ? await makeUser([targetRole.id]) : null;
          // 编辑 also gives the target another role, which must be within reach as well.
          const givenRole = action === 'edit' ? await makeRole(given) : null;
          const before = await snapshot(targetUser?.id ?? null, targetRole.id);
          let path: string;
          let body: unknown;
          let expected: '0000' | '400' | '403' = within(target, targetAll) ? '0000' : '403';
          if (targetUser) {
            const id = String(targetUser.id);
            const calls: Record<string, () => [string, unknown]> = {
              password: () => ['/rest/user/UpdPwdUser', { id, password: 'Random@2026' }],
              freeze: () => ['/rest/user/UpdFrozenUser', { ids: id, status: '2' }],
              edit: () => [
                '/rest/user/UpdUser',
                { id, realname: '改过', roleIds: [String(targetRole.id), String(givenRole!.id)] },
              ],
              delete: () => ['/rest/user/DelUser', { ids: id }],
            };
            [path, body] = calls[action]!();
            if (action === 'edit' && expected === '0000' && !within(given, false)) expected = '403';
          } else if (action === 'renameRole') {
            [path, body] = ['/rest/role/updRole', { id: String(targetRole.id), name: `改名${serial}` }];
          } else if (action === 'deleteRole') {
            [path, body] = ['/rest/role/delRole', { ids: String(targetRole.id) }];
          } else {
            const wanted: string[] = [...new Set([...target, extraGrant])];
            [path, body] = [
              '/rest/role/saveRolePermissions',
              { id: String(targetRole.id), permissionIds: (await permissionIdsOf(wanted)).map(String) },
            ];
            const buttonAlone = wanted.some((code) => menuOf.has(code) && !wanted.includes(menuOf.get(code)!));
            // In the server's order: a role holding every code, the role's reach, the grant rules, the codes.
            if (targetAll) expected = '400';
            else if (expected === '0000' && buttonAlone) expected = '400';
            else if (expected === '0000' && !target.includes(extraGrant) && !holds(extraGrant)) expected = '403';
          }
          const answer = (await post(path, body, caller.token)).envelope;
          expect(answer.rtnCode, `${action}: ${answer.rtnMessage}`).toBe(expected);
          if (expected === '0000') {
            const counted = answer.dataSet as Record<string, number>;
            if (action !== 'grantRole') expect(counted.updated ?? counted.deleted, action).toBe(1);
          } else {
            // Refused: nothing of the target changed.
            expect(await snapshot(targetUser?.id ?? null, targetRole.id), action).toEqual(before);
          }
        },
      ),
      { numRuns: 60 },
    );
    // 60 journeys of several calls each: ~16 s alone, past the 30 s default on a busy machine.
  }, 120_000);
});

describe('enterprise administrators', () => {
  let enterpriseId: number;
  let entAdmin: Awaited<ReturnType<typeof makeUser>>;
  let staffRoleId: string;

  beforeAll(async () => {
    // The seed's approved enterprise (M000005), with an administrator of our own beside its seeded ones.
    const [enterprise] = await server.db.select().from(sysEnterprises).where(eq(sysEnterprises.code, 'M000005'));
    enterpriseId = enterprise.id;
    const [traderAdmin] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'trader_admin'));
    entAdmin = await makeUser([traderAdmin.id], { enterpriseId });
  });

  it('manage their own accounts with the roles the centre marks grantable, and see nothing of the centre', async () => {
    const options = await post<{ roles: Array<{ id: string; code: string }>; orgs: unknown[]; posts: unknown[] }>(
      '/rest/enterprise/user/getUserBindRoles',
      {},
      entAdmin.token,
    );
    expect(options.envelope.rtnCode).toBe('0000');
    expect(options.envelope.dataSet.roles.map((role) => role.code)).toEqual([
      'trader_admin',
      'enterprise_admin',
      'enterprise_staff',
    ]);
    expect(options.envelope.dataSet).toMatchObject({ orgs: [], posts: [] });
    staffRoleId = options.envelope.dataSet.roles.find((role) => role.code === 'enterprise_staff')!.id;

    const added = await post<{ id: string }>(
      '/rest/enterprise/user/AddUser',
      { loginName: 'clerk', realname: '王会计', password: 'Clerk@2026', roleIds: [staffRoleId] },
      entAdmin.token,
    );
    expect(added.envelope.rtnCode).toBe('0000');
    const [clerk] = await server.db
      .select()
      .from(sysUsers)
      .where(eq(sysUsers.id, Number(added.envelope.dataSet.id)));
    expect(clerk).toMatchObject({ enterpriseId, loginName: 'clerk', orgId: null });

    // The centre's roles are not theirs to give, even those holding nothing.
    const [reviewer] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'reviewer'));
    expect(
      (
        await post(
          '/rest/enterprise/user/AddUser',
          { loginName: 'clerk2', realname: '李', password: 'Clerk@2026', roleIds: [String(reviewer.id)] },
          entAdmin.token,
        )
      ).envelope,
    ).toMatchObject({ rtnCode: '400', rtnMessage: '所选角色不存在，请刷新后重试' });

    // Their list holds their enterprise's accounts only; the centre's users are absent to them.
    const list = await post<{ pagination: { result: Array<{ loginName: string }> } }>(
      '/rest/enterprise/user/getUserPage',
      { pageSize: 100 },
      entAdmin.token,
    );
    expect(list.envelope.dataSet.pagination.result.map((user) => user.loginName).sort()).toEqual(
      ['admin', 'caiwu', 'clerk', entAdmin.loginName, 'yewu'].sort(),
    );
    for (const [path, body] of [
      ['/rest/enterprise/user/UpdPwdUser', { id: String(adminId), password: 'Taken@2026' }],
      ['/rest/enterprise/user/UpdFrozenUser', { ids: String(adminId), status: '2' }],
      ['/rest/enterprise/user/DelUser', { ids: String(adminId) }],
    ] as const) {
      expect((await post(path, body, entAdmin.token)).envelope).toMatchObject({
        rtnCode: '404',
        rtnMessage: '用户不存在或已删除',
      });
    }
    // The centre's own calls stay closed to them.
    expect((await post('/rest/user/getUserPage', {}, entAdmin.token)).envelope.rtnCode).toBe('403');
    expect((await post('/rest/role/getRolePage', {}, entAdmin.token)).envelope.rtnCode).toBe('403');
    expect((await post('/rest/organ/getOrganTree', {}, entAdmin.token)).envelope.rtnCode).toBe('403');

    // Freeze, reset the password, then delete their sub-account.
    const clerkId = added.envelope.dataSet.id;
    expect(
      (await post('/rest/enterprise/user/UpdFrozenUser', { ids: clerkId, status: '2' }, entAdmin.token)).envelope,
    ).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    expect(
      (await post('/rest/enterprise/user/UpdPwdUser', { id: clerkId, password: 'Reset@2026' }, entAdmin.token))
        .envelope,
    ).toMatchObject({ rtnCode: '0000', dataSet: { updated: 1 } });
    expect((await post('/rest/enterprise/user/DelUser', { ids: clerkId }, entAdmin.token)).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { deleted: 1 },
    });
  });

  it('may ask whether a mobile is taken only at a form’s pace: 60 questions in 10 minutes, then 429', async () => {
    const asker = await makeUser(
      [(await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'trader_admin')))[0].id],
      { enterpriseId },
    );
    const ask = (n: number) =>
      post(
        '/rest/common/duplicateCheck',
        { tableName: 'sys_users', fieldName: 'phone', fieldVal: `1390000${String(n).padStart(4, '0')}` },
        asker.token,
      );
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => ask(n)));
    expect(answers.map((answer) => answer.envelope.rtnCode)).toEqual(Array(60).fill('0000'));
    expect((await ask(60)).envelope.rtnCode).toBe('429');
    // The forms' own phone answers count against the same share.
    const added = await post(
      '/rest/enterprise/user/AddUser',
      { loginName: `probe${serial}`, realname: '探', password: 'Probe@2026', phone: '13900009999', roleIds: [] },
      asker.token,
    );
    expect(added.envelope.rtnCode).toBe('429');
  });

  it('a sub-account holds only what it was given, and a centre role given by the centre stays', async () => {
    const [reviewer] = await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'reviewer'));
    const sub = await makeUser([Number(staffRoleId), reviewer.id], { enterpriseId });
    // The centre's own accounts are not an enterprise's: its users get no 企业管理 › 用户管理.
    const centreUser = await makeUser([
      (await server.db.select().from(sysRoles).where(eq(sysRoles.code, 'trader_admin')))[0].id,
    ]);
    expect((await post('/rest/enterprise/user/getUserPage', {}, centreUser.token)).envelope).toMatchObject({
      rtnCode: '403',
      rtnMessage: '企业管理仅供注册审核通过的企业使用，本单位的账号请在系统管理 › 用户管理中维护',
    });
    expect((await post('/rest/enterprise/user/getUserPage', {}, sub.token)).envelope.rtnCode).toBe('403');
    const edited = await post(
      '/rest/enterprise/user/UpdUser',
      { id: String(sub.id), realname: '改名', roleIds: [staffRoleId] },
      entAdmin.token,
    );
    // 注册审核员 holds codes the enterprise's administrator does not: the sub-account is above them.
    expect(edited.envelope).toMatchObject({ rtnCode: '403', rtnMessage: '不能管理权限高于您本人的用户' });
  });
});
