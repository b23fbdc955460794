import { userAdminCodes, type DataScopeKind } from '@cotton/sdk/contracts';
import { and, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';
import { sysDataRules, sysOrgs, sysRoleDataRules, sysRoleGrants, sysUserRoles, sysUsers } from '../../db/schema/index';
import type { SessionUser } from '../auth/session';

/**
 * 数据权限 (docs/auth.md "Data permissions"): which rows of a menu's list a user may see.
 * Each role that grants the user the menu contributes its rules on that menu — none means
 * the whole enterprise — and the user sees the union. The answer is plain ids (organisations
 * and the user), so the condition it becomes reads the list's own table only.
 */

/** The menus whose lists honour data rules, by the menu's permission code (the rest refuse a rule). */
export const DATA_SCOPED_MENUS: Record<string, string> = {
  [userAdminCodes.list]: '用户管理',
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
export function dataScopeOf(db: Reader, user: SessionUser, menuCode: string): Promise<DataScope> {
  const key = `${user.id}\u0000${user.enterpriseId}\u0000${user.orgId}\u0000${menuCode}`;
  return keptScopes.get(changeSignalOf(db), key, async () => deepFreeze(await readDataScope(db, user, menuCode)));
}

function deepFreeze(scope: DataScope): DataScope {
  if (scope.kind === 'limited') Object.freeze(scope.orgIds);
  return Object.freeze(scope);
}

async function readDataScope(db: Reader, user: SessionUser, menuCode: string): Promise<DataScope> {
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

/** The users of `user`'s enterprise that `scope` lets them see, as a condition on sys_users. */
export function userScopeCondition(scope: DataScope, user: SessionUser): SQL {
  const enterprise = eq(sysUsers.enterpriseId, user.enterpriseId);
  if (scope.kind === 'all') return enterprise;
  const seen: SQL[] = [];
  if (scope.orgIds.length > 0) seen.push(inArray(sysUsers.orgId, scope.orgIds));
  if (scope.self) seen.push(eq(sysUsers.id, user.id));
  return and(enterprise, seen.length > 0 ? or(...seen) : sql`false`)!;
}

/** Whether a user put in `orgId` (null: none) stays within `scope`. */
export function scopeAllowsOrg(scope: DataScope, orgId: number | null): boolean {
  return scope.kind === 'all' || (orgId !== null && scope.orgIds.includes(orgId));
}
