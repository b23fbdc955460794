import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysEnterprises, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { LOGIN_LOG_REASONS, noteLogin, type LoginNote } from '../log/login-log';
import { LOGIN_MESSAGES } from './login-messages';
import { verifyPassword } from './password';
import { formAccountKey, reserveLoginAttempt, settleLoginAttempt } from './lockout';
import { findUser, isActive, type SessionUser } from './session';

const LIMITS = { code: 32, username: 32, password: 128 } as const;

/** The user with this business code and username (both case-insensitive), if any. */
async function userByLogin(
  db: AppDatabase,
  code: string,
  username: string,
): Promise<(SessionUser & { passwordHash: string }) | null> {
  if (code.length > LIMITS.code || username.length > LIMITS.username) return null;
  const [row] = await db
    .select({ id: sysUsers.id, passwordHash: sysUsers.passwordHash })
    .from(sysUsers)
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(
      and(sql`lower(${sysEnterprises.code}) = lower(${code})`, sql`lower(${sysUsers.loginName}) = lower(${username})`),
    )
    .limit(1);
  if (!row) return null;
  const user = await findUser(db, row.id);
  return user && { ...user, passwordHash: row.passwordHash };
}

/**
 * Checks the password of `code`/`username` with the lockout (docs/auth.md): locked → `1002`
 * (not recorded); otherwise the attempt is reserved first (recorded as a failure) and the
 * password checked: unknown account or wrong password → `1001`; right → the attempt becomes
 * a success, then a frozen account or disabled enterprise → `1004`.
 */
export async function checkPasswordLogin(
  db: AppDatabase,
  input: {
    code: string;
    username: string;
    password: string;
    ip: string;
    clientName: string;
    note?: LoginNote | null;
  },
): Promise<SessionUser> {
  const attempt = await reserveLoginAttempt(db, {
    accountKey: formAccountKey(input.code, input.username),
    ip: input.ip,
    clientName: input.clientName,
  });
  if (!attempt) {
    noteLogin(input.note, { reason: LOGIN_LOG_REASONS.locked });
    throw new ApiError('1002', LOGIN_MESSAGES.locked);
  }
  const user = await userByLogin(db, input.code, input.username);
  const passwordOk =
    input.password.length <= LIMITS.password && (await verifyPassword(input.password, user?.passwordHash));
  if (!user || !passwordOk) {
    // The administrator may know which; the visitor is told the same either way.
    noteLogin(input.note, {
      userId: user?.id,
      reason: user ? LOGIN_LOG_REASONS.wrongPassword : LOGIN_LOG_REASONS.unknownAccount,
    });
    throw new ApiError('1001', LOGIN_MESSAGES.refused);
  }
  await settleLoginAttempt(db, attempt);
  noteLogin(input.note, { userId: user.id });
  if (!isActive(user)) {
    noteLogin(input.note, { reason: LOGIN_LOG_REASONS.frozen });
    throw new ApiError('1004', LOGIN_MESSAGES.frozen);
  }
  return user;
}
