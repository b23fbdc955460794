import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, asc, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachChangeSignal, type ChangeSignal } from '../src/db/change-signal';
import type { AppDatabase } from '../src/db/client';
import { factoryAppointments, reservationDayPlans, reservationSettings, warehouses } from '../src/db/schema/index';
import {
  AnswerBudget,
  PublicAnswerCache,
  publicAnswerBudget,
  publicAnswerTables,
  stableKey,
} from '../src/lib/public-answer-cache';
import type { AppointDetail, AppointmentWeek, WhsPage } from '@cotton/sdk/contracts';
import { weekDates } from '../src/modules/reservation/week';
import { startTestServer, type TestServer } from './helpers';

/** A change signal the test drives: `bump(table)` is a write heard, `live` whether it listens. */
function fakeSignal() {
  const counts = new Map<string, number>();
  const signal = {
    live: true,
    versions(tables: readonly string[]) {
      return signal.live ? tables.map((table) => counts.get(table) ?? 0).join('.') : null;
    },
    bump(table: string) {
      counts.set(table, (counts.get(table) ?? 0) + 1);
    },
    onChange: () => () => undefined,
    status: () => ({ live: signal.live, heard: 0, reconnects: 0, lastHeardAt: null }),
    close: async () => undefined,
  };
  return signal satisfies ChangeSignal;
}

