import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '@cotton/sdk/contracts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';
import {
  sysEnterprises,
  sysLoginAttempts,
  sysLoginTickets,
  sysPermissions,
  sysRoleGrants,
  sysRoles,
  sysSessions,
  sysUserRoles,
  sysUsers,
} from '../../db/schema/index';

/**
 * Server-side sessions, one-time login tickets, the login-attempt log and its lockout
 * (docs/auth.md "Tokens and sessions", "Lockout"). Every path that checks a credential
 * (form login, phone code, old password) first reserves the attempt with
 * {@link reserveLoginAttempt}, settles a success with {@link settleLoginAttempt}, then
 * {@link createSession} (directly or through a ticket).
 */

/** 7 days, the same as the browser's storage expiry. */
export const SESSION_TTL_MS = 604_800_000;
/** One-time login tickets (cookie, CAS, third party): 2 minutes. */
export const LOGIN_TICKET_TTL_MS = 2 * 60 * 1000;
/**
 * Lockout (docs/auth.md "Lockout"): five failures of one account, or thirty from one
 * address (a company behind one NAT address must not lock out all its staff after five
 * typos), within 15 minutes lock for 15 minutes after the last of them.
 */
export const LOCKOUT = { accountFailures: 5, addressFailures: 30, windowMs: 15 * 60 * 1000 } as const;

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

/** A one-time ticket (2 minutes) that {@link consumeLoginTicket} turns into a session. */
export async function issueLoginTicket(
  db: AppDatabase,
  userId: number,
  clientName: string,
  now = new Date(),
): Promise<string> {
  const ticket = newToken();
  await db.insert(sysLoginTickets).values({
    ticketHash: hashToken(ticket),
    userId,
    clientName: clientName.slice(0, 32),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_TICKET_TTL_MS),
  });
  return ticket;
}

/** Uses a ticket once: its user and client, or null when unknown, used or stale. */
export async function consumeLoginTicket(
  db: AppDatabase,
  ticket: string | null | undefined,
  now = new Date(),
): Promise<{ userId: number; clientName: string } | null> {
  if (!ticket || ticket.length > 256) return null;
  const [row] = await db
    .update(sysLoginTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(sysLoginTickets.ticketHash, hashToken(ticket)),
        isNull(sysLoginTickets.usedAt),
        gt(sysLoginTickets.expiresAt, now),
      ),
    )
    .returning({ userId: sysLoginTickets.userId, clientName: sysLoginTickets.clientName });
  return row ?? null;
}

/** `lower(code) + '/' + lower(username)`, the account key of a form login. */
export function formAccountKey(code: string, username: string): string {
  return `${code.trim().toLowerCase()}/${username.trim().toLowerCase()}`.slice(0, 96);
}

/**
 * Whether some failure within the last 15 minutes was the last of `maxFailures` failures
 * within 15 minutes: the lock lasts 15 minutes after it. Attempts refused while locked are
 * never recorded, so the lock does not extend itself.
 */
function lockedBy(times: Date[], maxFailures: number, now: Date): boolean {
  const { windowMs } = LOCKOUT;
  // `times` newest first.
  for (let index = 0; index + maxFailures - 1 < times.length; index += 1) {
    const last = times[index].getTime();
    if (last <= now.getTime() - windowMs) return false;
    if (last - times[index + maxFailures - 1].getTime() <= windowMs) return true;
  }
  return false;
}

/**
 * True when the account or the address is locked. For the account, a success clears its
 * own earlier failures; for the address nothing does (a success on one account does not
 * erase the failures on others). Callers that go on to check a credential use
 * {@link reserveLoginAttempt}, which asks this under the lock.
 */
