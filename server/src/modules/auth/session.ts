import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '@cotton/sdk/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';
import { sysEnterprises, sysRoleGrants, sysRoles, sysSessions, sysUserRoles, sysUsers } from '../../db/schema/index';

/**
 * Server-side sessions and the logged-in user (docs/auth.md "Tokens and sessions"). A login
 * reaches {@link createSession} directly or through a one-time ticket (login-ticket.ts), after
 * the credential's attempt was reserved and settled (lockout.ts); what a user holds is read
 * with the session (permissions.ts lists it for the init call).
 */

/** 7 days, the same as the browser's storage expiry. */
export const SESSION_TTL_MS = 604_800_000;

/** The logged-in user as the server sees it. */
export interface SessionUser {
  id: number;
  loginName: string;
  realname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  status: string;
  enterpriseId: number;
  enterpriseCode: string;
  enterpriseName: string;
  enterpriseStatus: string;
  /** 所属机构 (the data permissions' "own organisation"), null when none. */
  orgId: number | null;
  /** An initial password not yet changed: only the password change is open (authenticate.ts). */
  mustChangePassword: boolean;
}

export interface SessionRecord {
  id: number;
  userId: number;
  clientName: string;
  createdAt: Date;
  expiresAt: Date;
}

/** `sha256(token)` as hex: the only form in which tokens and tickets are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const userColumns = {
  id: sysUsers.id,
  loginName: sysUsers.loginName,
  realname: sysUsers.realname,
  avatar: sysUsers.avatar,
  phone: sysUsers.phone,
  email: sysUsers.email,
  status: sysUsers.status,
  enterpriseId: sysUsers.enterpriseId,
  enterpriseCode: sysEnterprises.code,
  enterpriseName: sysEnterprises.name,
  enterpriseStatus: sysEnterprises.status,
  orgId: sysUsers.orgId,
  mustChangePassword: sysUsers.mustChangePassword,
};

export async function findUser(db: AppDatabase, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(sysUsers)
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(eq(sysUsers.id, userId))
    .limit(1);
  return row ?? null;
}

/** A user may hold a session when the account is 正常 and the enterprise too. */
export function isActive(user: Pick<SessionUser, 'status' | 'enterpriseStatus'>): boolean {
  return user.status === '1' && user.enterpriseStatus === '1';
}

export function toUserInfo(user: SessionUser): UserInfo {
  return {
    uid: String(user.id),
    loginName: user.loginName,
    nickName: user.realname,
    realname: user.realname,
    avatar: user.avatar,
    phone: user.phone,
    email: user.email,
    enterpriseCode: user.enterpriseCode,
    enterpriseName: user.enterpriseName,
  };
}

/** The `userInfo` of docs/auth.md for a user; throws when the user does not exist. */
export async function userInfoOf(db: AppDatabase, userId: number): Promise<UserInfo> {
  const user = await findUser(db, userId);
  if (!user) throw new Error(`user ${userId} not found`);
  return toUserInfo(user);
}

export interface NewSession {
  userId: number;
  /** form_client, cas_client, phone, third:<provider>. */
  clientName: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** Opens a 7-day session and returns its token (stored only as its hash). */
export async function createSession(db: AppDatabase, session: NewSession, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sysSessions).values({
    userId: session.userId,
    tokenHash: hashToken(token),
    clientName: session.clientName.slice(0, 32),
    ip: session.ip?.slice(0, 64) ?? null,
    userAgent: session.userAgent?.slice(0, 256) ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

interface ResolvedSession {
  user: SessionUser;
  session: SessionRecord;
  permissionCodes: string[];
  /** A role of the user holds every code, those no menu names yet included (系统管理员). */
  holdsAll: boolean;
}

/**
 * Open sessions as read, kept while none of the tables they come from has changed (the
 * change signal, db/change-signal.ts): a logout, a frozen user, a role or grant changed
 * anywhere makes every process read again. Expiry is checked on every call.
 */
const openSessions = new VersionedCache<Readonly<ResolvedSession> | null>([
  'sys_sessions',
  'sys_users',
  'sys_enterprises',
  'sys_user_roles',
  'sys_roles',
  'sys_role_permissions',
  'sys_permissions',
]);

/** The unrevoked session of a token hash, with its user and their permission codes (one query). */
async function readSession(db: AppDatabase, tokenHash: string): Promise<Readonly<ResolvedSession> | null> {
  const [row] = await db
    .select({
      session: {
        id: sysSessions.id,
        userId: sysSessions.userId,
        clientName: sysSessions.clientName,
        createdAt: sysSessions.createdAt,
        expiresAt: sysSessions.expiresAt,
      },
      user: userColumns,
      permissionCodes: sql<string[] | null>`(
        select array_agg(distinct ${sysRoleGrants.code})
        from ${sysUserRoles}
        join ${sysRoleGrants} on ${sysRoleGrants.roleId} = ${sysUserRoles.roleId}
        where ${sysUserRoles.userId} = ${sysUsers.id} and ${sysRoleGrants.code} is not null
      )`,
      holdsAll: sql<boolean>`exists (
        select 1 from ${sysUserRoles} join ${sysRoles} on ${sysRoles.id} = ${sysUserRoles.roleId}
        where ${sysUserRoles.userId} = ${sysUsers.id} and ${sysRoles.holdsAll}
      )`,
    })
    .from(sysSessions)
    .innerJoin(sysUsers, eq(sysUsers.id, sysSessions.userId))
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(and(eq(sysSessions.tokenHash, tokenHash), isNull(sysSessions.revokedAt)))
    .limit(1);
  if (!row) return null;
  // Shared by every request of the session while kept: frozen, so that none can change it.
  Object.freeze(row.session);
  Object.freeze(row.user);
  return Object.freeze({ ...row, permissionCodes: Object.freeze(row.permissionCodes ?? []) as string[] });
}

/**
 * The user and session of a token with the permission codes the user holds (one query when
 * not kept: every protected call asks), or null when the token is unknown, expired or
 * revoked, or the account is no longer active (frozen user, disabled enterprise).
 */
export async function resolveSession(
  db: AppDatabase,
  token: string | null | undefined,
  now = new Date(),
): Promise<ResolvedSession | null> {
  if (!token || token.length > 256) return null;
  const tokenHash = hashToken(token);
  const row = await openSessions.get(changeSignalOf(db), tokenHash, () => readSession(db, tokenHash), {
    // Unknown tokens are not kept: guessing must not push real sessions out.
    keep: (found) => found !== null,
  });
  if (!row || row.session.expiresAt.getTime() <= now.getTime() || !isActive(row.user)) return null;
  return row;
}

/** Revokes the session of `token` (no-op when unknown or already revoked). */
export async function revokeSession(
  db: AppDatabase,
  token: string | null | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > 256) return false;
  const rows = await db
    .update(sysSessions)
    .set({ revokedAt: now })
    .where(and(eq(sysSessions.tokenHash, hashToken(token)), isNull(sysSessions.revokedAt)))
    .returning({ id: sysSessions.id });
  return rows.length > 0;
}

/** Revokes every open session of a user except `exceptSessionId` (after a password change). */
export async function revokeUserSessions(
  db: AppDatabase,
  userId: number,
  exceptSessionId?: number,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(sysSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sysSessions.userId, userId),
        isNull(sysSessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sysSessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sysSessions.id });
  return rows.length;
}
