import { and, eq, getTableColumns, getTableName, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { ApiError } from '../../http/envelope';
import { recordAudit } from '../../modules/shared/audit';

/**
 * One admin resource (docs/architecture.md "Admin resources"): the add / update / delete /
 * status writes of a back-office list, declared once. Every write runs in one transaction (a
 * savepoint of the caller's when given one — the import's rows), and in this order:
 *
 * 1. `open` (locks, the caller's scopes) → its context for the other steps;
 * 2. the rows named (`audited` columns, inside `visible`): one missing is 404 `notFound`
 *    (as `missing` says), nothing written;
 * 3. the module's own values and checks (a function given to the write);
 * 4. `guard` (the ceiling guard for users, roles and organisations) with the target — before
 *    the uniqueness checks, so a caller refused the record learns nothing of other records;
 * 5. the `unique` rules of the fields written, each with its own message (400);
 * 6. for a delete: `inUse`, naming the rows still held (400);
 * 7. the write, the module's `write` hook (link rows, paths), and one audit row per record
 *    (`<action>.add|update|delete|enable|disable`, `before` / `after` as the module pictures it;
 *    an update of one part of a record — a new password, a complaint's handling — may name its
 *    own action: `user.password`, `complaint.handle`).
 *
 * An `ApiError` anywhere rolls the whole write back.
 */

type Db = AppDatabase | Tx;
type Row = Record<string, unknown>;
type Key = string | number;

/** The rows as `select(audited)` answers them. */
export type AuditedRow<A extends Record<string, PgColumn>> = {
  [K in keyof A]: A[K]['_']['notNull'] extends true ? A[K]['_']['data'] : A[K]['_']['data'] | null;
};

/** No two rows share `field` (compared without case when `caseInsensitive`), among rows alike in `within`. */
export interface UniqueRule<Field extends string> {
  field: Field;
  /** The refusal (400); a function is given the value and the label of the record holding it. */
  message: string | ((value: string, holder: string) => string);
  caseInsensitive?: boolean;
  /** Fields the rows must share to clash (a sibling's name: `['parentId']`); null compares as `is null`. */
  within?: Field[];
}

/**
 * How the duplicate check (`POST /rest/common/duplicateCheck`, docs/architecture.md "Admin
 * resources") may ask about the resource's `unique` fields as a form's field is left: the pair
 * `<table's SQL name>.<field>` (`sys_posts.code`) answers with the rule's own message, the one 保存 gives.
 */
export interface DuplicateCheckSpec<Field extends string> {
  /** Who may ask: any one of these codes (the module's add and edit codes). */
  codes: readonly string[];
  /**
   * Fields any signed-in user may ask about, without the codes: only the pairs open before
   * issue 31 (角色编码, 岗位编码, 字典编码). Never add to these.
   */
  open?: Field[];
  /** The unique fields asked about (default: every rule whose `within` can be filled). */
  fields?: Field[];
  /**
   * `within` fields the server fills from the caller (the enterprise), never from the form. A
   * rule may leave at most one `within` field to the form, sent as `withinVal`.
   */
  scope?: Partial<Record<Field, (request: FastifyRequest) => unknown>>;
  /**
   * Before any answer, the ceiling 保存 would apply to the record (`dataId`, null for a new one)
   * placed among rows alike in `withinVal` (a parent's children): throws (403) where 保存 would,
   * so no caller learns of names where they may not write.
   */
  guard?: (
    db: AppDatabase,
    request: FastifyRequest,
    withinVal: string | null,
    dataId: string | number | null,
  ) => Promise<void>;
}

/** One pair the duplicate check answers, from a resource's `unique` rules (`duplicateChecks`). */
export interface DuplicateCheckTarget {
  /** Any one of these codes may ask; `null`: any signed-in user. */
  codes: readonly string[] | null;
  /** Whether `dataId` is a numeric record id (else the key's text, as a code). */
  numericKey: boolean;
  /** Whether `withinVal` names a numeric record id (a parent's); `null`: the rule takes none from the form. */
  numericWithin: boolean | null;
  /**
   * The rule's message (保存's) when another record holds `value` (among those sharing
   * `withinVal`), `dataId`'s record aside; `null` when it is free.
   */
  taken(
    db: AppDatabase,
    request: FastifyRequest,
    value: string,
    withinVal: string | null,
    dataId: string | number | null,
  ): Promise<string | null>;
}

/** Rows of `table` whose `column` holds a record's key keep it from being deleted. */
export interface InUseRule {
  table: PgTable;
  column: PgColumn;
  /** `names`: the held records' labels joined by 、; `count`: the rows holding them. */
  message: (names: string, count: number) => string;
}

/** What a write is about to touch, for the guard. */
export interface GuardTarget<R> {
  kind: 'add' | 'update' | 'delete' | 'status';
  /** The records' keys (none for an add). */
  ids: Key[];
  /** The records as they are (none for an add). */
  rows: R[];
  /** The values to be written (add and update). */
  values?: Row;
}

export interface AdminResourceSpec<
  T extends PgTable,
  A extends Record<string, PgColumn>,
  Ctx,
  Field extends string = Extract<keyof T['$inferInsert'], string>,
> {
  /** `sys_audit_log.entity`. */
  entity: string;
  /** The audit actions' prefix: `post` → `post.add`, `post.update`, `post.delete`, `post.enable`. */
  action: string;
  table: T;
  /** The column the ids name (`id`, `appCode`, `code`); must be one of `audited`. */
  key: PgColumn;
  /** The columns of a record's audit picture (`before`). */
  audited: A;
  /** The field naming a record in messages (default `name`). */
  label?: keyof A & string;
  /** The 404 of a record not found (or not visible). */
  notFound: string;
  /**
   * Ids of a delete or status change that are gone: `refuse-any` (default) — one missing
   * refuses the batch whole (404); `refuse-all` — 404 only when none is found; `ignore` —
   * skipped (none found: nothing done).
   */
  missing?: 'refuse-any' | 'refuse-all' | 'ignore';
  unique?: Array<UniqueRule<Field>>;
  /** The `unique` fields the duplicate check answers as the field is left, and for whom. */
  duplicateCheck?: DuplicateCheckSpec<Field>;
  inUse?: InUseRule[];
  /** A time field set to now by every update and status change, not audited (`updatedAt`). */
  touch?: Field;
  /** The status field of `setStatus` (default `status`) and the verb of each value (default 1 → enable, else disable). */
  status?: { field: Field; verb?: (status: string) => string };
  /** Read the records `for update` (default false). */
  lock?: boolean;
  /** First step of every write, inside its transaction: locks, the caller's scopes. */
  open?: (tx: Tx, request: FastifyRequest) => Promise<Ctx>;
  /** The records the caller may see at all; one outside is `notFound`. */
  visible?: (ctx: Ctx) => SQL | undefined;
  /** The ceiling: throws (403) unless the caller may write the target. */
  guard?: (tx: Tx, request: FastifyRequest, target: GuardTarget<AuditedRow<A>>, ctx: Ctx) => Promise<void> | void;
}

type Values<T extends PgTable> = T['$inferInsert'];
type Maybe<V> = V | Promise<V>;

export interface AddOptions<T extends PgTable, Ctx> {
  /** After the insert (link rows, paths…): what it returns joins the audit `after`. */
  write?: (tx: Tx, row: T['$inferSelect'], ctx: Ctx) => Promise<Row | void>;
  /** The audit `after` from the values inserted (default: the values). */
  audit?: (values: Values<T>) => Row;
}

export interface UpdateOptions<R, Ctx> {
  /** After the update: what it returns joins the audit `after`. */
  write?: (tx: Tx, before: R, ctx: Ctx) => Promise<Row | void>;
  /**
   * The audit pair (default: `before`, and `{ ...before, ...values, ...written }`); no `before`
   * for a change whose old value is not to be kept (a password).
   */
  audit?: (before: R, after: Row) => { before?: Row; after: Row };
  /** The audit action's last word, for an update of one part of a record (`password` → `user.password`); `update` by default. */
  action?: string;
}

export interface RemoveOptions<R, Ctx> {
  /** The module's own refusals, after the guard and before the in-use checks. */
  check?: (tx: Tx, rows: R[], ctx: Ctx) => Maybe<void>;
  /** After the delete (a check on what it left). */
  write?: (tx: Tx, rows: R[], ctx: Ctx) => Promise<void>;
  /** Each record's audit `before`, read before the delete (default: the row). */
  audit?: (tx: Tx, rows: R[]) => Promise<Row[]>;
}

export interface StatusOptions<R, Ctx> {
  /** Ids that are gone, for this change (the spec's `missing` by default): one task paused is 404 where a batch delete skips. */
  missing?: 'refuse-any' | 'refuse-all' | 'ignore';
  /** The module's own refusals, after the guard, on every record named (a task whose job type is gone cannot resume). */
  check?: (tx: Tx, rows: R[], ctx: Ctx) => Maybe<void>;
  /**
   * Whether a record changes (default: its status differs): the others are left alone, uncounted
   * and unaudited (a draft is not withdrawn).
   */
  changes?: (row: R) => boolean;
  /** More values each record that changes takes with its status (a task's next run, a content's publish time). */
  values?: (row: R) => Row;
  /** After the change, with the records that changed (ending a frozen user's sessions). */
  write?: (tx: Tx, changed: R[], ctx: Ctx) => Promise<void>;
  /** A record's audit pair (default: the record, and the record with its new status). */
  audit?: (row: R, status: string) => { before: Row; after: Row };
}

export interface AdminResource<T extends PgTable, A extends Record<string, PgColumn>, Ctx> {
  readonly spec: AdminResourceSpec<T, A, Ctx>;
  /** The pairs `<tableName>.<field>` of `spec.duplicateCheck`, each answered as 保存 would refuse it. */
  readonly duplicateChecks: ReadonlyMap<string, DuplicateCheckTarget>;
  /** 新增: the values (or the function computing them after the module's checks); answers the inserted row. */
  add(
    db: Db,
    request: FastifyRequest,
    values: Values<T> | ((tx: Tx, ctx: Ctx) => Maybe<Values<T>>),
    options?: AddOptions<T, Ctx>,
  ): Promise<T['$inferSelect']>;
  /** 编辑 of the record `id`: `{ updated: 1 }`. */
  update(
    db: Db,
    request: FastifyRequest,
    id: Key,
    values: Partial<Values<T>> | ((tx: Tx, before: AuditedRow<A>, ctx: Ctx) => Maybe<Partial<Values<T>>>),
    options?: UpdateOptions<AuditedRow<A>, Ctx>,
  ): Promise<{ updated: number }>;
  /** 删除 / 批量删除: `{ deleted }`. */
  remove(
    db: Db,
    request: FastifyRequest,
    ids: readonly Key[],
    options?: RemoveOptions<AuditedRow<A>, Ctx>,
  ): Promise<{ deleted: number }>;
  /** 启用 / 停用: the records not already so change, `{ updated }` of them. */
  setStatus(
    db: Db,
    request: FastifyRequest,
    ids: readonly Key[],
    status: string,
    options?: StatusOptions<AuditedRow<A>, Ctx>,
  ): Promise<{ updated: number }>;
}

export function defineAdminResource<T extends PgTable, A extends Record<string, PgColumn>, Ctx = undefined>(
  spec: AdminResourceSpec<T, A, Ctx>,
): AdminResource<T, A, Ctx> {
  const columns = getTableColumns(spec.table) as Record<string, PgColumn>;
  const keyField = Object.keys(spec.audited).find((field) => spec.audited[field] === spec.key);
  if (keyField === undefined) throw new Error(`${spec.entity}: the key must be one of the audited columns`);
  const label = spec.label ?? 'name';
  const missing = spec.missing ?? 'refuse-any';
  const statusField = spec.status?.field ?? 'status';
  const verb = spec.status?.verb ?? ((status: string) => (status === '1' ? 'enable' : 'disable'));
  const column = (field: string) => {
    const found = columns[field];
    if (!found) throw new Error(`${spec.entity}: no column ${field}`);
    return found;
  };
  const keyOf = (row: Row) => row[keyField] as Key;
  const touched = (): Row => (spec.touch ? { [spec.touch]: new Date() } : {});
  const open = (tx: Tx, request: FastifyRequest) =>
    spec.open ? spec.open(tx, request) : Promise.resolve(undefined as Ctx);

  async function read(tx: Tx, ids: readonly Key[], ctx: Ctx): Promise<Array<AuditedRow<A>>> {
    const query = tx
      .select(spec.audited as Record<string, PgColumn>)
      .from(spec.table as PgTable)
      .where(and(inArray(spec.key, [...ids]), spec.visible?.(ctx)));
    return (await (spec.lock ? query.for('update') : query)) as Array<AuditedRow<A>>;
  }

  /** The rows of `ids`, as `missing` says (null: none, and nothing to do). */
  async function readMany(tx: Tx, ids: readonly Key[], ctx: Ctx, gone = missing) {
    const rows = await read(tx, ids, ctx);
    if (gone === 'refuse-any' && rows.length !== new Set(ids).size) throw new ApiError('404', spec.notFound);
    if (rows.length === 0) {
      if (gone === 'ignore') return null;
      throw new ApiError('404', spec.notFound);
    }
    return rows;
  }

  /** Whether the values write the rule's field or one it is compared within. */
  const touches = (rule: UniqueRule<string>, values: Row) =>
    rule.field in values || (rule.within ?? []).some((field) => field in values);

  /**
   * The rule's message when a record other than `selfKey` holds `value` in its field, among rows
   * alike in `within`; `null` when none does.
   */
  async function clash(
    db: Db,
    rule: UniqueRule<string>,
    value: unknown,
    valueOf: (field: string) => unknown,
    selfKey: Key | null,
  ): Promise<string | null> {
    const target = column(rule.field);
    const same = rule.caseInsensitive ? sql`lower(${target}) = lower(${value})` : eq(target, value);
    const within = (rule.within ?? []).map((field) => {
      const shared = valueOf(field);
      return shared === null || shared === undefined ? isNull(column(field)) : eq(column(field), shared);
    });
    const [taken] = await db
      .select({ holder: (spec.audited as Record<string, PgColumn>)[label] ?? spec.key })
      .from(spec.table as PgTable)
      .where(and(same, ...within, selfKey === null ? undefined : ne(spec.key, selfKey)))
      .limit(1);
    if (taken === undefined) return null;
    return typeof rule.message === 'string' ? rule.message : rule.message(String(value), String(taken.holder));
  }

  /** Refuses a value of a unique field that another record already has. */
  async function checkUnique(tx: Tx, values: Row, current: Row | null, selfKey: Key | null): Promise<void> {
    const valueOf = (field: string) => (field in values ? values[field] : current?.[field]);
    for (const rule of spec.unique ?? []) {
      if (!touches(rule, values)) continue;
      const value = valueOf(rule.field);
      if (value === null || value === undefined) continue;
      const refusal = await clash(tx, rule, value, valueOf, selfKey);
      if (refusal !== null) throw new ApiError('400', refusal);
    }
  }

  // The pairs `<tableName>.<field>` this resource lets the duplicate check ask about
  // (modules/field-check lists the resources it answers for).
  const duplicateChecks = new Map<string, DuplicateCheckTarget>();
  if (spec.duplicateCheck) {
    const check = spec.duplicateCheck as DuplicateCheckSpec<string>;
    const scope = check.scope ?? {};
    for (const rule of spec.unique ?? []) {
      if (check.fields && !check.fields.includes(rule.field)) continue;
      const fromForm = (rule.within ?? []).filter((field) => !(field in scope));
      if (fromForm.length > 1) {
        if (check.fields) throw new Error(`${spec.entity}: ${rule.field} is compared within more than one field`);
        continue;
      }
      const pair = `${getTableName(spec.table)}.${rule.field}`;
      duplicateChecks.set(pair, {
        codes: check.open?.includes(rule.field) ? null : check.codes,
        numericKey: spec.key.dataType === 'number',
        numericWithin: fromForm[0] === undefined ? null : column(fromForm[0]).dataType === 'number',
        taken: async (db, request, value, withinVal, dataId) => {
          await check.guard?.(db, request, withinVal, dataId);
          return clash(
            db,
            rule,
            value,
            (field) => (field in scope ? scope[field]!(request) : field === fromForm[0] ? withinVal : undefined),
            dataId,
          );
        },
      });
    }
  }

  /** `before` with the fields the update's unique rules compare that it neither writes nor audits. */
  async function withinOf(tx: Tx, id: Key, values: Row, before: Row): Promise<Row> {
    const fields = new Set(
      (spec.unique ?? [])
        .filter((rule) => touches(rule, values))
        .flatMap((rule) => [rule.field, ...(rule.within ?? [])])
        .filter((field) => !(field in values) && !(field in before)),
    );
    if (fields.size === 0) return before;
    const [row] = await tx
      .select(Object.fromEntries([...fields].map((field) => [field, column(field)])))
      .from(spec.table as PgTable)
      .where(eq(spec.key, id));
    return { ...before, ...row };
  }

  async function refuseHeld(tx: Tx, rows: Array<AuditedRow<A>>): Promise<void> {
    for (const rule of spec.inUse ?? []) {
      const held = await tx
        .select({ key: rule.column, count: sql<number>`count(*)::int` })
        .from(rule.table)
        .where(inArray(rule.column, rows.map(keyOf)))
        .groupBy(rule.column);
      if (held.length === 0) continue;
      const keys = new Set(held.map((row) => row.key as Key));
      const names = rows.filter((row) => keys.has(keyOf(row))).map((row) => String(row[label]));
      const count = held.reduce((sum, row) => sum + row.count, 0);
      throw new ApiError('400', rule.message(names.join('、'), count));
    }
  }

  return {
    spec,
    duplicateChecks,

    add(db, request, values, options = {}) {
      return db.transaction(async (tx) => {
        const ctx = await open(tx, request);
        const inserted = (typeof values === 'function' ? await values(tx, ctx) : values) as Row;
        await spec.guard?.(tx, request, { kind: 'add', ids: [], rows: [], values: inserted }, ctx);
        await checkUnique(tx, inserted, null, null);
        const [row] = (await tx
          .insert(spec.table)
          .values(inserted as never)
          .returning()) as Row[];
        const written = (await options.write?.(tx, row as T['$inferSelect'], ctx)) ?? {};
        const after = options.audit ? options.audit(inserted as Values<T>) : inserted;
        await recordAudit(tx, request, {
          action: `${spec.action}.add`,
          entity: spec.entity,
          entityId: keyOf(row),
          after: { ...after, ...written },
        });
        return row as T['$inferSelect'];
      });
    },

    update(db, request, id, values, options = {}) {
      return db.transaction(async (tx) => {
        const ctx = await open(tx, request);
        const [before] = await read(tx, [id], ctx);
        if (!before) throw new ApiError('404', spec.notFound);
        const changed = (typeof values === 'function' ? await values(tx, before, ctx) : values) as Row;
        await spec.guard?.(tx, request, { kind: 'update', ids: [id], rows: [before], values: changed }, ctx);
        await checkUnique(tx, changed, await withinOf(tx, id, changed, before), id);
        await tx
          .update(spec.table)
          .set({ ...changed, ...touched() } as never)
          .where(eq(spec.key, id));
        const written = (await options.write?.(tx, before, ctx)) ?? {};
        const after = { ...before, ...changed, ...written };
        const pair = options.audit ? options.audit(before, after) : { before, after };
        await recordAudit(tx, request, {
          action: `${spec.action}.${options.action ?? 'update'}`,
          entity: spec.entity,
          entityId: id,
          before: pair.before,
          after: pair.after,
        });
        return { updated: 1 };
      });
    },

    remove(db, request, ids, options = {}) {
      return db.transaction(async (tx) => {
        const ctx = await open(tx, request);
        const rows = await readMany(tx, ids, ctx);
        if (rows === null) return { deleted: 0 };
        const keys = rows.map(keyOf);
        await spec.guard?.(tx, request, { kind: 'delete', ids: keys, rows }, ctx);
        await options.check?.(tx, rows, ctx);
        await refuseHeld(tx, rows);
        const pictures = options.audit ? await options.audit(tx, rows) : rows;
        await tx.delete(spec.table).where(inArray(spec.key, keys));
        await options.write?.(tx, rows, ctx);
        for (const [index, row] of rows.entries()) {
          await recordAudit(tx, request, {
            action: `${spec.action}.delete`,
            entity: spec.entity,
            entityId: keyOf(row),
            before: pictures[index],
          });
        }
        return { deleted: rows.length };
      });
    },

    setStatus(db, request, ids, status, options = {}) {
      return db.transaction(async (tx) => {
        const ctx = await open(tx, request);
        const rows = await readMany(tx, ids, ctx, options.missing);
        if (rows === null) return { updated: 0 };
        await spec.guard?.(tx, request, { kind: 'status', ids: rows.map(keyOf), rows }, ctx);
        await options.check?.(tx, rows, ctx);
        const changes = options.changes ?? ((row: AuditedRow<A>) => row[statusField] !== status);
        const changing = rows.filter(changes);
        if (changing.length === 0) return { updated: 0 };
        const set = { [statusField]: status, ...touched() };
        if (options.values) {
          // Each record its own values (a next run from its own schedule).
          for (const row of changing)
            await tx
              .update(spec.table)
              .set({ ...set, ...options.values(row) } as never)
              .where(eq(spec.key, keyOf(row)));
        } else
          await tx
            .update(spec.table)
            .set(set as never)
            .where(inArray(spec.key, changing.map(keyOf)));
        await options.write?.(tx, changing, ctx);
        for (const row of changing) {
          const pair = options.audit
            ? options.audit(row, status)
            : { before: row, after: { ...row, [statusField]: status } };
          await recordAudit(tx, request, {
            action: `${spec.action}.${verb(status)}`,
            entity: spec.entity,
            entityId: keyOf(row),
            before: pair.before,
            after: pair.after,
          });
        }
        return { updated: changing.length };
      });
    },
  };
}