describe('PublicAnswerCache (a route over a driven signal)', () => {
  let app: FastifyInstance;
  let signal: ReturnType<typeof fakeSignal>;
  let computed = 0;
  let stock = 'first';
  const complaints: string[] = [];

  beforeAll(async () => {
    const db = {} as AppDatabase;
    signal = fakeSignal();
    attachChangeSignal(db, signal);
    const cache = new PublicAnswerCache({ tables: ['test_stock'], maxEntries: 2 });
    // Warnings and errors of the app (a reply sent twice is one), and an onSend hook that
    // takes its time, as the server's do.
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void complaints.push(line) } },
    });
    // A hook that varies its answers by another header, as a CORS plugin does.
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-vary-origin']) reply.header('vary', 'origin');
    });
    app.addHook('onSend', async (_request, _reply, payload) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return payload;
    });
    const Answer = Type.Object({
      rtnCode: Type.String(),
      rtnMessage: Type.String(),
      dataSet: Type.Object({ name: Type.String(), stock: Type.String(), filler: Type.String() }),
    });
    app.post<{ Body: { name: string } }>(
      '/rest/anon/test',
      { schema: { response: { 200: Answer } } },
      async (request, reply) =>
        cache.send(db, request, reply, stableKey(request.body), async () => {
          computed += 1;
          // `secret` is not in the response schema: the kept bytes are the schema's, as uncached.
          return { name: request.body.name, stock, filler: 'x'.repeat(2000), secret: 'never sent' };
        }),
    );
    app.post('/rest/private/test', { config: { permission: null } }, async (request, reply) =>
      cache.send(db, request, reply, 'private', async () => ({ mine: true })),
    );
  });
  afterAll(() => app.close());

  const ask = async (name: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'POST', url: '/rest/anon/test', payload: { name }, headers });
    return response;
  };

  it('computes an answer once while its tables are unchanged, and again after a change', async () => {
    computed = 0;
    const first = await ask('a');
    expect(first.json()).toMatchObject({ rtnCode: '0000', dataSet: { name: 'a', stock: 'first' } });
    expect(first.json().dataSet).not.toHaveProperty('secret');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    stock = 'second';
    expect((await ask('a')).json().dataSet.stock).toBe('first');
    expect(computed).toBe(1);
    signal.bump('test_stock');
    expect((await ask('a')).json().dataSet.stock).toBe('second');
    expect(computed).toBe(2);
    signal.bump('another_table');
    await ask('a');
    expect(computed).toBe(2);
  });

  it('keeps nothing while the signal is not live', async () => {
    computed = 0;
    signal.live = false;
    stock = 'third';
    expect((await ask('a')).json().dataSet.stock).toBe('third');
    stock = 'fourth';
    expect((await ask('a')).json().dataSet.stock).toBe('fourth');
    expect(computed).toBe(2);
    signal.live = true;
  });

  it('shares one computation between concurrent requests, and serves the compressed form it keeps', async () => {
    signal.bump('test_stock');
    computed = 0;
    const answers = await Promise.all([ask('b'), ask('b'), ask('b', { 'accept-encoding': 'br' })]);
    expect(computed).toBe(1);
    const compressed = answers[2];
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(answers[0].json());
  });

  it("adds accept-encoding to another hook's Vary instead of replacing it", async () => {
    const kept = await ask('b', { 'accept-encoding': 'gzip', 'x-vary-origin': '1' });
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(kept.headers.vary).toBe('origin, accept-encoding');
  });

  it('keeps the least recently used answers within its bound', async () => {
    signal.bump('test_stock');
    computed = 0;
    await ask('c');
    await ask('d');
    await ask('c');
    await ask('e'); // d goes
    expect(computed).toBe(3);
    await ask('c');
    expect(computed).toBe(3);
    await ask('d');
    expect(computed).toBe(4);
  });

  it('sends each answer once, whether kept or computed', () => {
    expect(complaints).toEqual([]);
  });

  it('refuses a route that needs a login: its answer differs per visitor', async () => {
    const response = await app.inject({ method: 'POST', url: '/rest/private/test', payload: {} });
    expect(response.statusCode).toBe(500);
  });

  it('keys a body by its fields, whatever their order', () => {
    expect(stableKey({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe(stableKey({ a: { c: 'x', d: [1, 2] }, b: 1 }));
    expect(stableKey({ a: 1 })).not.toBe(stableKey({ a: '1' }));
  });
});

describe('PublicAnswerCache (one byte budget shared by several caches)', () => {
  const db = {} as AppDatabase;
  const signal = fakeSignal();
  attachChangeSignal(db, signal);
  /** Each answer's JSON is a little over 1,000 bytes: the budget holds four of them, not five. */
  const budget = new AnswerBudget(4500);
  const names = ['pages', 'details', 'weeks'] as const;
  // The test's own table, which the trigger check below leaves out.
  const caches = names.map(() => new PublicAnswerCache({ tables: ['test_stock'], budget }));
  const computed: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    const Answer = Type.Object({
      rtnCode: Type.String(),
      rtnMessage: Type.String(),
      dataSet: Type.Object({ name: Type.String(), filler: Type.String() }),
    });
    names.forEach((name, index) =>
      app.post<{ Body: { name: string } }>(
        `/rest/anon/budget/${name}`,
        { schema: { response: { 200: Answer } } },
        async (request, reply) =>
          caches[index]!.send(db, request, reply, request.body.name, async () => {
            computed.push(`${name}:${request.body.name}`);
            return { name: request.body.name, filler: 'x'.repeat(1000) };
          }),
      ),
    );
  });
  afterAll(() => app.close());

  const ask = async (cache: (typeof names)[number], name: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: `/rest/anon/budget/${cache}`,
      payload: { name },
      headers,
    });
    const body =
      response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    expect(JSON.parse(body.toString()).dataSet.name).toBe(name);
  };
  /** The bytes every cache holds, which the budget counts. */
  const held = () => caches.reduce((sum, cache) => sum + cache.stats(db).bytes, 0);

  it('evicts the least recently used answers of whichever cache once the caches together pass it', async () => {
    await ask('pages', 'a');
    await ask('details', 'a');
    await ask('weeks', 'a');
    await ask('pages', 'b');
    await ask('pages', 'a'); // used again: details:a is now the least recently used
    expect(computed).toHaveLength(4);
    expect(budget.entries).toBe(4);
    await ask('weeks', 'b'); // a fifth answer: details:a goes, whose cache was not the one filled
    expect(budget.entries).toBe(4);
    expect(caches.map((cache) => cache.stats(db).entries)).toEqual([2, 0, 2]);
    expect(budget.bytes).toBeLessThanOrEqual(budget.limit);
    expect(held()).toBe(budget.bytes);
    computed.length = 0;
    await ask('pages', 'a');
    await ask('weeks', 'a');
    await ask('weeks', 'b');
    expect(computed).toEqual([]);
    await ask('details', 'a');
    expect(computed).toEqual(['details:a']);
    expect(budget.bytes).toBeLessThanOrEqual(budget.limit);
    expect(held()).toBe(budget.bytes);
  });

  it('counts a compressed form made later, and keeps within the budget when it is lowered', async () => {
    const before = { total: budget.bytes, details: caches[1]!.stats(db).bytes };
    await ask('details', 'a', { 'accept-encoding': 'gzip' });
    // The gzip form (a few dozen bytes of the repeated filler) counted in both.
    const grown = caches[1]!.stats(db).bytes - before.details;
    expect(grown).toBeGreaterThan(0);
    expect(budget.bytes).toBe(before.total + grown);
    expect(budget.bytes).toBeLessThanOrEqual(budget.limit);
    expect(held()).toBe(budget.bytes);
    budget.setLimit(2500);
    expect(budget.entries).toBeLessThanOrEqual(2);
    expect(budget.bytes).toBeLessThanOrEqual(2500);
    expect(held()).toBe(budget.bytes);
    // The most recently used stays.
    expect(caches[1]!.stats(db).entries).toBe(1);
  });

  it('keeps no answer larger than the whole budget', async () => {
    budget.setLimit(500);
    await ask('pages', 'c');
    expect(budget.entries).toBe(0);
    expect(held()).toBe(0);
  });
});

