import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sysLoginAttempts,
  sysLoginTickets,
  sysSessions,
  sysSliderChallenges,
  sysSmsCodes,
  sysUsers,
} from '../src/db/schema/index';
import { purgeSpentLoginRecords } from '../src/modules/auth/purge';
import { issueLoginTicket } from '../src/modules/auth/login-ticket';
import { createSession, hashToken, resolveSession, revokeSession } from '../src/modules/auth/session';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  [{ id: adminId }] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, 'admin'));
});
afterAll(async () => {
  await server?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('purge of spent login records', () => {
  it('deletes what expired long ago and keeps what a login may still need', async () => {
    const { db } = server;
    await db.delete(sysSliderChallenges);
    await db.delete(sysSmsCodes);
    await db.delete(sysLoginAttempts);

    await db.insert(sysSliderChallenges).values([
      { id: 'old', expiresAt: ago(2 * DAY) },
      { id: 'fresh', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    const oldTicket = await issueLoginTicket(db, adminId, 'form_client');
    await db
      .update(sysLoginTickets)
      .set({ expiresAt: ago(2 * DAY) })
      .where(eq(sysLoginTickets.ticketHash, hashToken(oldTicket)));
    const freshTicket = await issueLoginTicket(db, adminId, 'form_client');
    await db.insert(sysSmsCodes).values([
      { mobile: '13800000001', purpose: 'login', codeHash: 'a'.repeat(64), expiresAt: ago(2 * DAY) },
      { mobile: '13800000001', purpose: 'login', codeHash: 'b'.repeat(64), expiresAt: new Date(Date.now() + 300_000) },
    ]);
    await db.insert(sysLoginAttempts).values([
      { accountKey: 'cnce/admin', ip: '10.0.0.1', success: false, clientName: 'form_client', at: ago(31 * DAY) },
      { accountKey: 'cnce/admin', ip: '10.0.0.1', success: false, clientName: 'form_client', at: ago(60_000) },
    ]);
    const live = await createSession(db, { userId: adminId, clientName: 'form_client', ip: null, userAgent: null });
    const longExpired = await createSession(db, {
      userId: adminId,
      clientName: 'form_client',
      ip: null,
      userAgent: null,
    });
    await db
      .update(sysSessions)
      .set({ expiresAt: ago(31 * DAY) })
      .where(eq(sysSessions.tokenHash, hashToken(longExpired)));
    const revokedLately = await createSession(db, {
      userId: adminId,
      clientName: 'form_client',
      ip: null,
      userAgent: null,
    });
    await revokeSession(db, revokedLately);

    const counts = await purgeSpentLoginRecords(db);
    expect(counts).toMatchObject({ sliderChallenges: 1, loginTickets: 1, smsCodes: 1, loginAttempts: 1, sessions: 1 });

    expect((await db.select({ id: sysSliderChallenges.id }).from(sysSliderChallenges)).map((row) => row.id)).toEqual([
      'fresh',
    ]);
    expect(
      await db
        .select()
        .from(sysLoginTickets)
        .where(eq(sysLoginTickets.ticketHash, hashToken(freshTicket))),
    ).toHaveLength(1);
    expect(await db.select().from(sysSmsCodes)).toHaveLength(1);
    expect(await db.select().from(sysLoginAttempts)).toHaveLength(1);
    // The live session still works; the recently revoked one stays on record (refused).
    expect(await resolveSession(db, live)).not.toBeNull();
    expect(
      await db
        .select()
        .from(sysSessions)
        .where(eq(sysSessions.tokenHash, hashToken(revokedLately))),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(sysSessions)
        .where(eq(sysSessions.tokenHash, hashToken(longExpired))),
    ).toHaveLength(0);
  });
});
