import type { ListFilterValue, ListRequest, SuperQueryParam, SuperQueryRule } from '@cotton/sdk/contracts';
import { DAY_PATTERN, IDENTIFIER_PATTERN } from '@cotton/sdk/validators';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  ilike,
  like,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  Column,
  is,
  type SQL,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { ApiError } from '../../http/envelope';
import { cachedCount } from './count-cache';
import type { XlsxColumn } from './xlsx';

/**
 * The generic admin list (sdk/src/contracts/list.ts): one declaration per list names each
 * field once — its label, what the client may filter, sort and super-query on, and whether it
 * is one of the list's columns (shown, exported: how the export writes it). The request is
 * compiled into drizzle-orm conditions — values are always bound parameters, never spliced into
 * SQL. A field, operator, value or column the list does not allow is a `400` naming the field by
 * its label. The same declaration serves the page, the export (`exportRows`: the columns the
 * request shows, headed by their labels) and the detail (`detail`: the list's row by key).
 */

/** How a field's values compare: `text` (any part, case-insensitive), `number`, `date`, `code` (exact). */
export type ListFieldType = 'text' | 'number' | 'date' | 'code';

/** What one cell of an export holds. */
export type ListCell = string | number | null;

/** How the export writes a field (its header is the field's `label`). */
export interface ListExport<Row> {
  /** Width in characters (18 when absent). */
  width?: number;
  /**
   * The cell as a person reads it — a code as its name, a time in China time, 是/否; absent:
   * the row's value of the field's name as it is.
   */
  value?: (row: Row) => ListCell;
  /**
   * Written whatever columns the request names, and not itself a column a request may name
   * (e.g. the code a re-import needs beside rows the page shows within their parent).
   */
  always?: boolean;
}

interface ListFieldLabel<Row> {
  /** The Chinese name: the messages' (「不支持按“登录名”查询」), the export's header. */
  label: string;
  /**
   * One of the answer's columns: a request's `field` may name it (the columns shown) and the
   * export writes it, in the order the fields are declared. Absent: a field for queries only.
   */
  export?: ListExport<Row>;
}

/** A field the client may filter, sort or super-query on (what its capabilities say). */
export interface ListQueryField<Row = unknown> extends ListFieldLabel<Row> {
  /** The column or SQL expression the field reads. */
  column: Column | SQL;
  type: ListFieldType;
  /**
   * How the plain `filters` entry of that name filters; absent: not a plain filter. `ge` /
   * `le` make one end of a range (a date field's day counts whole: `le` takes in its end).
   */
  filter?: 'eq' | 'like' | 'in' | 'ge' | 'le';
  sortable?: boolean;
  /** Usable in the super query, with the rules its type allows ({@link RULES_BY_TYPE}). */
  superQuery?: boolean;
}

/** A column shown and exported that is never queried (a joined name, a list of names…). */
export interface ListShownField<Row = unknown> extends ListFieldLabel<Row> {
  column?: undefined;
  type?: undefined;
  filter?: undefined;
  sortable?: undefined;
  superQuery?: undefined;
  export: ListExport<Row>;
}

export type ListField<Row = unknown> = ListQueryField<Row> | ListShownField<Row>;

export interface ListDefinition<Row, F extends Record<string, ListField<Row>>> {
  /** The table counted and read (its joins are the caller's, in `page`'s `rows`). */
  table: PgTable;
  /** The row's key: the last sort key, so equal values keep a stable order across pages. */
  key: Column;
  /**
   * Each field once: its label, what a request may do with it, and whether (and how) it is
   * one of the list's columns — their order is the export's.
   */
  fields: F;
  /** Absent: `createTime` descending (when declared), else the key descending. */
  defaultSort?: { field: keyof F & string; order: 'asc' | 'desc' };
  /** Names of the row that are known but never queryable (e.g. `password` → 密码), for the messages. */
  refused?: Record<string, string>;
  /**
   * The count reads `table` alone (the scope and every field are its own columns), so its
   * total may be kept while the table's change version holds (count-cache.ts). Leave it off
   * for a list whose fields or scope look at other tables.
   */
  cacheTotal?: boolean;
  /**
   * The name the table's change version is kept under in `sys_change_versions` (default: its
   * SQL name): a plugin entity's table, whose name is the plugin's choice, has its own.
   */
  versionKey?: string;
  /** The most rows one export of this list writes; {@link MAX_EXPORT_ROWS} when absent. */
  maxExportRows?: number;
}