describe('public answers after a write (the served database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("sets the process's shared budget from the configuration", () => {
    expect(publicAnswerBudget.limit).toBe(server.config.publicAnswerCacheBytes);
  });

  it('has the change-signal trigger on every table a public answer is kept by', async () => {
    const result = await server.db.execute<{ table: string }>(sql`
      select distinct c.relname as "table" from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname in ('cotton_signal_change', 'cotton_bump_change_version')`);
    const rows = Array.isArray(result) ? result : (result as { rows: Array<{ table: string }> }).rows;
    const signalled = new Set(rows.map((row) => row.table));
    // All but the test's own table (the cache of the route above).
    const tables = publicAnswerTables().filter((table) => table !== 'test_stock');
    expect(tables).toContain('factory_appointments');
    expect(tables.filter((table) => !signalled.has(table))).toEqual([]);
  });

  it('answers the week table with a booking made after it was first read', async () => {
    const list = '/rest/anon/queryFactoryAppointmentList';
    const body = { weekStep: '40', appoinmentRequestVo: { regionAreaCode: '' } };
    const read = async () => (await server.post<AppointmentWeek>(list, body)).envelope.dataSet;
    const [setting] = await server.db
      .select({ code: reservationSettings.warehouseCode })
      .from(reservationSettings)
      .innerJoin(warehouses, eq(warehouses.code, reservationSettings.warehouseCode))
      .where(and(eq(warehouses.areaType, '1'), eq(reservationSettings.appointmentType, 1)))
      .orderBy(asc(reservationSettings.warehouseCode))
      .limit(1);
    const code = setting!.code;
    const day = weekDates(new Date(), 40)[2]!;
    await server.db
      .insert(reservationDayPlans)
      .values({ warehouseCode: code, planDate: day, capacity: 500, status: 1 })
      .onConflictDoUpdate({
        target: [reservationDayPlans.warehouseCode, reservationDayPlans.planDate],
        set: { capacity: 500, status: 1 },
      });
    await server.db
      .delete(factoryAppointments)
      .where(and(eq(factoryAppointments.warehouseCode, code), eq(factoryAppointments.appointmentDate, day)));
    const cell = (week: AppointmentWeek) =>
      week.warehouseList.find((row) => row.warehouseCode === code)!.plandoList.find((p) => p.appointmentDate === day)!;

    expect(cell(await read()).percent).toBe(0);
    expect(cell(await read()).percent).toBe(0); // served again, unchanged
    await server.db.insert(factoryAppointments).values({
      warehouseCode: code,
      appointmentDate: day,
      batchNumber: '65099260001',
      factoryName: '测试轧花厂',
      stockName: '细绒棉',
      whsPickMode: '锯齿机采',
      productYear: '2026',
      weight: 125,
      quantity: 560,
    });
    expect(cell(await read())).toMatchObject({ percent: 25, appointmentWeightEmpty: 375 });

    // The day's detail too, under the warehouse's own name whatever name the request carries.
    const detail = async (whsName: string) =>
      (
        await server.post<AppointDetail>('/rest/anon/queryAppointDetail', {
          whsCode: code,
          whsName,
          appointDate: day,
        })
      ).envelope.dataSet;
    const [own] = await server.db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.code, code));
    const first = await detail('伪造的仓库名');
    expect(first.whsName).toBe(own!.name);
    expect(first.appointList.map((row) => row.batchNumber)).toEqual(['65099260001']);
    await server.db.update(warehouses).set({ name: '改名后的仓库' }).where(eq(warehouses.code, code));
    expect((await detail(own!.name)).whsName).toBe('改名后的仓库');
    await server.db.update(warehouses).set({ name: own!.name }).where(eq(warehouses.code, code));
  });

  it('answers the warehouse list with a warehouse renamed after it was first read', async () => {
    const page = '/rest/anon/queryWhsPage';
    const body = { searchParam: {}, pageParameter: { pageNum: 1, pageSize: 5 } };
    const read = async () => (await server.post<WhsPage>(page, body)).envelope.dataSet.pagination.result[0]!;
    const before = await read();
    expect((await read()).warehouseName).toBe(before.warehouseName);
    await server.db
      .update(warehouses)
      .set({ name: `${before.warehouseName}（新）` })
      .where(eq(warehouses.code, before.warehouseCode));
    expect((await read()).warehouseName).toBe(`${before.warehouseName}（新）`);
    await server.db
      .update(warehouses)
      .set({ name: before.warehouseName })
      .where(eq(warehouses.code, before.warehouseCode));
  });
});
