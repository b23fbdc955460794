import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysLoginAttempts } from '../../db/schema/index';

/**
 * The login-attempt log and its lockout (docs/auth.md "Lockout"). Every path that checks a
 * credential (form login, phone code, old password, the registration status code) first
 * reserves the attempt with {@link reserveLoginAttempt}, settles a success with
 * {@link settleLoginAttempt}, then opens the session (session.ts, directly or through a
 * ticket of login-ticket.ts).
 */

/**
 * Lockout (docs/auth.md "Lockout"): five failures of one account, or thirty from one
 * address (a company behind one NAT address must not lock out all its staff after five
 * typos), within 15 minutes lock for 15 minutes after the last of them.
 */
export const LOCKOUT = { accountFailures: 5, addressFailures: 30, windowMs: 15 * 60 * 1000 } as const;

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
