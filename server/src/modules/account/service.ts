import { PASSWORD_MESSAGES, isEmail, isMobile, isStrongPassword, messages, trimmed } from '@cotton/sdk/validators';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysRoles, sysSessions, sysUserRoles, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../plugins/envelope';
import type { RequestAuth } from '../auth/authenticate';
import { hashPassword, verifyPassword } from '../auth/password';
import { findUser, formAccountKey, lockedOut, recordLoginAttempt, revokeUserSessions, toUserInfo, type UserInfo } from '../auth/session';
import type { UpdPwdBody, UpdUserDefaultBody } from './schema';

export const ACCOUNT_MESSAGES = {
  realname: '请输入姓名',
  realnameLength: '姓名长度不能超过 32 个字符',
  phoneTaken: '该手机号码已被其他账号使用',
  oldPassword: PASSWORD_MESSAGES.oldWrong,
  mismatch: PASSWORD_MESSAGES.mismatch,
  same: PASSWORD_MESSAGES.sameAsOld,
  rule: PASSWORD_MESSAGES.strength,
  locked: '登录失败次数过多，请 15 分钟后再试',
} as const;

export const ACCOUNT_CLIENT_NAME = 'account';

export async function accountCenter(db: AppDatabase, auth: RequestAuth) {
  const [roles, previous] = await Promise.all([
    db
      .select({ code: sysRoles.code, name: sysRoles.name })
      .from(sysUserRoles)
      .innerJoin(sysRoles, eq(sysRoles.id, sysUserRoles.roleId))
      .where(eq(sysUserRoles.userId, auth.user.id))
      .orderBy(sysRoles.id),
    db
      .select({ createdAt: sysSessions.createdAt })
      .from(sysSessions)
      .where(and(eq(sysSessions.userId, auth.user.id), ne(sysSessions.id, auth.session.id)))
      .orderBy(desc(sysSessions.createdAt), desc(sysSessions.id))
      .limit(1),
  ]);
  const before = previous[0]?.createdAt;
  const lastLogin = before && before < auth.session.createdAt ? before : auth.session.createdAt;
  return {
    userInfo: toUserInfo(auth.user),
    roles,
    lastLoginAt: lastLogin.toISOString(),
    enterprise: { code: auth.user.enterpriseCode, name: auth.user.enterpriseName },
  };
}

/** Updates the user's own name, mobile and email (SDK rules; `504` with the rule's message). */
export async function updateUserDefault(db: AppDatabase, auth: RequestAuth, body: UpdUserDefaultBody): Promise<{ userInfo: UserInfo }> {
  const realname = trimmed(body.realname);
  const phone = trimmed(body.phone) || null;
  const email = trimmed(body.email) || null;
  if (!realname) throw new ApiError('504', ACCOUNT_MESSAGES.realname);
  if (realname.length > 32) throw new ApiError('504', ACCOUNT_MESSAGES.realnameLength);
  if (phone !== null && !isMobile(phone)) throw new ApiError('504', messages.mobile);
  if (email !== null && (!isEmail(email) || email.length > 128)) throw new ApiError('504', messages.email);
  if (phone !== null) {
    const [other] = await db
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(and(eq(sysUsers.phone, phone), ne(sysUsers.id, auth.user.id)))
      .limit(1);
    if (other) throw new ApiError('504', ACCOUNT_MESSAGES.phoneTaken);
  }
  await db.update(sysUsers).set({ realname, phone, email, updatedAt: new Date() }).where(eq(sysUsers.id, auth.user.id));
  const user = await findUser(db, auth.user.id);
  return { userInfo: toUserInfo(user!) };
}

/**
 * Checks the user's current password with the login lockout: locked → `1002`; wrong →
 * recorded as a failure, `504` 原密码错误.
 */
export async function checkOldPassword(db: AppDatabase, auth: RequestAuth, oldPassword: string, ip: string): Promise<void> {
  const accountKey = formAccountKey(auth.user.enterpriseCode, auth.user.loginName);
  if (await lockedOut(db, { accountKey, ip })) throw new ApiError('1002', ACCOUNT_MESSAGES.locked);
  const [row] = await db.select({ passwordHash: sysUsers.passwordHash }).from(sysUsers).where(eq(sysUsers.id, auth.user.id));
  const right = oldPassword.length > 0 && (await verifyPassword(oldPassword, row?.passwordHash));
  await recordLoginAttempt(db, { accountKey, ip, success: right, clientName: ACCOUNT_CLIENT_NAME });
  if (!right) throw new ApiError('504', ACCOUNT_MESSAGES.oldPassword);
}

/** Changes the password and revokes every other session of the user. */
export async function updatePassword(db: AppDatabase, auth: RequestAuth, body: UpdPwdBody, ip: string): Promise<null> {
  const { oldPassword, newPassword, confirmPassword } = body;
  await checkOldPassword(db, auth, oldPassword, ip);
  if (newPassword !== confirmPassword) throw new ApiError('504', ACCOUNT_MESSAGES.mismatch);
  if (newPassword === oldPassword) throw new ApiError('504', ACCOUNT_MESSAGES.same);
  if (!isStrongPassword(newPassword)) throw new ApiError('504', ACCOUNT_MESSAGES.rule);
  const now = new Date();
  await db
    .update(sysUsers)
    .set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: now, updatedAt: now })
    .where(eq(sysUsers.id, auth.user.id));
  await revokeUserSessions(db, auth.user.id, auth.session.id, now);
  return null;
}
