import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysAuditLog } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { openSeededTestDatabase } from '../../../test/helpers';
import type { TestDatabase } from '../../../test/test-database';
import { defineAdminResource } from './index';

// Two tables of this test's own: shelves, and the boxes that stand on them.
const shelves = pgTable('ar_test_shelves', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 16 }).notNull(),
  name: varchar('name', { length: 16 }).notNull(),
  room: varchar('room', { length: 8 }),
  status: varchar('status', { length: 1 }).notNull().default('1'),
});
const boxes = pgTable('ar_test_boxes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  shelfId: integer('shelf_id').notNull(),
});

const MESSAGES = {
  notFound: '货架不存在或已删除',
  codeTaken: '该货架编码已被使用',
  nameTaken: '同一房间已有同名货架',
  inUse: (names: string, count: number) => `货架「${names}」上还有 ${count} 个箱子`,
  guarded: '不能管理该货架',
};

const refusedCodes = new Set<string>();

const shelfResource = defineAdminResource({
  entity: 'shelf',
  action: 'shelf',
  table: shelves,
  key: shelves.id,
  audited: { id: shelves.id, code: shelves.code, name: shelves.name, room: shelves.room, status: shelves.status },
  notFound: MESSAGES.notFound,
  unique: [
    { field: 'code', message: MESSAGES.codeTaken, caseInsensitive: true },
    { field: 'name', message: MESSAGES.nameTaken, within: ['room'] },
  ],
  inUse: [{ table: boxes, column: boxes.shelfId, message: MESSAGES.inUse }],
  guard(_tx, _request, target) {
    const codes = [...target.rows.map((row) => row.code), String(target.values?.code ?? '')];
    if (codes.some((code) => refusedCodes.has(code))) throw new ApiError('403', MESSAGES.guarded);
  },
});

const request = { ip: '127.0.0.1' } as FastifyRequest;

let database: TestDatabase;

async function refusal(action: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await action;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).rtnCode, message: (error as ApiError).message };
  }
  throw new Error('not refused');
}

const shelfRows = () =>
  database.db.select({ code: shelves.code, name: shelves.name }).from(shelves).orderBy(asc(shelves.id));
const trail = () =>
  database.db
    .select({
      action: sysAuditLog.action,
      entityId: sysAuditLog.entityId,
      before: sysAuditLog.before,
      after: sysAuditLog.after,
    })
    .from(sysAuditLog)
    .where(eq(sysAuditLog.entity, 'shelf'))
    .orderBy(asc(sysAuditLog.id));

beforeAll(async () => {
  database = await openSeededTestDatabase();
  await database.db.execute(sql`create table ar_test_shelves (
    id integer primary key generated always as identity,
    code varchar(16) not null, name varchar(16) not null, room varchar(8), status varchar(1) not null default '1'
  )`);
  await database.db.execute(sql`create table ar_test_boxes (
    id integer primary key generated always as identity, shelf_id integer not null
  )`);
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  refusedCodes.clear();
  await database.db.delete(boxes);
  await database.db.delete(shelves);
  await database.db.delete(sysAuditLog).where(eq(sysAuditLog.entity, 'shelf'));
});

