import { and, between, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factoryAppointments, receipts, registerApplies, sysUsers, warehouses } from '../src/db/schema/index';
import { createSession } from '../src/modules/auth/session';
import { overviewSummary } from '../src/modules/overview/service';
import { weekDates } from '../src/modules/reservation/week';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function tokenOf(loginName: string) {
  const [user] = await server.db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.loginName, loginName));
  return createSession(server.db, { userId: user.id, clientName: 'form_client' });
}

interface Summary {
  warehouses: { total: number; xinjiang: number; inland: number };
  receipts: { total: number };
  appointmentsThisWeek: { total: number; tonnage: number };
  registrationsAwaitingReview: number | null;
}

describe('/rest/overview/summary', () => {
  it('counts warehouses, receipts, this week’s appointments and registrations awaiting review', async () => {
    const { envelope } = await server.post<Summary>(
      '/rest/overview/summary',
      {},
      { authorization: await tokenOf('reviewer') },
    );
    expect(envelope.rtnCode).toBe('0000');
    const [{ total: whs }] = await server.db.select({ total: count() }).from(warehouses);
    const [{ total: xj }] = await server.db
      .select({ total: count() })
      .from(warehouses)
      .where(eq(warehouses.areaType, '1'));
    const [{ total: rc }] = await server.db.select({ total: count() }).from(receipts);
    const week = weekDates(new Date(), 0);
    const [appointments] = await server.db
      .select({ total: count(), tonnage: sql<string>`coalesce(sum(${factoryAppointments.weight}), 0)` })
      .from(factoryAppointments)
      .where(between(factoryAppointments.appointmentDate, week[0], week[6]));
    expect(envelope.dataSet).toEqual({
      warehouses: { total: whs, xinjiang: xj, inland: whs - xj },
      receipts: { total: rc },
      appointmentsThisWeek: { total: appointments.total, tonnage: expect.closeTo(Number(appointments.tonnage), 3) },
      registrationsAwaitingReview: 4,
    });
    expect(whs).toBeGreaterThan(0);
    expect(rc).toBeGreaterThan(0);
  });

  it('gives null registrations to users without register:apply:list', async () => {
    const { envelope } = await server.post<Summary>(
      '/rest/overview/summary',
      {},
      { authorization: await tokenOf('editor') },
    );
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.registrationsAwaitingReview).toBeNull();
  });

  it('counts only status 0 registrations, and the week in Asia/Shanghai (Monday–Sunday)', async () => {
    await server.db
      .insert(registerApplies)
      .values({ traderName: '已审核企业', uniformCreditCode: '91650100MA77K3LX1X', status: '1' });
    // Sunday 2026-03-22 23:30 in Shanghai = 15:30 UTC: the week is 03-16 … 03-22.
    const sunday = new Date('2026-03-22T15:30:00Z');
    expect(weekDates(sunday, 0)).toEqual([
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
      '2026-03-19',
      '2026-03-20',
      '2026-03-21',
      '2026-03-22',
    ]);
    const [{ total }] = await server.db
      .select({ total: count() })
      .from(factoryAppointments)
      .where(and(between(factoryAppointments.appointmentDate, '2026-03-16', '2026-03-22')));
    const summary = await overviewSummary(server.db, true, sunday);
    expect(summary.registrationsAwaitingReview).toBe(4);
    expect(summary.appointmentsThisWeek.total).toBe(total);
  });

  it('is every logged-in user’s home, also without any role (spec §4), and refused anonymously (401)', async () => {
    expect((await server.post('/rest/overview/summary', {})).envelope.rtnCode).toBe('401');
    const [user] = await server.db
      .select({ id: sysUsers.id, enterpriseId: sysUsers.enterpriseId })
      .from(sysUsers)
      .where(eq(sysUsers.loginName, 'editor'));
    const [bare] = await server.db
      .insert(sysUsers)
      .values({ enterpriseId: user.enterpriseId, loginName: 'norole', realname: '无角色', passwordHash: 'x' })
      .returning({ id: sysUsers.id });
    const token = await createSession(server.db, { userId: bare.id, clientName: 'form_client' });
    const { envelope } = await server.post<Summary>('/rest/overview/summary', {}, { authorization: token });
    expect(envelope.rtnCode).toBe('0000');
    expect(envelope.dataSet.registrationsAwaitingReview).toBeNull();
    const init = await server.post<{ menu: Array<{ path: string; permissions: string[] }> }>(
      '/rest/auth/init',
      {},
      { authorization: token },
    );
    expect(init.envelope.dataSet.menu[0]).toMatchObject({ path: '/project/display', permissions: [] });
  });
});
