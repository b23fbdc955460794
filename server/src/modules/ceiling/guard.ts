import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysRoleGrants, sysRoles, sysUserRoles } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { holds, type RequestAuth } from '../auth/authenticate';
import {
  dataScopedMenus,
  dataScopeOf,
  roleScopes,
  scopeAllowsOrg,
  scopeCovers,
  type DataScope,
} from '../data-scope/scope';

/**
 * The ceiling guard (DESIGN "One ceiling guard", docs/auth.md "The ceiling"): delegation is
 * never a way up. Every write on a user, a role or an organisation asks it, beside the data
 * scope that decides which rows the caller sees at all:
 *
 * - a user is within reach when every code their roles hold is one the caller holds;
 * - a role is within reach when every code it holds is one the caller holds;
 * - a role or user holding every code (系统管理员's flag) only for a caller who does too;
 * - an organisation is written only inside the caller's data scope, and the top of that
 *   scope moves only for a caller whose scope is unlimited.
 *
 * Enterprise administrators are the same model with a smaller reach.
 */

export const CEILING_MESSAGES = {
  userAbove: '不能管理权限高于您本人的用户',
  notOwn: '个人中心只能修改您本人的账号信息',
  roleAbove: (name: string) => `角色「${name}」含有您本人没有的权限，不能修改或删除`,
  roleGiven: (name: string) => `角色「${name}」含有您本人没有的权限，不能授予或收回`,
  codeNotHeld: (name: string) => `您本人没有「${name}」权限，不能授予或收回`,
  orgBeyondScope: '该机构不在您的数据权限范围内',
  orgTopMove: '您数据权限范围最上层的机构只能由数据权限为“全部”的管理员移动',
  orgRoot: '只有数据权限为“全部”的管理员才能新增或移入顶层机构',
  scopeWidened: (name: string, menu: string) =>
    `角色「${name}」在「${menu}」的数据权限将超出您本人的范围，不能这样修改`,
} as const;

/** What someone holds: every code, or these. */
export interface Reach {
  holdsAll: boolean;
  codes: ReadonlySet<string>;
}

type Reader = Pick<AppDatabase, 'select'>;

/** The caller's reach, from the session. */
export function callerReach(auth: Pick<RequestAuth, 'holdsAll' | 'permissionCodes'>): Reach {
  return { holdsAll: auth.holdsAll, codes: new Set(auth.permissionCodes) };
}

/** Whether `caller` may act on someone or something holding `target`: the ceiling itself. */
export function within(caller: Reach, target: Reach): boolean {
  if (caller.holdsAll) return true;
  if (target.holdsAll) return false;
  for (const code of target.codes) if (!caller.codes.has(code)) return false;
  return true;
}

/** What each of the roles holds (the view sys_role_grants: its grants, or every code). */
export async function roleReaches(
  db: Reader,
  roleIds: readonly number[],
): Promise<Map<number, Reach & { name: string }>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: sysRoles.id,
      name: sysRoles.name,
      holdsAll: sysRoles.holdsAll,
      codes: sql<string[] | null>`(
        select array_agg(distinct ${sysRoleGrants.code}) from ${sysRoleGrants}
        where ${sysRoleGrants.roleId} = ${sysRoles}.${sql.identifier('id')} and ${sysRoleGrants.code} is not null
      )`,
    })
    .from(sysRoles)
    .where(inArray(sysRoles.id, [...roleIds]));
  return new Map(
    rows.map((row) => [row.id, { name: row.name, holdsAll: row.holdsAll, codes: new Set(row.codes ?? []) }]),
  );
}

