import { and, isNotNull, lt, or } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AppDatabase } from '../../db/client';
import type { JobType } from '../../jobs/job-type';
import { purgeLimitTakes } from '../../lib/limits/index';
import {
  sysLoginAttempts,
  sysLoginTickets,
  sysSessions,
  sysSliderChallenges,
  sysSmsCodes,
} from '../../db/schema/index';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Login attempts are kept this long (the lockout needs 15 minutes; the rest is for audits). */
export const LOGIN_ATTEMPT_RETENTION_MS = 30 * DAY_MS;
/** Ended sessions (expired or revoked) are kept this long, then deleted. */
export const ENDED_SESSION_RETENTION_MS = 30 * DAY_MS;
/** One-time artefacts (slider challenges, login tickets, SMS codes) a day after they expire. */
export const ONE_TIME_RETENTION_MS = DAY_MS;

export interface PurgeCounts {
  sliderChallenges: number;
  loginTickets: number;
  smsCodes: number;
  loginAttempts: number;
  sessions: number;
  /** Takes of the rate limits past their longest window (lib/limits). */
  limitTakes: number;
}

/** Deletes the login records nothing needs any more; answers how many of each went. */
export async function purgeSpentLoginRecords(db: AppDatabase, now = new Date()): Promise<PurgeCounts> {
  const oneTime = new Date(now.getTime() - ONE_TIME_RETENTION_MS);
  const ended = new Date(now.getTime() - ENDED_SESSION_RETENTION_MS);
  const count = (rows: unknown[]) => rows.length;
  const [sliderChallenges, loginTickets, smsCodes, loginAttempts, sessions, limitTakes] = await Promise.all([
    db
      .delete(sysSliderChallenges)
      .where(lt(sysSliderChallenges.expiresAt, oneTime))
      .returning({ id: sysSliderChallenges.id })
      .then(count),
    db
      .delete(sysLoginTickets)
      .where(lt(sysLoginTickets.expiresAt, oneTime))
      .returning({ id: sysLoginTickets.ticketHash })
      .then(count),
    db.delete(sysSmsCodes).where(lt(sysSmsCodes.expiresAt, oneTime)).returning({ id: sysSmsCodes.id }).then(count),
    db
      .delete(sysLoginAttempts)
      .where(lt(sysLoginAttempts.at, new Date(now.getTime() - LOGIN_ATTEMPT_RETENTION_MS)))
      .returning({ id: sysLoginAttempts.id })
      .then(count),
    db
      .delete(sysSessions)
      .where(
        or(lt(sysSessions.expiresAt, ended), and(isNotNull(sysSessions.revokedAt), lt(sysSessions.revokedAt, ended))),
      )
      .returning({ id: sysSessions.id })
      .then(count),
    purgeLimitTakes(db, now),
  ]);
  return { sliderChallenges, loginTickets, smsCodes, loginAttempts, sessions, limitTakes };
}

/** 清理过期登录记录: the hourly upkeep of the login tables (a seeded task, migration 0028). */
export const purgeLoginRecordsJob: JobType = {
  name: 'purge-login-records',
  title: '清理过期登录记录',
  description: '删除过期的滑块验证、登录票据、短信验证码、限流记录，30 天前的登录尝试和已结束的会话',
  params: Type.Object({}),
  defaultCron: '0 * * * *',
  async run({ db, scheduledAt }) {
    const counts = await purgeSpentLoginRecords(db, scheduledAt);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return `已删除 ${total} 条（滑块验证 ${counts.sliderChallenges}，登录票据 ${counts.loginTickets}，短信验证码 ${counts.smsCodes}，登录尝试 ${counts.loginAttempts}，会话 ${counts.sessions}，限流记录 ${counts.limitTakes}）`;
  },
};
