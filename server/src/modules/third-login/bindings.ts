import type { ThirdAccount } from '@cotton/sdk/contracts';
import type { ThirdBindResult } from '@cotton/sdk/validators';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { sysSessions, sysThirdAccounts } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import type { RequestAuth } from '../auth/authenticate';
import { findUser, isActive } from '../auth/session';
import { recordAudit } from '../shared/audit';
import type { ThirdLoginIdentity } from './provider';
import { thirdClientName } from './service';
import type { BindTarget } from './state';

/**
 * Bindings of `sys_third_accounts` (docs/auth.md "Third-party accounts"): listing a user's,
 * binding an account that came back from a provider in bind mode, removing one. Used by the
 * account centre's calls (routes.ts of this folder) and by 用户管理
 * (server/src/modules/user-admin/third-accounts.ts).
 */

export const THIRD_ACCOUNT_MESSAGES = {
  unknownProvider: '未配置该第三方登录方式',
  alreadyBound: '您已绑定该第三方登录方式的账号，请先解除原有绑定',
  notBound: '该第三方账号绑定不存在或已解除，请刷新后重试',
} as const;

/** The bindings of a user, by provider then time; the provider's name from `names` (else its id). */
export async function thirdAccountsOf(
  db: AppDatabase | Tx,
  userId: number,
  names: ReadonlyMap<string, string>,
): Promise<ThirdAccount[]> {
  const rows = await db
    .select({
      provider: sysThirdAccounts.provider,
      externalId: sysThirdAccounts.externalId,
      createdAt: sysThirdAccounts.createdAt,
    })
    .from(sysThirdAccounts)
    .where(eq(sysThirdAccounts.userId, userId))
    .orderBy(asc(sysThirdAccounts.provider), asc(sysThirdAccounts.createdAt), asc(sysThirdAccounts.externalId));
  return rows.map((row) => ({
    provider: row.provider,
    providerName: names.get(row.provider) ?? row.provider,
    externalId: row.externalId,
    boundAt: row.createdAt.toISOString(),
  }));
}

/** Whether the user already has an account of `providerId` bound. */
export async function hasBinding(db: AppDatabase | Tx, userId: number, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sysThirdAccounts.userId })
    .from(sysThirdAccounts)
    .where(and(eq(sysThirdAccounts.userId, userId), eq(sysThirdAccounts.provider, providerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The user and session a bind-mode state names, when that session is still open (not logged
 * out, not expired, not revoked by a password change or a freeze) and its user still active;
 * else `null`: whoever finishes the binding must still be logged in as the one who started it.
 */
export async function bindingSession(
  db: AppDatabase,
  target: BindTarget,
  now = new Date(),
): Promise<Pick<RequestAuth, 'user' | 'session'> | null> {
  const [session] = await db
    .select({
      id: sysSessions.id,
      userId: sysSessions.userId,
      clientName: sysSessions.clientName,
      createdAt: sysSessions.createdAt,
      expiresAt: sysSessions.expiresAt,
    })
    .from(sysSessions)
    .where(
      and(
        eq(sysSessions.id, target.sessionId),
        eq(sysSessions.userId, target.userId),
        isNull(sysSessions.revokedAt),
        gt(sysSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!session) return null;
  const user = await findUser(db, session.userId);
  if (!user || !isActive(user)) return null;
  return { user, session };
}

/**
 * Binds the account that came back from `providerId` to the user who started the binding.
 * Refused (nothing written) when the account is bound already — to another user or to this
 * one — or this user has an account of that provider bound. One transaction holding a lock
 * per user and provider, so two bindings at once cannot both pass the check; the table's key
 * (provider, external id) stops two users binding one account.
 */
export async function bindIdentity(
  db: AppDatabase,
  actor: Pick<RequestAuth, 'user' | 'session'>,
  ip: string,
  providerId: string,
  identity: ThirdLoginIdentity,
): Promise<ThirdBindResult> {
  const userId = actor.user.id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`third-bind:${userId}:${providerId}`}))`);
    const [existing] = await tx
      .select({ userId: sysThirdAccounts.userId })
      .from(sysThirdAccounts)
      .where(and(eq(sysThirdAccounts.provider, providerId), eq(sysThirdAccounts.externalId, identity.externalId)))
      .limit(1);
    if (existing) return existing.userId === userId ? 'already-bound' : 'bound-other';
    if (await hasBinding(tx, userId, providerId)) return 'already-bound';
    const inserted = await tx
      .insert(sysThirdAccounts)
      .values({ provider: providerId, externalId: identity.externalId, userId })
      .onConflictDoNothing()
      .returning({ userId: sysThirdAccounts.userId });
    if (inserted.length === 0) return 'bound-other';
    await recordAudit(
      tx,
      { ip, auth: { ...actor, token: '', permissionCodes: [], holdsAll: false } },
      {
        action: 'user.third-bind',
        entity: 'user',
        entityId: userId,
        after: { loginName: actor.user.loginName, provider: providerId, externalId: identity.externalId },
      },
    );
    return 'bound';
  });
}

/**
 * Removes the binding (`provider`, `externalId`) of `userId` and ends the user's sessions
 * opened through that provider (except `keepSessionId`, the session making the call), with an
 * audit row. `400` when there is no such binding.
 */
export async function removeBinding(
  db: AppDatabase,
  request: Pick<FastifyRequest, 'auth' | 'ip'>,
  target: { userId: number; loginName: string },
  binding: { provider: string; externalId: string },
  keepSessionId: number | null,
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(sysThirdAccounts)
      .where(
        and(
          eq(sysThirdAccounts.userId, target.userId),
          eq(sysThirdAccounts.provider, binding.provider),
          eq(sysThirdAccounts.externalId, binding.externalId),
        ),
      )
      .returning({ createdAt: sysThirdAccounts.createdAt });
    if (removed.length === 0) throw new ApiError('400', THIRD_ACCOUNT_MESSAGES.notBound);
    await tx
      .update(sysSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sysSessions.userId, target.userId),
          eq(sysSessions.clientName, thirdClientName(binding.provider).slice(0, 32)),
          isNull(sysSessions.revokedAt),
          keepSessionId === null ? undefined : ne(sysSessions.id, keepSessionId),
        ),
      );
    await recordAudit(tx, request, {
      action: 'user.third-unbind',
      entity: 'user',
      entityId: target.userId,
      before: {
        loginName: target.loginName,
        provider: binding.provider,
        externalId: binding.externalId,
        boundAt: removed[0].createdAt.toISOString(),
      },
    });
    return { deleted: 1 };
  });
}
