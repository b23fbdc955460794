import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../db/client';
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
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface PurgeCounts {
  sliderChallenges: number;
  loginTickets: number;
  smsCodes: number;
  loginAttempts: number;
  sessions: number;
}

/** Deletes the login records nothing needs any more; answers how many of each went. */
export async function purgeSpentLoginRecords(db: AppDatabase, now = new Date()): Promise<PurgeCounts> {
  const oneTime = new Date(now.getTime() - ONE_TIME_RETENTION_MS);
  const ended = new Date(now.getTime() - ENDED_SESSION_RETENTION_MS);
  const count = (rows: unknown[]) => rows.length;
  const [sliderChallenges, loginTickets, smsCodes, loginAttempts, sessions] = await Promise.all([
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
  ]);
  return { sliderChallenges, loginTickets, smsCodes, loginAttempts, sessions };
}

/** Purges once the server is ready and then every hour; stops when the server closes. */
export function schedulePurge(app: FastifyInstance, db: AppDatabase): void {
  const run = () =>
    purgeSpentLoginRecords(db).then(
      (counts) => app.log.debug({ counts }, '已清理过期的登录记录'),
      (error: unknown) => app.log.warn({ err: error }, '清理过期的登录记录失败'),
    );
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
