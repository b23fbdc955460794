import type { LoginErrorCode } from '@cotton/sdk/validators';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysEnterprises, sysThirdAccounts, sysUsers } from '../../db/schema/index';
import { consumeLoginTicket, issueLoginTicket } from '../auth/login-ticket';
import { createSession, userInfoOf } from '../auth/session';
import { allDictItems, jeecgFailure, jeecgSuccess, type JeecgLoginResponse } from '../phone-login/login-result';
import type { ThirdLoginIdentity } from './provider';

export const TICKET_MESSAGE = '登录已失效，请重新登录';

export const thirdClientName = (providerId: string) => `third:${providerId}`;

/**
 * The local user bound to `identity` at `providerId`; a login ticket for them, or the code
 * of the login page's message.
 */
export async function ticketForIdentity(
  db: AppDatabase,
  providerId: string,
  identity: ThirdLoginIdentity,
): Promise<{ ticket: string } | { error: LoginErrorCode }> {
  const [bound] = await db
    .select({ userId: sysUsers.id, status: sysUsers.status, enterpriseStatus: sysEnterprises.status })
    .from(sysThirdAccounts)
    .innerJoin(sysUsers, eq(sysUsers.id, sysThirdAccounts.userId))
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(and(eq(sysThirdAccounts.provider, providerId), eq(sysThirdAccounts.externalId, identity.externalId)))
    .limit(1);
  if (!bound) return { error: 'third-unbound' };
  if (bound.status !== '1' || bound.enterpriseStatus !== '1') return { error: 'frozen' };
  return { ticket: await issueLoginTicket(db, bound.userId, thirdClientName(providerId)) };
}

/** `GET /thirdLogin/getLoginUser/:id`: the ticket (once) → a session. */
export async function loginWithTicket(
  db: AppDatabase,
  ticket: string,
  client: { ip: string; userAgent: string | null },
): Promise<JeecgLoginResponse> {
  const consumed = await consumeLoginTicket(db, ticket);
  if (!consumed || !consumed.clientName.startsWith('third:')) return jeecgFailure(TICKET_MESSAGE);
  const token = await createSession(db, {
    userId: consumed.userId,
    clientName: consumed.clientName,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return jeecgSuccess(token, await userInfoOf(db, consumed.userId), await allDictItems(db));
}