describe('defineAdminResource', () => {
  it('adds and updates with the audit record of each, before and after', async () => {
    const row = await shelfResource.add(database.db, request, { code: 'A1', name: '一号', room: '东' });
    await shelfResource.update(database.db, request, row.id, { name: '一号架' });
    expect(await trail()).toEqual([
      { action: 'shelf.add', entityId: String(row.id), before: null, after: { code: 'A1', name: '一号', room: '东' } },
      {
        action: 'shelf.update',
        entityId: String(row.id),
        before: { id: row.id, code: 'A1', name: '一号', room: '东', status: '1' },
        after: { id: row.id, code: 'A1', name: '一号架', room: '东', status: '1' },
      },
    ]);
  });

  it('refuses a unique value another record has, without case where asked, among rows alike in `within`', async () => {
    const first = await shelfResource.add(database.db, request, { code: 'A1', name: '一号', room: '东' });
    expect(await refusal(shelfResource.add(database.db, request, { code: 'a1', name: '二号', room: '东' }))).toEqual({
      code: '400',
      message: MESSAGES.codeTaken,
    });
    expect(await refusal(shelfResource.add(database.db, request, { code: 'B1', name: '一号', room: '东' }))).toEqual({
      code: '400',
      message: MESSAGES.nameTaken,
    });
    // Another room, and a room of none: no clash.
    await shelfResource.add(database.db, request, { code: 'B1', name: '一号', room: '西' });
    const roomless = await shelfResource.add(database.db, request, { code: 'C1', name: '一号', room: null });
    expect(await refusal(shelfResource.add(database.db, request, { code: 'D1', name: '一号', room: null }))).toEqual({
      code: '400',
      message: MESSAGES.nameTaken,
    });
    // An update compares with the others, not itself; the room it keeps counts.
    await shelfResource.update(database.db, request, first.id, { code: 'a1', name: '一号' });
    expect(await refusal(shelfResource.update(database.db, request, roomless.id, { code: 'A1' }))).toEqual({
      code: '400',
      message: MESSAGES.codeTaken,
    });
    // Moving to another room clashes with the name there.
    expect(await refusal(shelfResource.update(database.db, request, first.id, { room: '西' }))).toEqual({
      code: '400',
      message: MESSAGES.nameTaken,
    });
    expect((await shelfRows()).map((row) => row.code)).toEqual(['a1', 'B1', 'C1']);
  });

  it('refuses to delete records still in use, naming them, and deletes nothing', async () => {
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    const b = await shelfResource.add(database.db, request, { code: 'B1', name: '二号' });
    const c = await shelfResource.add(database.db, request, { code: 'C1', name: '三号' });
    await database.db.insert(boxes).values([{ shelfId: a.id }, { shelfId: a.id }, { shelfId: c.id }]);
    expect(await refusal(shelfResource.remove(database.db, request, [a.id, b.id, c.id]))).toEqual({
      code: '400',
      message: MESSAGES.inUse('一号、三号', 3),
    });
    expect(await shelfRows()).toHaveLength(3);
    expect(await shelfResource.remove(database.db, request, [b.id])).toEqual({ deleted: 1 });
    expect((await trail()).at(-1)).toMatchObject({
      action: 'shelf.delete',
      entityId: String(b.id),
      before: { id: b.id, code: 'B1', name: '二号', room: null, status: '1' },
      after: null,
    });
  });

  it('refuses a batch with one record gone as a whole: 404, nothing deleted', async () => {
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    expect(await refusal(shelfResource.remove(database.db, request, [a.id, a.id + 1000]))).toEqual({
      code: '404',
      message: MESSAGES.notFound,
    });
    expect(await refusal(shelfResource.setStatus(database.db, request, [a.id, a.id + 1000], '2'))).toEqual({
      code: '404',
      message: MESSAGES.notFound,
    });
    expect(await refusal(shelfResource.update(database.db, request, a.id + 1000, { name: 'x' }))).toEqual({
      code: '404',
      message: MESSAGES.notFound,
    });
    expect(await shelfRows()).toEqual([{ code: 'A1', name: '一号' }]);
    expect((await trail()).map((entry) => entry.action)).toEqual(['shelf.add']);
  });

  it("skips ids gone where a list says so: 'ignore' deletes the rest, 'refuse-all' refuses only when none is left", async () => {
    const lenient = (missing: 'ignore' | 'refuse-all') =>
      defineAdminResource({ ...shelfResource.spec, guard: undefined, missing });
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    const b = await shelfResource.add(database.db, request, { code: 'B1', name: '二号' });
    expect(await lenient('ignore').setStatus(database.db, request, [a.id, b.id + 1000], '2')).toEqual({ updated: 1 });
    expect(await lenient('ignore').remove(database.db, request, [a.id, b.id + 1000])).toEqual({ deleted: 1 });
    expect(await lenient('ignore').remove(database.db, request, [a.id])).toEqual({ deleted: 0 });
    expect(await refusal(lenient('refuse-all').remove(database.db, request, [a.id]))).toEqual({
      code: '404',
      message: MESSAGES.notFound,
    });
    expect(await lenient('refuse-all').remove(database.db, request, [a.id, b.id])).toEqual({ deleted: 1 });
    expect(await shelfRows()).toEqual([]);
  });

  it('changes the status of the records not already so, audited as enable / disable', async () => {
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    const b = await shelfResource.add(database.db, request, { code: 'B1', name: '二号', status: '2' });
    expect(await shelfResource.setStatus(database.db, request, [a.id, b.id], '2')).toEqual({ updated: 1 });
    expect(await shelfResource.setStatus(database.db, request, [a.id, b.id], '2')).toEqual({ updated: 0 });
    expect(await shelfResource.setStatus(database.db, request, [a.id], '1')).toEqual({ updated: 1 });
    expect((await trail()).slice(2)).toEqual([
      {
        action: 'shelf.disable',
        entityId: String(a.id),
        before: expect.objectContaining({ status: '1' }),
        after: expect.objectContaining({ code: 'A1', status: '2' }),
      },
      {
        action: 'shelf.enable',
        entityId: String(a.id),
        before: expect.objectContaining({ status: '2' }),
        after: expect.objectContaining({ status: '1' }),
      },
    ]);
  });

  it('changes status as a module says: its checks, which records change, their own values and audit pair', async () => {
    const lenient = defineAdminResource({ ...shelfResource.spec, missing: 'ignore' });
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    const b = await shelfResource.add(database.db, request, { code: 'B1', name: '二号', status: '3' });
    const c = await shelfResource.add(database.db, request, { code: 'C1', name: '三号', room: '西' });
    const options = {
      // Only a shelf in use ('1') is put away ('2'); a shelf of 西 may not be.
      check: (_tx: unknown, rows: Array<{ room: string | null }>) => {
        if (rows.some((row) => row.room === '西')) throw new ApiError('400', '西边的货架不能收起');
      },
      changes: (row: { status: string }) => row.status === '1',
      values: (row: { code: string }) => ({ room: `库${row.code}` }),
      audit: (row: { code: string; status: string }, status: string) => ({
        before: { status: row.status },
        after: { status, code: row.code },
      }),
    };
    expect(await refusal(lenient.setStatus(database.db, request, [a.id, c.id], '2', options))).toEqual({
      code: '400',
      message: '西边的货架不能收起',
    });
    // One gone: this call refuses where the resource would skip it.
    expect(
      await refusal(
        lenient.setStatus(database.db, request, [a.id, c.id + 1000], '2', { ...options, missing: 'refuse-any' }),
      ),
    ).toEqual({ code: '404', message: MESSAGES.notFound });
    expect(await lenient.setStatus(database.db, request, [a.id, b.id], '2', options)).toEqual({ updated: 1 });
    const [put] = await database.db.select().from(shelves).where(eq(shelves.id, a.id));
    expect(put).toMatchObject({ status: '2', room: '库A1' });
    const [left] = await database.db.select().from(shelves).where(eq(shelves.id, b.id));
    expect(left).toMatchObject({ status: '3', room: null });
    expect((await trail()).slice(3)).toEqual([
      { action: 'shelf.disable', entityId: String(a.id), before: { status: '1' }, after: { status: '2', code: 'A1' } },
    ]);
  });

  it('audits an update of one part of a record under its own action, without a before picture when told', async () => {
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    await shelfResource.update(
      database.db,
      request,
      a.id,
      { room: '北' },
      {
        action: 'move',
        audit: (before, after) => ({ after: { code: before.code, room: after.room } }),
      },
    );
    expect((await trail()).slice(1)).toEqual([
      { action: 'shelf.move', entityId: String(a.id), before: null, after: { code: 'A1', room: '北' } },
    ]);
  });

  it('writes nothing the guard refuses: no row, no change, no audit record', async () => {
    const a = await shelfResource.add(database.db, request, { code: 'A1', name: '一号' });
    refusedCodes.add('A1').add('Z9');
    // One at a time: started together, a refusal not yet awaited is an unhandled rejection.
    for (const write of [
      () => shelfResource.add(database.db, request, { code: 'Z9', name: '九号' }),
      () => shelfResource.update(database.db, request, a.id, { name: '改名' }),
      () => shelfResource.setStatus(database.db, request, [a.id], '2'),
      () => shelfResource.remove(database.db, request, [a.id]),
    ]) {
      expect(await refusal(write())).toEqual({ code: '403', message: MESSAGES.guarded });
    }
    expect(await database.db.select({ name: shelves.name, status: shelves.status }).from(shelves)).toEqual([
      { name: '一号', status: '1' },
    ]);
    expect((await trail()).map((entry) => entry.action)).toEqual(['shelf.add']);
  });

  it("runs inside the caller's transaction: a refusal there undoes the write and its audit record", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await shelfResource.add(tx, request, { code: 'A1', name: '一号' });
        throw new ApiError('400', 'later refusal');
      }),
    ).rejects.toThrow('later refusal');
    expect(await shelfRows()).toEqual([]);
    expect(await trail()).toEqual([]);
    // The module's own write hook: what it returns joins the audit `after`.
    const row = await shelfResource.add(
      database.db,
      request,
      { code: 'B1', name: '二号' },
      {
        write: async (tx, inserted) => {
          await tx.insert(boxes).values({ shelfId: inserted.id });
          return { boxes: 1 };
        },
      },
    );
    const held = await database.db
      .select()
      .from(boxes)
      .where(and(inArray(boxes.shelfId, [row.id])));
    expect(held).toHaveLength(1);
    expect((await trail()).at(-1)?.after).toEqual({ code: 'B1', name: '二号', boxes: 1 });
  });
});