/** The super-query rules each type allows. */
export const RULES_BY_TYPE: Record<ListFieldType, readonly SuperQueryRule[]> = {
  text: ['eq', 'ne', 'like', 'in', 'empty', 'not_empty'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'empty', 'not_empty'],
  date: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
  code: ['eq', 'ne', 'in', 'empty', 'not_empty'],
};

const RULE_NAMES: Record<SuperQueryRule, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
  like: '包含',
  in: '属于',
  empty: '为空',
  not_empty: '不为空',
};

/** At most this many values in one `in`. */
export const MAX_IN_VALUES = 200;

const NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `2026-04-01`, `2026-04-01 08:30`, `2026-04-01T08:30:00.000Z`: a time without a zone is
 * China time (+08:00). Null for anything else, and for days the calendar has not (`02-30`).
 */
export function parseDate(text: string): Date | null {
  if (!DATE.test(text)) return null;
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const iso = text.length === 10 ? `${text}T00:00:00` : text.replace(' ', 'T');
  const date = new Date(/(?:Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const refuse = (message: string) => new ApiError('400', message);

/** `%`, `_` and `\` taken literally in a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The column of one 查询 box over two texts (a code or a name): a `like` filter on it matches
 * either, never a text spanning the two (they are joined by the unit separator, typed by no one).
 */
export function eitherText(first: Column, second: Column): SQL {
  return sql`concat_ws(chr(31), ${first}, ${second})`;
}

function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.every((item) => typeof item !== 'string' || item.trim() === ''))
  );
}

type Scalar = string | number | Date;

export interface CompiledList {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The sort before the key (null: the key alone), in the direction of `orderBy`. */
  sort: { column: Column | SQL; order: 'asc' | 'desc' } | null;
  limit: number;
  offset: number;
  pageNum: number;
  pageSize: number;
}

export interface ListPageOptions<Row> {
  /** The data-permission condition of the route, ANDed with the request's. */
  scope?: SQL;
  /** Reads one page of rows (joins and the answer's shape are the caller's). */
  rows(query: CompiledList): Promise<Row[]>;
}

/**
 * A list over rows of type `Row` (what its reader answers and its export writes):
 * `defineList<AdminPostRow>()({ table, key, fields: { … } })`. Each field is declared once —
 * its label serves the messages, the allow-list of the columns a request may name and the
 * export's header.
 */
export function defineList<Row>() {
  return <F extends Record<string, ListField<Row>>>(definition: ListDefinition<Row, F> & { fields: AsIs<Row, F> }) =>
    compileList<Row, F>(definition);
}

/**
 * A field the export writes without a `value` names a property of the row that is a cell as it
 * is (text, a number, null): anything else (a boolean, a list, a name the row has not) needs one.
 */
type AsIs<Row, F> = {
  [K in keyof F]: F[K] extends { export: { value: (row: never) => unknown } }
    ? F[K]
    : F[K] extends { export: object }
      ? K extends keyof Row
        ? Row[K] extends ListCell
          ? F[K]
          : NeedsValue<Row, F[K]>
        : NeedsValue<Row, F[K]>
      : F[K];
};
type NeedsValue<Row, Field> = Field & { export: { value: (row: Row) => ListCell } };

