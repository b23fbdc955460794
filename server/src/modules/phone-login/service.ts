import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isMobile } from '@cotton/sdk/validators';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysEnterprises, sysSmsCodes, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../plugins/envelope';
import { createSession, lockedOut, recordLoginAttempt, userInfoOf } from '../auth/session';
import { allDictItems, jeecgFailure, jeecgSuccess, type JeecgLoginResponse } from './login-result';
import { sendSms, type SmsSender } from './sms-sender';

/** docs/auth.md: code valid 5 minutes, 5 tries; 1 per 60 s and 5 per hour per mobile, 20 per hour per address. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RATE_LIMITS = {
  perMobileInterval: 60 * 1000,
  perMobileHour: 5,
  perAddressHour: 20,
} as const;
const HOUR_MS = 60 * 60 * 1000;

export const SMS_PURPOSE_LOGIN = 'login';
export const SMS_TEMPLATE_LOGIN = 'LOGIN_CODE';
export const PHONE_CLIENT_NAME = 'phone';

export const MOBILE_MESSAGE = '请输入正确格式的手机号码';
export const RATE_LIMIT_MESSAGE = '发送过于频繁，请稍后再试';
export const CODE_MESSAGE = '验证码错误或已过期';
export const LOCKED_MESSAGE = '登录失败次数过多，请 15 分钟后再试';
export const FROZEN_MESSAGE = '账号已被冻结，请联系管理员';

export function hashSmsCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

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

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const created = await db.transaction(async (tx) => {
    // One sender at a time per mobile, so two concurrent requests cannot both pass the 60 s check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const [{ lastMinute }] = await tx
      .select({ lastMinute: count() })
      .from(sysSmsCodes)
      .where(and(eq(sysSmsCodes.mobile, mobile), gt(sysSmsCodes.createdAt, new Date(now.getTime() - SMS_RATE_LIMITS.perMobileInterval))));
    const [{ lastHour }] = await tx
      .select({ lastHour: count() })
      .from(sysSmsCodes)
      .where(and(eq(sysSmsCodes.mobile, mobile), gt(sysSmsCodes.createdAt, hourAgo)));
    const [{ fromAddress }] = await tx
      .select({ fromAddress: count() })
      .from(sysSmsCodes)
      .where(and(eq(sysSmsCodes.ip, ip), gt(sysSmsCodes.createdAt, hourAgo)));
    if (lastMinute > 0 || lastHour >= SMS_RATE_LIMITS.perMobileHour || fromAddress >= SMS_RATE_LIMITS.perAddressHour) {
      return null;
    }
    const user = await userByMobile(tx, mobile);
    const send = user?.active === true;
    // Without a user the stored hash is of random bytes: no 6-digit code ever matches it.
    const codeHash = send ? hashSmsCode(mobile, code) : createHash('sha256').update(randomBytes(32)).digest('hex');
    await tx.insert(sysSmsCodes).values({
      mobile,
      purpose: SMS_PURPOSE_LOGIN,
      codeHash,
      ip: ip.slice(0, 64),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
    return { send };
  });
  if (!created) throw new ApiError('429', RATE_LIMIT_MESSAGE);
  if (created.send) {
    const content = `您的登录验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`;
    await sendSms(db, sender, { mobile, templateCode: SMS_TEMPLATE_LOGIN, content, ip }, now);
  }
  return { expiresIn: SMS_CODE_TTL_MS / 1000 };
}

export interface PhoneLoginInput {
  mobile: string;
  captcha: string;
  ip: string;
  userAgent: string | null;
}

/** `POST /sys/phoneLogin`: checks the latest code of the mobile, then opens a session. */
export async function phoneLogin(db: AppDatabase, input: PhoneLoginInput, now = new Date()): Promise<JeecgLoginResponse> {
  const mobile = input.mobile.trim();
  const captcha = input.captcha.trim();
  if (!isMobile(mobile)) return jeecgFailure(MOBILE_MESSAGE);
  const accountKey = phoneAccountKey(mobile);
  if (await lockedOut(db, { accountKey, ip: input.ip })) return jeecgFailure(LOCKED_MESSAGE);

  const fail = async (message: string) => {
    await recordLoginAttempt(db, { accountKey, ip: input.ip, success: false, clientName: PHONE_CLIENT_NAME });
    return jeecgFailure(message);
  };

  // Only the latest code counts: asking for a new one retires the previous.
  const [latest] = await db
    .select()
    .from(sysSmsCodes)
    .where(and(eq(sysSmsCodes.mobile, mobile), eq(sysSmsCodes.purpose, SMS_PURPOSE_LOGIN)))
    .orderBy(desc(sysSmsCodes.createdAt), desc(sysSmsCodes.id))
    .limit(1);
  if (!latest || latest.usedAt || latest.expiresAt.getTime() <= now.getTime() || latest.attempts >= SMS_CODE_MAX_TRIES) {
    return fail(CODE_MESSAGE);
  }
  // Count the try first (atomically), so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(sysSmsCodes)
    .set({ attempts: sql`${sysSmsCodes.attempts} + 1` })
    .where(and(eq(sysSmsCodes.id, latest.id), lt(sysSmsCodes.attempts, SMS_CODE_MAX_TRIES), isNull(sysSmsCodes.usedAt)))
    .returning({ attempts: sysSmsCodes.attempts });
  if (!counted || !/^\d{6}$/.test(captcha) || !sameHash(hashSmsCode(mobile, captcha), latest.codeHash)) {
    return fail(CODE_MESSAGE);
  }
  const [used] = await db
    .update(sysSmsCodes)
    .set({ usedAt: now })
    .where(and(eq(sysSmsCodes.id, latest.id), isNull(sysSmsCodes.usedAt)))
    .returning({ id: sysSmsCodes.id });
  if (!used) return fail(CODE_MESSAGE);

  const user = await userByMobile(db, mobile);
  if (!user) return fail(CODE_MESSAGE);
  if (!user.active) return fail(FROZEN_MESSAGE);

  const token = await createSession(db, { userId: user.id, clientName: PHONE_CLIENT_NAME, ip: input.ip, userAgent: input.userAgent });
  await recordLoginAttempt(db, { accountKey, ip: input.ip, success: true, clientName: PHONE_CLIENT_NAME });
  return jeecgSuccess(token, await userInfoOf(db, user.id), await allDictItems(db));
}