/** What each of the users holds through their roles (a user without roles holds nothing). */
export async function userReaches(db: Reader, userIds: readonly number[]): Promise<Map<number, Reach>> {
  const reaches = new Map<number, Reach>(userIds.map((id) => [id, { holdsAll: false, codes: new Set<string>() }]));
  if (userIds.length === 0) return reaches;
  const rows = await db
    .select({
      userId: sysUserRoles.userId,
      holdsAll: sql<boolean>`bool_or(${sysRoles.holdsAll})`,
      codes: sql<
        string[] | null
      >`array_agg(distinct ${sysRoleGrants.code}) filter (where ${sysRoleGrants.code} is not null)`,
    })
    .from(sysUserRoles)
    .innerJoin(sysRoles, eq(sysRoles.id, sysUserRoles.roleId))
    .leftJoin(sysRoleGrants, and(eq(sysRoleGrants.roleId, sysUserRoles.roleId), sql`not ${sysRoles.holdsAll}`))
    .where(inArray(sysUserRoles.userId, [...userIds]))
    .groupBy(sysUserRoles.userId);
  for (const row of rows) reaches.set(row.userId, { holdsAll: row.holdsAll, codes: new Set(row.codes ?? []) });
  return reaches;
}

/**
 * Who a write may touch: `reach` — an administrator's call, any user within the caller's reach
 * (their own row included: it holds what they hold); `self` — the account centre's own writes
 * (name, phone, e-mail, avatar, layout and theme), which need no code and therefore may touch
 * the caller's own row only.
 */
export type UserWriteKind = 'reach' | 'self';

/**
 * Refuses (403) unless every one of the users may be written by the caller (`kind`, above):
 * every write on a `sys_users` row, an administrator's or the user's own, asks here.
 */
export async function guardUsers(
  db: Reader,
  auth: RequestAuth,
  userIds: readonly number[],
  kind: UserWriteKind = 'reach',
): Promise<void> {
  if (kind === 'self') {
    if (userIds.some((id) => id !== auth.user.id)) throw new ApiError('403', CEILING_MESSAGES.notOwn);
    return;
  }
  const caller = callerReach(auth);
  if (caller.holdsAll) return;
  for (const reach of (await userReaches(db, userIds)).values()) {
    if (!within(caller, reach)) throw new ApiError('403', CEILING_MESSAGES.userAbove);
  }
}

/**
 * Refuses (403) unless every one of the roles is within the caller's reach: to rename,
 * describe, delete or change the grants of a role (`roleAbove`), or to give it to a user or
 * take it away (`roleGiven`).
 */
export async function guardRoles(
  db: Reader,
  auth: RequestAuth,
  roleIds: readonly number[],
  message: (name: string) => string = CEILING_MESSAGES.roleAbove,
): Promise<void> {
  const caller = callerReach(auth);
  if (caller.holdsAll) return;
  for (const reach of (await roleReaches(db, roleIds)).values()) {
    if (!within(caller, reach)) throw new ApiError('403', message(reach.name));
  }
}

/** Refuses (403) a grant or withdrawal of a code the caller does not hold (`name`: the permission's). */
export function guardCodes(auth: RequestAuth, permissions: ReadonlyArray<{ code: string | null; name: string }>): void {
  const caller = callerReach(auth);
  if (caller.holdsAll) return;
  const refused = permissions.find((permission) => permission.code !== null && !caller.codes.has(permission.code));
  if (refused) throw new ApiError('403', CEILING_MESSAGES.codeNotHeld(refused.name));
}

/** An organisation as the guard needs it: its id and its parent's. */
interface OrgPlace {
  id: number;
  parentId: number | null;
}

/**
 * The scopes an organisation write must stay inside: the caller's limited scopes on every
 * data-scoped list they hold (机构管理's, 用户管理's, the logs', a plugin's…). Organisations are what each
 * of those scopes is made of, so a write outside any one of them could widen it — moving an
 * organisation under one's own brings its users and its log rows into view.
 */
export async function orgWriteScopes(db: Reader, auth: RequestAuth): Promise<DataScope[]> {
  const scopes: DataScope[] = [];
  for (const menu of (await dataScopedMenus(db)).keys()) {
    if (!holds(auth, menu)) continue;
    const scope = await dataScopeOf(db, auth.user, menu);
    if (scope.kind === 'limited') scopes.push(scope);
  }
  return scopes;
}

