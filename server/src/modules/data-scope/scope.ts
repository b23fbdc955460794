import {
  enterpriseUserCodes,
  logCodes,
  orgAdminCodes,
  userAdminCodes,
  type DataScopeKind,
} from '@cotton/sdk/contracts';
import { and, count, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import { ApiError } from '../../http/envelope';
import type { AppDatabase } from '../../db/client';
import { sysDataRules, sysOrgs, sysRoleDataRules, sysRoleGrants, sysUserRoles, sysUsers } from '../../db/schema/index';

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
 * The menus whose lists honour data rules, by the menu's permission code (the rest refuse a
 * rule), with the name 数据权限 shows for each (two menus are called 用户管理). Each list
 * declares where its rows keep their owner ({@link RowOwner}); docs/auth.md "Data permissions"
 * says what the owner is for each and why the other lists have none.
 */
export const DATA_SCOPED_MENUS: Record<string, string> = {
  [userAdminCodes.list]: '用户管理',
  [enterpriseUserCodes.list]: '企业用户管理',
  [orgAdminCodes.list]: '机构管理',
  [logCodes.operation]: '操作日志',
  [logCodes.login]: '登录日志',
  [logCodes.visit]: '访问日志',
};

export type DataScope =
  | { kind: 'all' }
  /**
   * The organisations whose rows are seen, whether the user's own row is, and the widest
   * scope of their rules (what a role they give may reach at most).
   */
  | { kind: 'limited'; orgIds: number[]; self: boolean; widest: DataScopeKind };

/** How far each scope reaches, relative to the holder's organisation: a role may be given by someone reaching as far. */
export const SCOPE_RANK: Record<DataScopeKind, number> = { self: 0, org: 1, org_and_below: 2, all: 3 };

type Reader = Pick<AppDatabase, 'select'>;

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

/** A list that honours data rules: its menu's permission code (a key of {@link DATA_SCOPED_MENUS}) and its rows' owner. */
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
