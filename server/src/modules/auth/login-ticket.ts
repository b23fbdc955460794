import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysLoginTickets } from '../../db/schema/index';
import { hashToken, newToken } from './session';

/**
 * One-time login tickets (docs/auth.md "Tokens and sessions"): the form login's cookie, the
 * CAS callback and the third-party login each end in a ticket that the login page exchanges,
 * once, for a session (session.ts).
 */

/** One-time login tickets (cookie, CAS, third party): 2 minutes. */
export const LOGIN_TICKET_TTL_MS = 2 * 60 * 1000;

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
