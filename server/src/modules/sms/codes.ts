import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysSmsCodes } from '../../db/schema/index';
import { takeLimits, type Limit } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import { sendSms, type SmsSender } from './sender';
import { renderSystemSms, type SystemSmsTemplateCode } from './templates';
import { SMS_CODE_PATTERN } from '@cotton/sdk/validators';

/**
 * One-time SMS codes (docs/auth.md "SMS codes"): 6 digits, valid 5 minutes, 5 tries, only the
 * latest code of a mobile and purpose counts. 1 per 60 s and 5 per hour per mobile, 20 per
 * hour per address, for every purpose together. Stored as a hash, never in clear.
 */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RATE_LIMITS = {
  perMobileInterval: 60 * 1000,
  perMobileHour: 5,
  perAddressHour: 20,
} as const;
const HOUR_MS = 60 * 60 * 1000;

/** The limits a code takes from (lib/limits): its mobile's two, its address's one. */
function smsLimits(mobile: string, ip: string): Limit[] {
  return [
    { key: `sms-mobile:${mobile}`, max: 1, windowMs: SMS_RATE_LIMITS.perMobileInterval },
    { key: `sms-mobile:${mobile}`, max: SMS_RATE_LIMITS.perMobileHour, windowMs: HOUR_MS },
    { key: `sms-address:${ip}`, max: SMS_RATE_LIMITS.perAddressHour, windowMs: HOUR_MS },
  ];
}

export const RATE_LIMIT_MESSAGE = '发送过于频繁，请稍后再试';

export function hashSmsCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SmsCodeRequest {
  mobile: string;
  /** What the code is for (at most 16 characters): `login`, `bind:<userId>`… */
  purpose: string;
  ip: string;
  /**
   * The system template the message renders (the code goes in as `${code}`) with its other
   * values; `null` = store the code but send nothing (see below).
   */
  message: { template: SystemSmsTemplateCode; values: Record<string, string> } | null;
}

/**
 * Issues a code for `mobile` and sends it. A request whose `message` is `null` stores a code
 * that no 6-digit answer matches and sends nothing: the caller uses it where the answer must
 * not tell whether the number is known (the rate limits and the answer stay the same).
 * Over a limit → `429` 发送过于频繁，请稍后再试.
 */
export async function issueSmsCode(
  db: AppDatabase,
  sender: SmsSender,
  input: SmsCodeRequest,
  now = new Date(),
): Promise<{ expiresIn: number }> {
  const { mobile, purpose, ip, message } = input;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = message ? hashSmsCode(mobile, code) : createHash('sha256').update(randomBytes(32)).digest('hex');
  // The take and the code commit together: simultaneous requests, from one process or
  // several, are counted one after another, and a refused request leaves no code.
  const created = await db.transaction(async (tx) => {
    if (await takeLimits(tx, smsLimits(mobile, ip), { now })) return false;
    await tx.insert(sysSmsCodes).values({
      mobile,
      purpose,
      codeHash,
      ip: ip.slice(0, 64),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
    return true;
  });
  if (!created) throw new ApiError('429', RATE_LIMIT_MESSAGE);
  if (message) {
    const { content, secrets } = await renderSystemSms(db, message.template, { ...message.values, code });
    await sendSms(db, sender, { mobile, templateCode: message.template, content, ip, secrets }, now);
  }
  return { expiresIn: SMS_CODE_TTL_MS / 1000 };
}

/**
 * Uses up the latest code of `mobile` for `purpose` when `code` is it: `true` once, `false`
 * for a wrong, stale, used or over-tried code. Each try is counted atomically first, so
 * parallel guesses cannot exceed {@link SMS_CODE_MAX_TRIES}.
 */
export async function consumeSmsCode(
  db: AppDatabase,
  input: { mobile: string; purpose: string; code: string },
  now = new Date(),
): Promise<boolean> {
  const [latest] = await db
    .select()
    .from(sysSmsCodes)
    .where(and(eq(sysSmsCodes.mobile, input.mobile), eq(sysSmsCodes.purpose, input.purpose)))
    .orderBy(desc(sysSmsCodes.createdAt), desc(sysSmsCodes.id))
    .limit(1);
  if (!latest || latest.usedAt || latest.expiresAt.getTime() <= now.getTime() || latest.attempts >= SMS_CODE_MAX_TRIES)
    return false;
  const [counted] = await db
    .update(sysSmsCodes)
    .set({ attempts: sql`${sysSmsCodes.attempts} + 1` })
    .where(and(eq(sysSmsCodes.id, latest.id), lt(sysSmsCodes.attempts, SMS_CODE_MAX_TRIES), isNull(sysSmsCodes.usedAt)))
    .returning({ attempts: sysSmsCodes.attempts });
  if (
    !counted ||
    !SMS_CODE_PATTERN.test(input.code) ||
    !sameHash(hashSmsCode(input.mobile, input.code), latest.codeHash)
  )
    return false;
  const [used] = await db
    .update(sysSmsCodes)
    .set({ usedAt: now })
    .where(and(eq(sysSmsCodes.id, latest.id), isNull(sysSmsCodes.usedAt)))
    .returning({ id: sysSmsCodes.id });
  return used !== undefined;
}