/** Refuses (403) to add an organisation under `parentId` (null: a top one) outside any of the scopes. */
export function guardOrgAdd(scopes: readonly DataScope[], parentId: number | null): void {
  for (const scope of scopes) {
    if (scope.kind === 'all') continue;
    if (parentId === null) throw new ApiError('403', CEILING_MESSAGES.orgRoot);
    if (!scopeAllowsOrg(scope, parentId)) throw new ApiError('403', CEILING_MESSAGES.orgBeyondScope);
  }
}

/**
 * Refuses (403) to change or delete an organisation outside any of the scopes, and to move one
 * under a parent outside one; the top of a scope (an organisation of the scope whose parent is
 * not in it — the caller's own, for 本机构及下级机构) moves only for an unlimited scope, since
 * moving it changes what the scope holds.
 */
export function guardOrgChange(scopes: readonly DataScope[], org: OrgPlace, newParentId?: number | null): void {
  for (const scope of scopes) {
    if (scope.kind === 'all') continue;
    if (!scopeAllowsOrg(scope, org.id)) throw new ApiError('403', CEILING_MESSAGES.orgBeyondScope);
    if (newParentId === undefined || newParentId === org.parentId) continue;
    if (!scopeAllowsOrg(scope, org.parentId)) throw new ApiError('403', CEILING_MESSAGES.orgTopMove);
    if (newParentId === null) throw new ApiError('403', CEILING_MESSAGES.orgRoot);
    if (!scopeAllowsOrg(scope, newParentId)) throw new ApiError('403', CEILING_MESSAGES.orgBeyondScope);
  }
}

/** The caller's scope on a data-scoped list, with the list's name as 数据权限 shows it. */
export interface ListScope {
  name: string;
  scope: DataScope;
}

/**
 * The caller's scope on each list that honours data rules (`dataScopedMenus`: the portal's and
 * the plugins'), by its code, read before a change (their own role may be the one changed).
 */
export async function callerScopes(db: Reader, auth: RequestAuth): Promise<Map<string, ListScope>> {
  const scopes = new Map<string, ListScope>();
  for (const [menu, name] of await dataScopedMenus(db)) {
    scopes.set(menu, { name, scope: await dataScopeOf(db, auth.user, menu) });
  }
  return scopes;
}

/**
 * The name of the first of the roles that sees further on `menu`'s list than `scope` (a role
 * without a rule on it sees the whole enterprise), or null.
 */
export async function widerRole(
  db: Reader,
  scope: DataScope,
  roleIds: readonly number[],
  menu: string,
): Promise<string | null> {
  if (scope.kind === 'all' || roleIds.length === 0) return null;
  const reach = await roleScopes(db, [...roleIds], menu);
  const wider = [...reach].find(([, roleScope]) => !scopeCovers(scope, roleScope));
  if (!wider) return null;
  const [role] = await db.select({ name: sysRoles.name }).from(sysRoles).where(eq(sysRoles.id, wider[0]));
  return role?.name ?? String(wider[0]);
}

/**
 * Refuses (403) a change of grants or data rules after which one of the roles sees further on a
 * data-scoped list than the caller did before it — granting 用户管理 to a role without a rule, or
 * loosening the rule of one's own role, would otherwise widen a limited administrator's scope.
 * Call inside the writing transaction, after the write, with {@link callerScopes} read before it.
 */
export async function guardRoleScopes(db: Reader, before: Map<string, ListScope>, roleIds: readonly number[]) {
  for (const [menu, { name: list, scope }] of before) {
    const name = await widerRole(db, scope, roleIds, menu);
    if (name !== null) throw new ApiError('403', CEILING_MESSAGES.scopeWidened(name, list));
  }
}
