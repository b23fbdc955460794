import type { UserInfoResult } from '@cotton/sdk/contracts';
import {
  PASSWORD_MESSAGES,
  checkPreferences,
  isEmail,
  isMobile,
  isStrongPassword,
  messages,
  themeColorOf,
  trimmed,
} from '@cotton/sdk/validators';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysRoles, sysSessions, sysUserPreferences, sysUserRoles, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { authOf, type RequestAuth } from '../auth/authenticate';
import { hashPassword, verifyPassword } from '../auth/password';
import { formAccountKey, reserveLoginAttempt, settleLoginAttempt } from '../auth/lockout';
import { findUser, revokeUserSessions, toUserInfo } from '../auth/session';
import { consumeSmsCode, issueSmsCode } from '../sms/codes';
import type { SmsSender } from '../sms/sender';
import type { SystemSmsTemplateCode } from '../sms/templates';
import { preferencesOf } from '../auth/preferences';
import { guardUsers } from '../ceiling/guard';
import { recordAudit } from '../shared/audit';
import type { UpdPwdBody, UpdUserDefaultBody, UserPreferences } from '@cotton/sdk/contracts';

export const ACCOUNT_MESSAGES = {
  realname: '请输入姓名',
  realnameLength: '姓名长度不能超过 32 个字符',
  phoneCodeRequired: '请输入短信验证码',
  phoneCode: '验证码错误或已过期',
  phoneTaken: '该手机号码已绑定其他账号，请更换号码或联系管理员',
  phoneCodeUnavailable: '短信服务未开通，暂不能更换手机号码，请联系管理员',
  oldPassword: PASSWORD_MESSAGES.oldWrong,
  mismatch: PASSWORD_MESSAGES.mismatch,
  same: PASSWORD_MESSAGES.sameAsOld,
  rule: PASSWORD_MESSAGES.strength,
  locked: '登录失败次数过多，请 15 分钟后再试',
} as const;

export const ACCOUNT_CLIENT_NAME = 'account';
export const SMS_TEMPLATE_BIND_PHONE = 'BIND_PHONE_CODE' satisfies SystemSmsTemplateCode;

/** The purpose of a code that lets user `userId` bind a new mobile (one user's code is not another's). */
export const bindPhonePurpose = (userId: number) => `bind:${userId}`;

/**
 * `POST /rest/user/sendBindPhoneCode`: a code to the new mobile the user wants to bind. It is
 * sent whether or not another account has that number: only whoever holds the phone reads
 * the code, and only then learns, on saving, that the number is taken.
 */
export async function sendBindPhoneCode(
  db: AppDatabase,
  sender: SmsSender | null,
  auth: RequestAuth,
  phoneInput: string,
  ip: string,
) {
  const phone = trimmed(phoneInput);
  if (!isMobile(phone)) throw new ApiError('504', messages.mobile);
  if (!sender) throw new ApiError('504', ACCOUNT_MESSAGES.phoneCodeUnavailable);
  return issueSmsCode(db, sender, {
    mobile: phone,
    purpose: bindPhonePurpose(auth.user.id),
    ip,
    message: { template: SMS_TEMPLATE_BIND_PHONE, values: { loginName: auth.user.loginName } },
  });
}

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

/**
 * Updates the user's own name, mobile and email (SDK rules; `504` with the rule's message) and,
 * when sent, their layout and theme; either part may come alone. A new mobile needs the code
 * sent to it (`sendBindPhoneCode`): so nobody can bind a number they do not hold, nor find out
 * through this call whose numbers are registered. Both parts are writes on the caller's own
 * row through the ceiling guard (`self`), each with its audit row (`user.profile`, `user.preferences`).
 */
export async function updateUserDefault(
  db: AppDatabase,
  request: Pick<FastifyRequest, 'auth' | 'ip'>,
  auth: RequestAuth,
  body: UpdUserDefaultBody,
): Promise<UserInfoResult> {
  // Checked first: a bad colour must not leave the name saved and the theme not.
  const problem = body.preferences ? checkPreferences(body.preferences) : null;
  if (problem) throw new ApiError('504', problem);
  const basicInfo = [body.realname, body.phone, body.email, body.phoneCode].some((value) => value !== undefined);
  if (basicInfo || !body.preferences) await updateBasicInfo(db, request, auth, body);
  const preferences = body.preferences
    ? await savePreferences(db, request, auth.user.id, body.preferences)
    : await preferencesOf(db, auth.user.id);
  const user = await findUser(db, auth.user.id);
  return { userInfo: toUserInfo(user!), preferences };
}