export async function lockedOut(
  db: AppDatabase,
  { accountKey, ip }: { accountKey: string; ip: string },
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - 2 * LOCKOUT.windowMs);
  const accountRows = await db
    .select({ at: sysLoginAttempts.at, success: sysLoginAttempts.success })
    .from(sysLoginAttempts)
    .where(and(eq(sysLoginAttempts.accountKey, accountKey), gt(sysLoginAttempts.at, since)))
    .orderBy(desc(sysLoginAttempts.at), desc(sysLoginAttempts.id))
    .limit(4 * LOCKOUT.accountFailures);
  const accountFailures: Date[] = [];
  for (const row of accountRows) {
    if (row.success) break;
    accountFailures.push(row.at);
  }
  if (lockedBy(accountFailures, LOCKOUT.accountFailures, now)) return true;
  const ipRows = await db
    .select({ at: sysLoginAttempts.at })
    .from(sysLoginAttempts)
    .where(and(eq(sysLoginAttempts.ip, ip), eq(sysLoginAttempts.success, false), gt(sysLoginAttempts.at, since)))
    .orderBy(desc(sysLoginAttempts.at), desc(sysLoginAttempts.id))
    .limit(4 * LOCKOUT.addressFailures);
  return lockedBy(
    ipRows.map((row) => row.at),
    LOCKOUT.addressFailures,
    now,
  );
}

export interface LoginAttempt {
  /** `lower(code)/lower(username)` or `phone:<mobile>`. */
  accountKey: string;
  ip: string;
  clientName: string;
}

/** A reserved attempt: recorded as a failure until {@link settleLoginAttempt} says it succeeded. */
export interface ReservedAttempt {
  id: number;
}

/**
 * Reserves one login attempt before the credential is checked, or answers `null` when the
 * account or the address is locked (nothing is recorded then). The lockout check and the
 * recording happen in one transaction holding a database lock per account and per address
 * (advisory locks, taken in a fixed order), so parallel attempts — from one server process
 * or several — are counted one after another: at most five credentials of an account are
 * ever checked in a window, however many arrive at once. The attempt is recorded as a
 * failure at once; the caller settles a success with {@link settleLoginAttempt}.
 */
export async function reserveLoginAttempt(
  db: AppDatabase,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<ReservedAttempt | null> {
  const accountKey = attempt.accountKey.slice(0, 96);
  const ip = attempt.ip.slice(0, 64);
  return db.transaction(async (tx) => {
    for (const key of [`login-account:${accountKey}`, `login-address:${ip}`].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
    if (await lockedOut(tx, { accountKey, ip }, now)) return null;
    const [row] = await tx
      .insert(sysLoginAttempts)
      .values({ accountKey, ip, success: false, clientName: attempt.clientName.slice(0, 32), at: now })
      .returning({ id: sysLoginAttempts.id });
    return { id: row.id };
  });
}

/** Marks a reserved attempt as a success (which also clears the account's earlier failures). */
export async function settleLoginAttempt(db: AppDatabase, attempt: ReservedAttempt): Promise<void> {
  await db.update(sysLoginAttempts).set({ success: true }).where(eq(sysLoginAttempts.id, attempt.id));
}

/** Every permission code (menus and buttons) a user holds through their roles. */
export async function permissionsOf(
  db: AppDatabase,
  userId: number,
): Promise<Array<{ code: string; type: 'menu' | 'button' }>> {
  const rows = await db
    .selectDistinct({
      code: sysPermissions.code,
      type: sysPermissions.type,
      sort: sysPermissions.sort,
      id: sysPermissions.id,
    })
    .from(sysUserRoles)
    .innerJoin(sysRoleGrants, eq(sysRoleGrants.roleId, sysUserRoles.roleId))
    .innerJoin(sysPermissions, eq(sysPermissions.id, sysRoleGrants.permissionId))
    .where(and(eq(sysUserRoles.userId, userId), sql`${sysPermissions.code} is not null`))
    .orderBy(sysPermissions.sort, sysPermissions.id);
  return rows.map((row) => ({ code: row.code!, type: row.type }));
}

/** Whether a user holds a permission code (for checks outside a route's `config.permission`). */
export async function holdsPermission(db: AppDatabase, userId: number, code: string): Promise<boolean> {
  const codes = await permissionsOf(db, userId);
  return codes.some((permission) => permission.code === code);
}