function compileList<Row, F extends Record<string, ListField<Row>>>(definition: ListDefinition<Row, F>) {
  const fields = definition.fields as Record<string, ListField<Row>>;
  const tableName = getTableName(definition.table);

  /** The export's columns, all of them, in the order the fields are declared. */
  const exportColumns: Array<XlsxColumn<Row>> = Object.entries(fields).flatMap(([name, field]) => {
    const part = field.export;
    if (!part) return [];
    const value = part.value ?? ((row: Row) => (row as Record<string, unknown>)[name] as ListCell);
    return [{ field: part.always ? undefined : name, header: field.label, width: part.width, value }];
  });
  /** The columns a request's `field` may name, in the list's order. */
  const columnNames = exportColumns.flatMap((column) => (column.field === undefined ? [] : [column.field]));
  if (definition.defaultSort && !fields[definition.defaultSort.field]?.column)
    throw new Error(`the default sort of ${tableName} is not a queried field: ${definition.defaultSort.field}`);

  function fieldFor(name: string, capability: 'filter' | 'sortable' | 'superQuery'): ListQueryField<Row> {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const verb = capability === 'sortable' ? '排序' : '查询';
    if (!field || !field[capability]) {
      const label =
        field?.label ??
        (Object.hasOwn(definition.refused ?? {}, name) ? definition.refused![name] : null) ??
        (IDENTIFIER_PATTERN.test(name) ? name : '该字段');
      throw refuse(`不支持按“${label}”${verb}`);
    }
    return field as ListQueryField<Row>;
  }

  function scalar(field: ListQueryField<Row>, value: unknown): Scalar {
    switch (field.type) {
      case 'number': {
        const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
        if (typeof value === 'number' ? !Number.isFinite(value) : !NUMBER.test(text))
          throw refuse(`“${field.label}”应为数字`);
        return Number(text);
      }
      case 'date': {
        const date = parseDate(typeof value === 'string' ? value.trim() : '');
        if (!date) throw refuse(`“${field.label}”应为日期`);
        return date;
      }
      default: {
        if (typeof value === 'number' && Number.isFinite(value)) return String(value);
        if (typeof value !== 'string') throw refuse(`“${field.label}”应为文字`);
        return value.trim();
      }
    }
  }

  function listOf(field: ListQueryField<Row>, value: unknown): Scalar[] {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    const present = items.filter((item) => !isEmptyValue(item));
    if (present.length > MAX_IN_VALUES) throw refuse(`“${field.label}”最多 ${MAX_IN_VALUES} 个值`);
    return present.map((item) => scalar(field, item));
  }

  function emptyCondition(field: ListQueryField<Row>): SQL {
    const column = field.column as Column;
    return field.type === 'text' || field.type === 'code' ? or(isNull(column), eq(column, ''))! : isNull(column);
  }

  function condition(field: ListQueryField<Row>, rule: SuperQueryRule, value: unknown): SQL | undefined {
    if (!RULES_BY_TYPE[field.type].includes(rule)) throw refuse(`“${field.label}”不支持“${RULE_NAMES[rule]}”条件`);
    // drizzle's operators take a column or an SQL expression alike; the overloads want one of them.
    const column = field.column as Column;
    if (rule === 'empty') return emptyCondition(field);
    if (rule === 'not_empty') return sql`not (${emptyCondition(field)})`;
    if (isEmptyValue(value)) return undefined;
    if (rule === 'in') {
      const values = listOf(field, value);
      return values.length === 0 ? undefined : inArray(column, values);
    }
    if (Array.isArray(value)) throw refuse(`“${field.label}”只能有一个值`);
    const bound = scalar(field, value);
    if (field.type === 'date' && typeof value === 'string' && DAY_PATTERN.test(value.trim())) {
      // A day without a time is the whole day (China time): `eq` that day, `gt` after it, `le` up to its end.
      const next = new Date((bound as Date).getTime() + DAY_MS);
      switch (rule) {
        case 'eq':
          return and(gte(column, bound), lt(column, next));
        case 'ne':
          return or(lt(column, bound), gte(column, next), isNull(column));
        case 'gt':
          return gte(column, next);
        case 'le':
          return lt(column, next);
      }
    }
    switch (rule) {
      case 'like': {
        // Case-insensitive; a value without letter case (王伟, 1390001) reads the same with LIKE,
        // which PostgreSQL checks 2–3 times faster than ILIKE.
        const text = String(bound);
        const cased = text.toLowerCase() !== text || text.toUpperCase() !== text;
        return (cased ? ilike : like)(column, `%${escapeLike(text)}%`);
      }
      case 'eq':
        return eq(column, bound);
      case 'ne':
        // "Not equal" also keeps the rows without a value.
        return or(ne(column, bound), isNull(column));
      case 'gt':
        return gt(column, bound);
      case 'ge':
        return gte(column, bound);
      case 'lt':
        return lt(column, bound);
      case 'le':
        return lte(column, bound);
    }
  }

  function filterCondition(name: string, value: ListFilterValue): SQL | undefined {
    if (isEmptyValue(value)) return undefined;
    const field = fieldFor(name, 'filter');
    if (typeof value === 'boolean') throw refuse(`“${field.label}”的值不正确`);
    const mode = field.filter!;
    if (mode === 'in' || Array.isArray(value)) {
      if (mode !== 'in') throw refuse(`“${field.label}”只能有一个值`);
      return condition(field, 'in', value);
    }
    return condition(field, mode === 'like' && field.type !== 'text' ? 'eq' : mode, value);
  }

  /**
   * The columns `field` names (comma-joined), in the list's order; null when absent or
   * empty (all columns). A name off the list is a 400.
   */
  function columnsOf(field: string | undefined): string[] | null {
    const names = (field ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 0) return null;
    for (const name of names) {
      if (!columnNames.includes(name)) throw refuse(`不支持的列“${IDENTIFIER_PATTERN.test(name) ? name : '该列'}”`);
    }
    return columnNames.filter((name) => names.includes(name));
  }

  /** The export's columns `field` names (comma-joined), with those written always; all when absent. */
  function exportColumnsOf(field: string | undefined): Array<XlsxColumn<Row>> {
    const names = columnsOf(field);
    return names === null
      ? exportColumns
      : exportColumns.filter((column) => column.field === undefined || names.includes(column.field));
  }

  /** The request as conditions, order and page; `scope` is ANDed in. */
  function compile(request: Partial<ListRequest>, scope?: SQL): CompiledList {
    columnsOf(request.field);
    const conditions: Array<SQL | undefined> = [scope];
    for (const [name, value] of Object.entries(request.filters ?? {})) conditions.push(filterCondition(name, value));

    const params: SuperQueryParam[] = request.superQueryParams ?? [];
    const superConditions = params
      .map((param) => condition(fieldFor(param.field, 'superQuery'), param.rule, param.value))
      .filter((item): item is SQL => item !== undefined);
    if (superConditions.length > 0) {
      conditions.push(
        request.superQueryMatchType === 'or' ? sql`(${or(...superConditions)})` : sql`(${and(...superConditions)})`,
      );
    }

    const sort =
      request.sort ??
      definition.defaultSort ??
      (Object.hasOwn(fields, 'createTime') ? { field: 'createTime', order: 'desc' as const } : null);
    const orderBy: SQL[] = [];
    const direction = sort?.order === 'asc' ? asc : desc;
    let sortColumn: Column | SQL | null = null;
    if (sort) {
      const field = request.sort ? fieldFor(sort.field, 'sortable') : (fields[sort.field] as ListQueryField<Row>);
      sortColumn = field.column;
      orderBy.push(direction(field.column));
    }
    orderBy.push(direction(definition.key));

    const pageNum = request.pageNum ?? 1;
    const pageSize = request.pageSize ?? 10;
    return {
      where: and(...conditions),
      orderBy,
      sort: sortColumn ? { column: sortColumn, order: sort?.order === 'asc' ? 'asc' : 'desc' } : null,
      limit: pageSize,
      offset: (pageNum - 1) * pageSize,
      pageNum,
      pageSize,
    };
  }

  /** The total of `where`: kept per change version when the list allows it (count-cache.ts). */
  function total(db: AppDatabase, where: SQL | undefined): Promise<number> {
    const counting = db.select({ total: count() }).from(definition.table).where(where);
    const countRows = async () => (await runPrepared(counting))[0]?.total ?? 0;
    return definition.cacheTotal
      ? cachedCount(db, definition.versionKey ?? tableName, JSON.stringify(counting.toSQL()), countRows)
      : countRows();
  }

  /** One page: `{ pagination: { result, totalCount, pageNum, pageSize } }`. */
  async function page<Item = Row>(db: AppDatabase, request: Partial<ListRequest>, options: ListPageOptions<Item>) {
    const query = compile(request, options.scope);
    const [totalCount, result] = await Promise.all([total(db, query.where), options.rows(query)]);
    return { pagination: { result, totalCount, pageNum: query.pageNum, pageSize: query.pageSize } };
  }

  /**
   * The rows after `last` in the order `query` sorts by: `(sort, key)` past the last row's,
   * compared in PostgreSQL with the last row's own value — read as text with its type, so a
   * time keeps its microseconds. NULL sorts first descending and last ascending (PostgreSQL's
   * default), so the rows past a NULL are the other NULLs with a key past it (descending: then
   * every value).
   */
  function after(query: CompiledList, last: Anchor): SQL {
    const key = definition.key;
    const past = query.sort?.order === 'asc' ? sql`>` : sql`<`;
    if (!query.sort) return sql`${key} ${past} ${last.key}`;
    const column = query.sort.column;
    const nullable = !(is(column, Column) && column.notNull);
    if (last.value === null) {
      const nulls = sql`(${column} is null and ${key} ${past} ${last.key})`;
      return query.sort.order === 'asc' ? nulls : sql`(${nulls} or ${column} is not null)`;
    }
    if (!SQL_TYPE.test(last.type)) throw new Error(`unexpected sort type ${last.type}`);
    const value = sql`cast(${last.value} as ${sql.raw(last.type)})`;
    const rows = sql`(${column}, ${key}) ${past} (${value}, ${last.key})`;
    return query.sort.order === 'asc' && nullable ? sql`(${rows} or ${column} is null)` : rows;
  }

  /**
   * Every row the request matches (its page ignored), in its order, `batchSize` at a time;
   * with `selections`, only those keys. Counts first: more than the list's
   * {@link ListDefinition.maxExportRows} is a 400 before anything is sent. Each batch starts
   * where the last ended (keyset: its keys by the sort and key index, then its rows by key),
   * so the millionth row costs what the first did — an OFFSET would read every row before it.
   */
  async function exportRows(
    db: AppDatabase,
    request: Partial<ListRequest> & { selections?: string },
    options: ListPageOptions<Row> & { batchSize?: number },
  ): Promise<{ total: number; columns: Array<XlsxColumn<Row>>; batches: AsyncGenerator<Row[]> }> {
    const selected = request.selections
      ? parseSelections(request.selections, definition.key.dataType === 'string' ? 'text' : 'id')
      : null;
    const scope = and(options.scope, selected ? inArray(definition.key, selected) : undefined);
    const base = compile({ ...request, pageNum: 1, pageSize: 10 }, scope);
    const rowCount = await total(db, base.where);
    const max = definition.maxExportRows ?? MAX_EXPORT_ROWS;
    if (rowCount > max) {
      throw new ApiError('400', `导出的记录有 ${rowCount} 条，超过 ${max} 条，请缩小查询范围后再导出`);
    }
    const batchSize = options.batchSize ?? 500;
    const sortColumn = base.sort?.column ?? definition.key;
    async function* batches(): AsyncGenerator<Row[]> {
      let last: Anchor | null = null;
      for (;;) {
        const keys: Anchor[] = await db
          .select({
            key: sql<number | string>`${definition.key}`,
            value: sql<string | null>`(${sortColumn})::text`,
            type: sql<string>`pg_typeof(${sortColumn})::text`,
          })
          .from(definition.table)
          .where(and(base.where, last ? after(base, last) : undefined))
          .orderBy(...base.orderBy)
          .limit(batchSize);
        if (keys.length === 0) return;
        const rows = await options.rows({
          ...base,
          where: inArray(
            definition.key,
            keys.map((row) => row.key),
          ),
          limit: keys.length,
          offset: 0,
        });
        if (rows.length > 0) yield rows;
        if (keys.length < batchSize) return;
        last = keys[keys.length - 1];
      }
    }
    return { total: rowCount, columns: exportColumnsOf(request.field), batches: batches() };
  }

  /**
   * 详情: the one row of key `id` the list's reader answers within `scope` — the list's own row,
   * so the detail shows what the list and its export show. `404 notFound` when there is none
   * (or `id` is not a key of this list).
   */
  async function detail<Item = Row>(
    db: AppDatabase,
    id: number | string,
    options: ListPageOptions<Item> & { notFound: string },
  ): Promise<Item> {
    const text = String(id).trim();
    const key = definition.key.dataType === 'string' ? text : Number(text);
    const valid = typeof key === 'string' ? TEXT_KEY.test(key) : /^\d+$/.test(text) && key >= 1 && key <= 2147483647;
    if (!valid) throw new ApiError('404', options.notFound);
    const query = compile({}, and(options.scope, eq(definition.key, key)));
    const [row] = await options.rows({ ...query, limit: 1, offset: 0 });
    if (row === undefined) throw new ApiError('404', options.notFound);
    return row;
  }

  return { definition, compile, columnsOf, exportColumns, exportColumnsOf, page, exportRows, detail };
}

/** The most rows one export writes, unless its list says otherwise. */
export const MAX_EXPORT_ROWS = 200_000;

/** The last row of an export's batch: its key and its sort value as text, with the value's type. */
interface Anchor {
  key: number | string;
  value: string | null;
  type: string;
}

/** A type name as `pg_typeof` writes it (`timestamp with time zone`, `character varying`, `integer`). */
const SQL_TYPE = /^[a-z_][a-z0-9_ ]{0,63}$/;

/** A text key (an app's code, a plugin's id) as a selection may name it. */
const TEXT_KEY = /^[A-Za-z0-9][\w.:-]{0,63}$/;

/**
 * The selected keys of an export (`selections`, comma-joined): record ids, or the text keys
 * of a list keyed by a code.
 */
function parseSelections(text: string, kind: 'id' | 'text'): Array<number | string> {
  const keys = [
    ...new Set(
      text
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    ),
  ];
  const wrong =
    kind === 'text'
      ? keys.some((key) => !TEXT_KEY.test(key))
      : keys.map(Number).some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2147483647);
  if (wrong) throw new ApiError('400', '参数错误：selections（选中的记录）格式不正确');
  return kind === 'text' ? keys : keys.map(Number);
}