async function updateBasicInfo(
  db: AppDatabase,
  request: Pick<FastifyRequest, 'auth' | 'ip'>,
  auth: RequestAuth,
  body: UpdUserDefaultBody,
): Promise<void> {
  const realname = trimmed(body.realname);
  const phone = trimmed(body.phone) || null;
  const email = trimmed(body.email) || null;
  if (!realname) throw new ApiError('504', ACCOUNT_MESSAGES.realname);
  if (realname.length > 32) throw new ApiError('504', ACCOUNT_MESSAGES.realnameLength);
  if (phone !== null && !isMobile(phone)) throw new ApiError('504', messages.mobile);
  if (email !== null && (!isEmail(email) || email.length > 128)) throw new ApiError('504', messages.email);
  if (phone !== null && phone !== auth.user.phone) {
    const code = trimmed(body.phoneCode);
    if (!code) throw new ApiError('504', ACCOUNT_MESSAGES.phoneCodeRequired);
    if (!(await consumeSmsCode(db, { mobile: phone, purpose: bindPhonePurpose(auth.user.id), code }))) {
      throw new ApiError('504', ACCOUNT_MESSAGES.phoneCode);
    }
    const [other] = await db
      .select({ id: sysUsers.id })
      .from(sysUsers)
      .where(and(eq(sysUsers.phone, phone), ne(sysUsers.id, auth.user.id)))
      .limit(1);
    if (other) throw new ApiError('504', ACCOUNT_MESSAGES.phoneTaken);
  }
  await db.transaction(async (tx) => {
    await guardUsers(tx, auth, [auth.user.id], 'self');
    const [before] = await tx
      .select({ realname: sysUsers.realname, phone: sysUsers.phone, email: sysUsers.email })
      .from(sysUsers)
      .where(eq(sysUsers.id, auth.user.id))
      .for('update');
    await tx
      .update(sysUsers)
      .set({ realname, phone, email, updatedAt: new Date() })
      .where(eq(sysUsers.id, auth.user.id));
    await recordAudit(tx, request, {
      action: 'user.profile',
      entity: 'user',
      entityId: auth.user.id,
      before: before ?? null,
      after: { realname, phone, email },
    });
  });
}

/**
 * Checks the user's current password with the login lockout: locked → `1002`; wrong →
 * recorded as a failure, `504` 原密码错误.
 */
export async function checkOldPassword(
  db: AppDatabase,
  auth: RequestAuth,
  oldPassword: string,
  ip: string,
): Promise<void> {
  const accountKey = formAccountKey(auth.user.enterpriseCode, auth.user.loginName);
  const attempt = await reserveLoginAttempt(db, { accountKey, ip, clientName: ACCOUNT_CLIENT_NAME });
  if (!attempt) throw new ApiError('1002', ACCOUNT_MESSAGES.locked);
  const [row] = await db
    .select({ passwordHash: sysUsers.passwordHash })
    .from(sysUsers)
    .where(eq(sysUsers.id, auth.user.id));
  const right = oldPassword.length > 0 && (await verifyPassword(oldPassword, row?.passwordHash));
  if (!right) throw new ApiError('504', ACCOUNT_MESSAGES.oldPassword);
  await settleLoginAttempt(db, attempt);
}

/** Changes the password and revokes every other session of the user. */
export async function updatePassword(db: AppDatabase, auth: RequestAuth, body: UpdPwdBody, ip: string): Promise<null> {
  const { oldPassword, newPassword, confirmPassword } = body;
  await checkOldPassword(db, auth, oldPassword, ip);
  if (newPassword !== confirmPassword) throw new ApiError('504', ACCOUNT_MESSAGES.mismatch);
  if (newPassword === oldPassword) throw new ApiError('504', ACCOUNT_MESSAGES.same);
  if (!isStrongPassword(newPassword)) throw new ApiError('504', ACCOUNT_MESSAGES.rule);
  await guardUsers(db, auth, [auth.user.id], 'self');
  const now = new Date();
  await db
    .update(sysUsers)
    .set({
      passwordHash: await hashPassword(newPassword),
      passwordChangedAt: now,
      mustChangePassword: false,
      updatedAt: now,
    })
    .where(eq(sysUsers.id, auth.user.id));
  await revokeUserSessions(db, auth.user.id, auth.session.id, now);
  return null;
}

/**
 * Saves the user's layout and theme (`504` with the rule's message for a value outside the
 * choices), with an audit row of the change; the caller's own only (the ceiling guard's
 * `self` writes).
 */
export async function savePreferences(
  db: AppDatabase,
  request: Pick<FastifyRequest, 'auth' | 'ip'>,
  userId: number,
  wanted: UserPreferences,
): Promise<UserPreferences> {
  const problem = checkPreferences(wanted);
  if (problem) throw new ApiError('504', problem);
  const next: UserPreferences = {
    menuLayout: wanted.menuLayout,
    theme: wanted.theme,
    primaryColor: themeColorOf(wanted.primaryColor)!.value,
  };
  const auth = authOf(request);
  await db.transaction(async (tx) => {
    await guardUsers(tx, auth, [userId], 'self');
    const before = await preferencesOf(tx, userId);
    await tx
      .insert(sysUserPreferences)
      .values({ userId, ...next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: sysUserPreferences.userId, set: { ...next, updatedAt: new Date() } });
    await recordAudit(tx, request, {
      action: 'user.preferences',
      entity: 'user',
      entityId: userId,
      before: { ...before },
      after: { ...next },
    });
  });
  return next;
}
