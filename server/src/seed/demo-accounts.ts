import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { sysEnterprises, sysRoles, sysSessions, sysUserRoles, sysUsers } from '../db/schema/index';
import { hashPassword, verifyPassword } from '../modules/auth/password';
import { recordAudit } from '../modules/shared/audit';
import { SEED_ENTERPRISE, SEED_ENTERPRISE_ACCOUNTS, SEED_ENTERPRISE_SUB_ACCOUNTS, SEED_USERS } from './auth';

/**
 * The seeded accounts whose passwords are public (README's account table, docs/auth.md
 * "Seeded roles and users"). A database first started as a demo keeps them when it is later
 * run with `APP_ENV=production`: the production start refuses while any of them still answers
 * to its demo password ({@link demoAccountsWithDemoPassword}), and
 * `npm run demo-accounts:disable` ({@link disableDemoAccounts}) freezes them with a random
 * password.
 */

/** A seeded account with a published password. */
export interface DemoAccount {
  enterpriseCode: string;
  loginName: string;
  password: string;
}

/**
 * Every account a seed writes with a known password: a seeded account whose password is
 * printed anywhere belongs here, so that production refuses it too.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...SEED_USERS.map((user) => ({
    enterpriseCode: SEED_ENTERPRISE.code,
    loginName: user.loginName,
    password: user.password,
  })),
  // The demo enterprise's administrator and its sub-accounts.
  ...[...SEED_ENTERPRISE_ACCOUNTS, ...SEED_ENTERPRISE_SUB_ACCOUNTS].map(({ enterpriseCode, loginName, password }) => ({
    enterpriseCode,
    loginName,
    password,
  })),
];

/** The command that disables them, as the refusal names it. */
export const DISABLE_DEMO_ACCOUNTS_COMMAND = 'npm run demo-accounts:disable';

/** `CNCE / admin`: how the README and the messages name an account. */
export function demoAccountName(account: Pick<DemoAccount, 'enterpriseCode' | 'loginName'>): string {
  return `${account.enterpriseCode} / ${account.loginName}`;
}

export interface LiveDemoAccount extends DemoAccount {
  id: number;
  status: string;
  passwordHash: string;
}

/**
 * The demo accounts of `db` that still answer to their demo password, frozen or not (a frozen
 * one is one click from being open again). One scrypt per account that exists — run it once,
 * at start-up, not per request.
 */
export async function demoAccountsWithDemoPassword(
  db: Pick<AppDatabase, 'select'>,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
): Promise<LiveDemoAccount[]> {
  const live: LiveDemoAccount[] = [];
  for (const account of accounts) {
    // Matched as the login matches them (server/src/modules/auth/password-login.ts).
    const [user] = await db
      .select({ id: sysUsers.id, status: sysUsers.status, passwordHash: sysUsers.passwordHash })
      .from(sysUsers)
      .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
      .where(
        and(
          sql`lower(${sysEnterprises.code}) = lower(${account.enterpriseCode})`,
          sql`lower(${sysUsers.loginName}) = lower(${account.loginName})`,
        ),
      );
    if (user && (await verifyPassword(account.password, user.passwordHash))) live.push({ ...account, ...user });
  }
  return live;
}

/** A demo account as the command left it: frozen, or — holding every code — given `initialPassword`. */
export interface DisabledDemoAccount extends LiveDemoAccount {
  /** Printed once by the command; to be changed at the first login. */
  initialPassword: string | null;
}

/**
 * Freezes every demo account that still has its demo password and gives it a random one
 * nobody is told, ending its sessions; each change is in the audit log as the administrator's
 * freeze and password reset are (`user.freeze`, `user.password`), without a caller. An
 * account whose password was changed is someone's real account now: left alone. One kind is
 * not frozen: an account holding every code (系统管理员) — frozen, nobody could unfreeze it
 * (the ceiling keeps everyone else below it) short of SQL. It gets a random initial password
 * that the command prints once and that must be changed at the first login. Returns the
 * accounts changed.
 */
export async function disableDemoAccounts(db: AppDatabase, now = new Date()): Promise<DisabledDemoAccount[]> {
  const live = await demoAccountsWithDemoPassword(db);
  const topIds =
    live.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .selectDistinct({ userId: sysUserRoles.userId })
              .from(sysUserRoles)
              .innerJoin(sysRoles, eq(sysRoles.id, sysUserRoles.roleId))
              .where(
                and(
                  inArray(
                    sysUserRoles.userId,
                    live.map((account) => account.id),
                  ),
                  eq(sysRoles.holdsAll, true),
                ),
              )
          ).map((row) => row.userId),
        );
  const passwords = live.map((account) =>
    topIds.has(account.id) ? randomBytes(9).toString('base64url') : randomBytes(32).toString('base64url'),
  );
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  const command = { auth: null, ip: '' };
  const disabled: DisabledDemoAccount[] = [];
  await db.transaction(async (tx) => {
    for (const [index, account] of live.entries()) {
      const top = topIds.has(account.id);
      const [changed] = await tx
        .update(sysUsers)
        .set({
          status: top ? account.status : '2',
          mustChangePassword: top,
          passwordHash: hashes[index],
          passwordChangedAt: now,
          updatedAt: now,
        })
        // Unless its password changed since it was checked.
        .where(and(eq(sysUsers.id, account.id), eq(sysUsers.passwordHash, account.passwordHash)))
        .returning({ id: sysUsers.id });
      if (!changed) continue;
      await tx
        .update(sysSessions)
        .set({ revokedAt: now })
        .where(and(eq(sysSessions.userId, account.id), isNull(sysSessions.revokedAt)));
      const loginName = account.loginName;
      if (account.status !== '2' && !top)
        await recordAudit(tx, command, {
          action: 'user.freeze',
          entity: 'user',
          entityId: account.id,
          before: { loginName, status: account.status },
          after: { loginName, status: '2', by: DISABLE_DEMO_ACCOUNTS_COMMAND },
        });
      await recordAudit(tx, command, {
        action: 'user.password',
        entity: 'user',
        entityId: account.id,
        after: { loginName, passwordChangedAt: now.toISOString(), by: DISABLE_DEMO_ACCOUNTS_COMMAND },
      });
      disabled.push({ ...account, initialPassword: top ? passwords[index]! : null });
    }
  });
  return disabled;
}
