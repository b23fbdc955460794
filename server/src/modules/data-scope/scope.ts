import {
  enterpriseUserCodes,
  logCodes,
  orgAdminCodes,
  userAdminCodes,
  type DataScopeKind,
} from '@cotton/sdk/contracts';
import { entityPermissionCode } from '@cotton/sdk/validators';
import { and, asc, count, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import { ApiError } from '../../http/envelope';
import type { AppDatabase } from '../../db/client';
import {
  pluginEntityTables,
  pluginRegistry,
  sysDataRules,
  sysOrgs,
  sysPermissions,
  sysRoleDataRules,
  sysRoleGrants,
  sysUserRoles,
  sysUsers,
} from '../../db/schema/index';

/**
 * 数据权限 (docs/auth.md "Data permissions"): which rows of a menu's list a user may see.
 * Each role that grants the user the menu contributes its rules on that menu — none means
 * every row (of the user's enterprise, on a per-enterprise list) — and the user sees the union. The answer is plain ids (organisations
 * and the user), so the condition it becomes reads the list's own table only.
 */

/**
 * The user a scope is computed for: the session's user (auth/session.ts `SessionUser`), as far
 * as a scope reads it.
 */
export interface ScopeUser {
  id: number;
  enterpriseId: number;
  /** 所属机构, null when none. */
  orgId: number | null;
}

/** The caller of a protected route (the permission check has set `request.auth`), else 401. */
export function scopeUserOf(request: { auth: { user: ScopeUser } | null }): ScopeUser {
  if (!request.auth) throw new ApiError('401');
  return request.auth.user;
}

/**
 * The portal's menus whose lists honour data rules, by the menu's permission code, with the
 * name 数据权限 shows for each (two menus are called 用户管理); {@link dataScopedMenus} adds the
 * plugins' lists, and every other menu refuses a rule. Each list
 * declares where its rows keep their owner ({@link RowOwner}); docs/auth.md "Data permissions"
 * says what the owner is for each and why the other lists have none.
 */
const DATA_SCOPED_MENUS: Readonly<Record<string, string>> = Object.freeze({
  [userAdminCodes.list]: '用户管理',
  [enterpriseUserCodes.list]: '企业用户管理',
  [orgAdminCodes.list]: '机构管理',
  [logCodes.operation]: '操作日志',
  [logCodes.login]: '登录日志',
  [logCodes.visit]: '访问日志',
});

type Reader = Pick<AppDatabase, 'select'>;

/**
 * The data-scoped lists as the database holds them, kept while the plugins, their versions and
 * the menu tree are unchanged (an install, an activation, an uninstall or a menu saved changes
 * one of them). Read inside a transaction, nothing is kept.
 */
const keptScopedMenus = new VersionedCache<ReadonlyMap<string, string>>([
  'plugin_registry',
  'plugin_versions',
  'sys_permissions',
]);

/**
 * Every list that honours data rules, by the permission code its rules are keyed by, with the
 * name 数据权限 shows for it — the one list the data-rule admin (which menus take a rule), the
 * ceiling guard (whose scopes a delegated write compares) and the lists (what they ask
 * {@link dataScopeOf}) read:
 *
 * - the portal's own ({@link DATA_SCOPED_MENUS}), keyed by their menu's code;
 * - for each entity with the owner `org` of an installed plugin (enabled or not: its rules and
 *   grants outlive a 停用, so the ceiling keeps guarding them), its list code
 *   `plugin:<id>:<entity>:list` — the code every call of the list checks — once a node of the
 *   menu tree carries it: the plugin's menu itself (the code declared `menu`: the menu's own
 *   code) or the button under that menu (declared `button`). A rule on the list sits on that
 *   node, so the roles granted it and their rules on it are exactly what `dataScopeOf` reads.
 *   Named by the entity's label.
 */
export function dataScopedMenus(db: Reader): Promise<ReadonlyMap<string, string>> {
  return keptScopedMenus.get(changeSignalOf(db), 'menus', () => readScopedMenus(db));
}

async function readScopedMenus(db: Reader): Promise<ReadonlyMap<string, string>> {
  const menus = new Map(Object.entries(DATA_SCOPED_MENUS));
  const entities = await db
    .select({
      pluginId: pluginEntityTables.pluginId,
      entity: pluginEntityTables.entity,
      label: pluginEntityTables.label,
    })
    .from(pluginEntityTables)
    .innerJoin(pluginRegistry, eq(pluginRegistry.id, pluginEntityTables.pluginId))
    .where(eq(pluginEntityTables.owner, 'org'))
    .orderBy(asc(pluginEntityTables.pluginId), asc(pluginEntityTables.entity));
  if (entities.length === 0) return menus;
  const codes = entities.map((row) => entityPermissionCode(row.pluginId, row.entity, 'list'));
  const carried = await db
    .select({ code: sysPermissions.code })
    .from(sysPermissions)
    .where(inArray(sysPermissions.code, codes));
  const nodes = new Set(carried.map((row) => row.code));
  for (const [index, code] of codes.entries()) if (nodes.has(code)) menus.set(code, entities[index]!.label);
  return menus;
}

export type DataScope =
  | { kind: 'all' }
  /**
   * The organisations whose rows are seen, whether the user's own row is, and the widest
   * scope of their rules (what a role they give may reach at most).
   */
  | { kind: 'limited'; orgIds: number[]; self: boolean; widest: DataScopeKind };

/** How far each scope reaches, relative to the holder's organisation: a role may be given by someone reaching as far. */
export const SCOPE_RANK: Record<DataScopeKind, number> = { self: 0, org: 1, org_and_below: 2, all: 3 };

/** The ids of `orgId` and every organisation below it (empty when it is not the enterprise's). */
export async function orgAndBelow(db: Reader, enterpriseId: number, orgId: number): Promise<number[]> {
  const [org] = await db
    .select({ path: sysOrgs.path })
    .from(sysOrgs)
    .where(and(eq(sysOrgs.id, orgId), eq(sysOrgs.enterpriseId, enterpriseId)));
  if (!org) return [];
  const rows = await db
    .select({ id: sysOrgs.id })
    .from(sysOrgs)
    .where(and(eq(sysOrgs.enterpriseId, enterpriseId), like(sysOrgs.path, `${org.path}%`)));
  return rows.map((row) => row.id);
}

/**
 * Scopes as computed, kept while none of the tables they come from has changed (the change
 * signal, db/change-signal.ts). Read inside a transaction, nothing is kept.
 */
const keptScopes = new VersionedCache<DataScope>([
  'sys_user_roles',
  'sys_roles',
  'sys_role_permissions',
  'sys_permissions',
  'sys_data_rules',
  'sys_role_data_rules',
  'sys_orgs',
]);

/** What `user` may see of the list of `menuCode`: the union of what each of their roles sees. */
export function dataScopeOf(db: Reader, user: ScopeUser, menuCode: string): Promise<DataScope> {
  const key = `${user.id}\u0000${user.enterpriseId}\u0000${user.orgId}\u0000${menuCode}`;
  return keptScopes.get(changeSignalOf(db), key, async () => deepFreeze(await readDataScope(db, user, menuCode)));
}

function deepFreeze(scope: DataScope): DataScope {
  if (scope.kind === 'limited') Object.freeze(scope.orgIds);
  return Object.freeze(scope);
}

async function readDataScope(db: Reader, user: ScopeUser, menuCode: string): Promise<DataScope> {
  const reach = [...(await roleScopes(db, { ofUser: user.id }, menuCode)).values()];
  // Holding a button of the menu means holding the menu (the grant rules); without either, nothing but oneself.
  if (reach.length === 0) return { kind: 'limited', orgIds: [], self: true, widest: 'self' };
  if (reach.includes('all')) return { kind: 'all' };
  let orgIds: number[] = [];
  if (user.orgId !== null) {
    if (reach.includes('org_and_below')) orgIds = await orgAndBelow(db, user.enterpriseId, user.orgId);
    else if (reach.includes('org')) orgIds = [user.orgId];
  }
  const widest = reach.reduce<DataScopeKind>((a, b) => (SCOPE_RANK[b] > SCOPE_RANK[a] ? b : a), 'self');
  return { kind: 'limited', orgIds, self: reach.includes('self') || orgIds.length === 0, widest };
}

/**
 * The widest scope each role (of the ids, or held by the user) gives on `menuCode`, for the
 * roles granting that menu (a role without a rule on it: `all`). Roles not granting it are absent.
 */
export async function roleScopes(
  db: Reader,
  roles: number[] | { ofUser: number },
  menuCode: string,
): Promise<Map<number, DataScopeKind>> {
  if (Array.isArray(roles) && roles.length === 0) return new Map();
  const roleIds = Array.isArray(roles)
    ? roles
    : db.select({ roleId: sysUserRoles.roleId }).from(sysUserRoles).where(eq(sysUserRoles.userId, roles.ofUser));
  // One query: each role granting the menu with the scopes of its rules on it (comma-joined).
  // The outer view's columns qualified by hand: a one-table select writes them bare.
  const grants = sysRoleGrants;
  const scopes = sql<string | null>`(
    select string_agg(${sysDataRules.scope}, ',')
    from ${sysRoleDataRules} join ${sysDataRules} on ${sysDataRules.id} = ${sysRoleDataRules.ruleId}
    where ${sysRoleDataRules.roleId} = ${grants}.${sql.identifier('role_id')}
      and ${sysDataRules.permissionId} = ${grants}.${sql.identifier('permission_id')}
  )`;
  // The roles holding the menu: their grants, or every code (sys_role_grants).
  const holders = await db
    .select({ roleId: sysRoleGrants.roleId, scopes })
    .from(sysRoleGrants)
    .where(and(inArray(sysRoleGrants.roleId, roleIds), eq(sysRoleGrants.code, menuCode)));
  return new Map(
    holders.map((holder) => [
      holder.roleId,
      // No rule: the whole enterprise.
      (holder.scopes ? (holder.scopes.split(',') as DataScopeKind[]) : ['all' as const]).reduce((a, b) =>
        SCOPE_RANK[b] > SCOPE_RANK[a] ? b : a,
      ),
    ]),
  );
}

/**
 * Whether someone of `scope` may give or take a role reaching `roleScope`: an unlimited one
 * may; a limited one only a role reaching no further than they do (the user they give it to
 * is inside their scope, so it sees no more than they do).
 */
export function scopeCovers(scope: DataScope, roleScope: DataScopeKind): boolean {
  return scope.kind === 'all' || SCOPE_RANK[roleScope] <= SCOPE_RANK[scope.widest];
}

/** Where a scoped list's rows keep their owner: columns of the list's own table. */
export interface RowOwner {
  /** The row's id (what "is this row in scope" is asked of). */
  key: PgColumn;
  /**
   * The organisation owning the row. A row without one is seen by an unlimited scope only
   * (or, through `user`, by its own user).
   */
  org: PgColumn;
  /** The user the row is theirs (仅本人 sees these); absent: 仅本人 sees none of the list's rows. */
  user?: PgColumn;
  /** The row's enterprise: only the caller's own enterprise's rows are listed, whatever the scope. */
  enterprise?: PgColumn;
}

/** A list that honours data rules: its menu's permission code (a key of {@link dataScopedMenus}) and its rows' owner. */
export interface ScopedList extends RowOwner {
  menu: string;
}

/** The rows of `owner`'s table that `scope` lets `user` see, as a condition (undefined: every row). */
export function scopeCondition(scope: DataScope, user: ScopeUser, owner: RowOwner): SQL | undefined {
  const enterprise = owner.enterprise ? eq(owner.enterprise, user.enterpriseId) : undefined;
  if (scope.kind === 'all') return enterprise;
  const seen: SQL[] = [];
  if (scope.orgIds.length > 0) seen.push(inArray(owner.org, scope.orgIds));
  if (scope.self && owner.user) seen.push(eq(owner.user, user.id));
  return and(enterprise, seen.length > 0 ? or(...seen) : sql`false`);
}

/** A scoped list's rows as `user` may see them: their scope on its menu and the condition it makes. */
export async function listScope(
  db: Reader,
  user: ScopeUser,
  list: ScopedList,
): Promise<{ scope: DataScope; where: SQL | undefined }> {
  const scope = await dataScopeOf(db, user, list.menu);
  return { scope, where: scopeCondition(scope, user, list) };
}

/**
 * Refuses (404 `notFound`) unless every one of the rows exists and is within `where` (from
 * {@link listScope}): a row outside the caller's scope is answered as one that does not exist,
 * so that neither its detail nor a write on it tells that it does.
 */
export async function ensureInScope(
  db: Reader,
  owner: Pick<RowOwner, 'key'>,
  where: SQL | undefined,
  ids: readonly number[],
  notFound: string,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const [{ found }] = await db
    .select({ found: count() })
    .from(owner.key.table)
    .where(and(inArray(owner.key, wanted), where));
  if (found !== wanted.length) throw new ApiError('404', notFound);
}

/** 用户管理 and 企业用户管理: an account is owned by its organisation, and is its own user's. */
export const USER_OWNER: RowOwner = {
  key: sysUsers.id,
  org: sysUsers.orgId,
  user: sysUsers.id,
  enterprise: sysUsers.enterpriseId,
};

/** The users of `user`'s enterprise that `scope` lets them see, as a condition on sys_users. */
export function userScopeCondition(scope: DataScope, user: ScopeUser): SQL {
  return scopeCondition(scope, user, USER_OWNER)!;
}

/** Whether a user put in `orgId` (null: none) stays within `scope`. */
export function scopeAllowsOrg(scope: DataScope, orgId: number | null): boolean {
  return scope.kind === 'all' || (orgId !== null && scope.orgIds.includes(orgId));
}
