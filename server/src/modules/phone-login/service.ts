import { isMobile } from '@cotton/sdk/validators';
import { LOGIN_LOG_REASONS, noteLogin, type LoginNote } from '../log/login-log';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysEnterprises, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { reserveLoginAttempt, settleLoginAttempt } from '../auth/lockout';
import { createSession, userInfoOf } from '../auth/session';
import { consumeSmsCode, issueSmsCode } from '../sms/codes';
import type { SmsSender } from '../sms/sender';
import type { SystemSmsTemplateCode } from '../sms/templates';
import { allDictItems, jeecgFailure, jeecgSuccess, type JeecgLoginResponse } from './login-result';

export const SMS_PURPOSE_LOGIN = 'login';
export const SMS_TEMPLATE_LOGIN = 'LOGIN_CODE' satisfies SystemSmsTemplateCode;
export const PHONE_CLIENT_NAME = 'phone';

export const MOBILE_MESSAGE = '请输入正确格式的手机号码';
export const CODE_MESSAGE = '验证码错误或已过期';
export const LOCKED_MESSAGE = '登录失败次数过多，请 15 分钟后再试';
export const FROZEN_MESSAGE = '账号已被冻结，请联系管理员';
export const PHONE_LOGIN_UNAVAILABLE_MESSAGE = '短信服务未开通，暂不支持手机号登录，请使用账号密码登录';

export const phoneAccountKey = (mobile: string) => `phone:${mobile}`;

/** The active user of an active enterprise with this mobile, if any. */
async function userByMobile(db: AppDatabase, mobile: string) {
  const [row] = await db
    .select({ id: sysUsers.id, status: sysUsers.status, enterpriseStatus: sysEnterprises.status })
    .from(sysUsers)
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(eq(sysUsers.phone, mobile))
    .limit(1);
  if (!row) return null;
  return { id: row.id, active: row.status === '1' && row.enterpriseStatus === '1' };
}

/**
 * `POST /account/sms`: a 6-digit login code for `mobile`. Every request (known mobile or
 * not) stores a code row, so the rate limits and the answer are the same for all; the
 * message is only sent (and logged) for an existing, active user.
 */
export async function sendLoginCode(
  db: AppDatabase,
  sender: SmsSender,
  mobileInput: string,
  ip: string,
  now = new Date(),
): Promise<{ expiresIn: number }> {
  const mobile = mobileInput.trim();
  if (!isMobile(mobile)) throw new ApiError('400', MOBILE_MESSAGE);
  const user = await userByMobile(db, mobile);
  return issueSmsCode(
    db,
    sender,
    {
      mobile,
      purpose: SMS_PURPOSE_LOGIN,
      ip,
      message: user?.active ? { template: SMS_TEMPLATE_LOGIN, values: {} } : null,
    },
    now,
  );
}

export interface PhoneLoginInput {
  mobile: string;
  captcha: string;
  ip: string;
  userAgent: string | null;
  /** 登录日志's note (server/src/modules/log/login-log.ts). */
  note?: LoginNote | null;
}

/** `POST /sys/phoneLogin`: checks the latest code of the mobile, then opens a session. */
export async function phoneLogin(
  db: AppDatabase,
  input: PhoneLoginInput,
  now = new Date(),
): Promise<JeecgLoginResponse> {
  const mobile = input.mobile.trim();
  const captcha = input.captcha.trim();
  if (!isMobile(mobile)) return jeecgFailure(MOBILE_MESSAGE);
  const attempt = await reserveLoginAttempt(db, {
    accountKey: phoneAccountKey(mobile),
    ip: input.ip,
    clientName: PHONE_CLIENT_NAME,
  });
  // From here the attempt is recorded as a failure; only a success changes it.
  if (!attempt) {
    noteLogin(input.note, { reason: LOGIN_LOG_REASONS.locked });
    return jeecgFailure(LOCKED_MESSAGE);
  }

  // Only the latest code counts: asking for a new one retires the previous.
  if (!(await consumeSmsCode(db, { mobile, purpose: SMS_PURPOSE_LOGIN, code: captcha }, now)))
    return jeecgFailure(CODE_MESSAGE);

  const user = await userByMobile(db, mobile);
  if (!user) {
    noteLogin(input.note, { reason: LOGIN_LOG_REASONS.unknownMobile });
    return jeecgFailure(CODE_MESSAGE);
  }
  noteLogin(input.note, { userId: user.id });
  if (!user.active) return jeecgFailure(FROZEN_MESSAGE);

  await settleLoginAttempt(db, attempt);
  const token = await createSession(db, {
    userId: user.id,
    clientName: PHONE_CLIENT_NAME,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return jeecgSuccess(token, await userInfoOf(db, user.id), await allDictItems(db));
}
