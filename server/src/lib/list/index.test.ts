import { ListRequest } from '@cotton/sdk/contracts';
import type { SQL } from 'drizzle-orm';
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/envelope';
import { chinaTime } from '../../modules/shared/china-time';
import { defineList, escapeLike, parseDate } from './index';

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  weight: integer('weight'),
  kind: varchar('kind', { length: 1 }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  secret: varchar('secret', { length: 64 }),
});

interface ItemRow {
  id: string;
  name: string;
  weight: number | null;
  kind: string;
  ownerName: string;
  createTime: string;
}

const KIND_NAMES: Record<string, string> = { '1': '原料', '2': '成品' };

const list = defineList<ItemRow>()({
  table: items,
  key: items.id,
  fields: {
    name: {
      label: '名称',
      column: items.name,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 20 },
    },
    weight: {
      label: '重量',
      column: items.weight,
      type: 'number',
      filter: 'eq',
      sortable: true,
      superQuery: true,
      export: {},
    },
    kind: {
      label: '类型',
      column: items.kind,
      type: 'code',
      filter: 'in',
      superQuery: true,
      export: { width: 8, value: (row) => KIND_NAMES[row.kind] ?? row.kind },
    },
    ownerName: { label: '负责人', export: { width: 12 } },
    createTime: {
      label: '创建时间',
      column: items.createdAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.createTime) },
    },
    note: { label: '备注', column: items.name, type: 'text' },
  },
  refused: { password: '密码' },
});

const dialect = new PgDialect();
const render = (fragment: SQL | undefined) => (fragment ? dialect.sqlToQuery(fragment) : null);

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).rtnCode).toBe('400');
    return (error as ApiError).message;
  }
  throw new Error('not refused');
}

describe('defineList: compile', () => {
  it('answers page 1 of 10, createTime descending then the key, with no conditions', () => {
    const query = list.compile({});
    expect(query).toMatchObject({ where: undefined, limit: 10, offset: 0, pageNum: 1, pageSize: 10 });
    expect(query.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"items"."created_at" desc',
      '"items"."id" desc',
    ]);
  });

  it('binds filter values as parameters and escapes % and _ in like', () => {
    const { sql, params } = render(list.compile({ filters: { name: "50%_a'; drop table items; --" } }).where)!;
    expect(sql).toBe('"items"."name" ilike $1');
    expect(params).toEqual(["%50\\%\\_a'; drop table items; --%"]);
    expect(escapeLike('a\\b')).toBe('a\\\\b');
  });

  it('ignores letter case with ilike, and uses the cheaper like for a value that has none', () => {
    expect(render(list.compile({ filters: { name: 'Ab' } }).where)!.sql).toBe('"items"."name" ilike $1');
    expect(render(list.compile({ filters: { name: 'ß' } }).where)!.sql).toBe('"items"."name" ilike $1');
    expect(render(list.compile({ filters: { name: '王伟' } }).where)!.sql).toBe('"items"."name" like $1');
    expect(render(list.compile({ filters: { name: '1390001' } }).where)!.sql).toBe('"items"."name" like $1');
  });

  it('skips empty filter values', () => {
    expect(list.compile({ filters: { name: '', weight: null, kind: [] } }).where).toBeUndefined();
    expect(list.compile({ filters: { name: '  ', kind: [''] } }).where).toBeUndefined();
  });

  it('filters in, eq on numbers, and ANDs the scope', () => {
    const scope = list.compile({ filters: { weight: '12' } }).where!;
    const { sql, params } = render(list.compile({ filters: { kind: ['1', '2'] } }, scope).where)!;
    expect(sql).toBe('("items"."weight" = $1 and "items"."kind" in ($2, $3))');
    expect(params).toEqual([12, '1', '2']);
  });

  it('groups the super query in parentheses, joined with or / and, and ANDed with the filters', () => {
    const request = {
      filters: { name: 'a' },
      superQueryMatchType: 'or' as const,
      superQueryParams: [
        { field: 'weight', rule: 'ge' as const, value: 5 },
        { field: 'createTime', rule: 'lt' as const, value: '2026-03-18' },
        { field: 'kind', rule: 'in' as const, value: '1,2' },
        { field: 'name', rule: 'empty' as const },
      ],
    };
    const { sql, params } = render(list.compile(request).where)!;
    expect(sql).toBe(
      '("items"."name" ilike $1 and (("items"."weight" >= $2 or "items"."created_at" < $3 or "items"."kind" in ($4, $5) or ("items"."name" is null or "items"."name" = $6))))',
    );
    expect(params).toEqual(['%a%', 5, '2026-03-17T16:00:00.000Z', '1', '2', '']);
    const and = render(list.compile({ ...request, filters: {}, superQueryMatchType: 'and' }).where)!;
    expect(and.sql).toMatch(/^\(\("items"\."weight" >= \$1 and /);
  });

  it('sorts on a sortable field, the key breaking ties in the same direction', () => {
    const query = list.compile({ sort: { field: 'name', order: 'asc' }, pageNum: 3, pageSize: 20 });
    expect(query.orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"items"."name" asc',
      '"items"."id" asc',
    ]);
    expect(query).toMatchObject({ limit: 20, offset: 40 });
  });

  it('refuses fields the list does not declare, naming them by label', () => {
    expect(refusal(() => list.compile({ filters: { password: 'x' } }))).toBe('不支持按“密码”查询');
    expect(refusal(() => list.compile({ filters: { secret: 'x' } }))).toBe('不支持按“secret”查询');
    expect(refusal(() => list.compile({ filters: { 'id;drop table': 'x' } }))).toBe('不支持按“该字段”查询');
    expect(refusal(() => list.compile({ filters: { note: 'x' } }))).toBe('不支持按“备注”查询');
    expect(refusal(() => list.compile({ sort: { field: 'kind', order: 'asc' } }))).toBe('不支持按“类型”排序');
    expect(refusal(() => list.compile({ sort: { field: 'updatexml', order: 'asc' } }))).toBe('不支持按“updatexml”排序');
    expect(refusal(() => list.compile({ superQueryParams: [{ field: 'updatexml', rule: 'eq', value: '1' }] }))).toBe(
      '不支持按“updatexml”查询',
    );
    expect(refusal(() => list.compile({ filters: { constructor: 'x' } }))).toBe('不支持按“constructor”查询');
  });

  it('reads `field` as the columns shown, in the list’s order, and refuses one off the list', () => {
    expect(list.columnsOf(undefined)).toBeNull();
    expect(list.columnsOf(' , ')).toBeNull();
    expect(list.columnsOf('createTime, name')).toEqual(['name', 'createTime']);
    expect(refusal(() => list.compile({ field: 'name,secret' }))).toBe('不支持的列“secret”');
    expect(refusal(() => list.compile({ field: 'name,1=1--' }))).toBe('不支持的列“该列”');
  });

  it('refuses injection-looking field names already at the contract', () => {
    const body = (field: string) => ({ pageNum: 1, pageSize: 10, sort: { field, order: 'asc' } });
    expect(Value.Check(ListRequest, body('createTime'))).toBe(true);
    for (const field of ['id;drop table', 'name desc', 'updatexml(1,concat(0x7e,user()),1)', '1name', "name'--"]) {
      expect(Value.Check(ListRequest, body(field))).toBe(false);
      expect(
        Value.Check(ListRequest, { pageNum: 1, pageSize: 10, superQueryParams: [{ field, rule: 'eq', value: '1' }] }),
      ).toBe(false);
    }
  });

  it('refuses operators the field type does not allow', () => {
    expect(refusal(() => list.compile({ superQueryParams: [{ field: 'weight', rule: 'like', value: '1' }] }))).toBe(
      '“重量”不支持“包含”条件',
    );
    expect(refusal(() => list.compile({ superQueryParams: [{ field: 'name', rule: 'gt', value: 'a' }] }))).toBe(
      '“名称”不支持“大于”条件',
    );
    expect(
      refusal(() => list.compile({ superQueryParams: [{ field: 'createTime', rule: 'in', value: '2026-01-01' }] })),
    ).toBe('“创建时间”不支持“属于”条件');
  });

  it('refuses values of the wrong kind', () => {
    expect(refusal(() => list.compile({ filters: { weight: 'heavy' } }))).toBe('“重量”应为数字');
    expect(
      refusal(() => list.compile({ superQueryParams: [{ field: 'createTime', rule: 'gt', value: 'yesterday' }] })),
    ).toBe('“创建时间”应为日期');
    expect(
      refusal(() => list.compile({ superQueryParams: [{ field: 'createTime', rule: 'gt', value: '2026-13-45' }] })),
    ).toBe('“创建时间”应为日期');
    expect(refusal(() => list.compile({ filters: { name: true } }))).toBe('“名称”的值不正确');
    expect(refusal(() => list.compile({ filters: { name: ['a', 'b'] } }))).toBe('“名称”只能有一个值');
    expect(refusal(() => list.compile({ filters: { kind: Array.from({ length: 201 }, (_, i) => String(i)) } }))).toBe(
      '“类型”最多 200 个值',
    );
  });

  it('reads a day as the whole day in China time', () => {
    const where = (rule: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le') =>
      render(list.compile({ superQueryParams: [{ field: 'createTime', rule, value: '2026-04-01' }] }).where)!;
    expect(where('eq')).toMatchObject({
      sql: '(("items"."created_at" >= $1 and "items"."created_at" < $2))',
      params: ['2026-03-31T16:00:00.000Z', '2026-04-01T16:00:00.000Z'],
    });
    expect(where('gt').params).toEqual(['2026-04-01T16:00:00.000Z']);
    expect(where('ge').params).toEqual(['2026-03-31T16:00:00.000Z']);
    expect(where('le').sql).toBe('("items"."created_at" < $1)');
    expect(where('ne').sql).toContain('is null');
    expect(parseDate('2026-04-01 08:30')?.toISOString()).toBe('2026-04-01T00:30:00.000Z');
    expect(parseDate('2026-04-01T08:30:00Z')?.toISOString()).toBe('2026-04-01T08:30:00.000Z');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('2026-04-01; drop')).toBeNull();
  });
});

describe('defineList: one declaration for the list, its export and its detail', () => {
  const row: ItemRow = {
    id: '7',
    name: '皮棉',
    weight: null,
    kind: '2',
    ownerName: '王伟',
    createTime: '2026-03-18T00:00:00.000Z',
  };

  it('heads the export with the fields’ labels, in the order they are declared, each cell as a person reads it', () => {
    expect(list.exportColumns.map((column) => column.header)).toEqual(['名称', '重量', '类型', '负责人', '创建时间']);
    expect(list.exportColumns.map((column) => column.value(row))).toEqual([
      '皮棉',
      null,
      '成品',
      '王伟',
      '2026-03-18 08:00:00',
    ]);
    expect(list.exportColumns.map((column) => column.width)).toEqual([20, undefined, 8, 12, 20]);
  });

  it('writes the columns the request shows, in the list’s order, and refuses a column off the list', () => {
    expect(list.exportColumnsOf(undefined).map((column) => column.header)).toHaveLength(5);
    expect(list.exportColumnsOf('createTime,ownerName,name').map((column) => column.header)).toEqual([
      '名称',
      '负责人',
      '创建时间',
    ]);
    expect(refusal(() => list.exportColumnsOf('name,secret'))).toBe('不支持的列“secret”');
    // A field for queries only is not a column; a column that is not a field's query is not queryable.
    expect(refusal(() => list.exportColumnsOf('note'))).toBe('不支持的列“note”');
    expect(refusal(() => list.compile({ filters: { ownerName: '王' } }))).toBe('不支持按“负责人”查询');
    expect(refusal(() => list.compile({ sort: { field: 'ownerName', order: 'asc' } }))).toBe('不支持按“负责人”排序');
  });

  it('writes an `always` column whatever the request shows, and lets no request name it', () => {
    const withCode = defineList<ItemRow & { parentCode: string }>()({
      table: items,
      key: items.id,
      fields: {
        name: { label: '名称', column: items.name, type: 'text', filter: 'like', export: {} },
        parentCode: { label: '上级编码', column: items.kind, type: 'code', filter: 'eq', export: { always: true } },
        weight: { label: '重量', column: items.weight, type: 'number', export: {} },
      },
    });
    expect(withCode.exportColumnsOf('weight').map((column) => column.header)).toEqual(['上级编码', '重量']);
    expect(withCode.exportColumnsOf(undefined).map((column) => column.header)).toEqual(['名称', '上级编码', '重量']);
    expect(refusal(() => withCode.exportColumnsOf('parentCode'))).toBe('不支持的列“parentCode”');
    expect(withCode.columnsOf('weight,name')).toEqual(['name', 'weight']);
  });

  it('asks for a formatter where the row’s value is not a cell as it is (checked by the compiler)', () => {
    const declare = () =>
      defineList<ItemRow & { done: boolean }>()({
        table: items,
        key: items.id,
        fields: {
          // @ts-expect-error a boolean is written as a word (是/否), not as it is
          done: { label: '完成', export: {} },
          // @ts-expect-error the row has no such property
          missing: { label: '缺少', export: {} },
          doneText: { label: '完成', export: { value: (row) => (row.done ? '是' : '否') } },
        },
      });
    expect(declare().exportColumns.map((column) => column.header)).toEqual(['完成', '缺少', '完成']);
  });

  it('refuses a default sort on a field that is not queried, when the list is declared', () => {
    expect(() =>
      defineList<ItemRow>()({
        table: items,
        key: items.id,
        fields: { ownerName: { label: '负责人', export: {} } },
        defaultSort: { field: 'ownerName', order: 'asc' },
      }),
    ).toThrow(/ownerName/);
  });

  it('serves the detail with the list’s own row reader, by key within the scope', async () => {
    const seen: string[] = [];
    const rows = async (query: { where: SQL | undefined; limit: number; offset: number }) => {
      seen.push(`${render(query.where)!.sql} ${JSON.stringify(render(query.where)!.params)} ${query.limit}`);
      return render(query.where)!.params.includes(7) ? [row] : [];
    };
    const db = undefined as never;
    const scope = list.compile({ filters: { kind: ['2'] } }).where;
    expect(await list.detail(db, '7', { rows, scope, notFound: '物品不存在或已删除' })).toBe(row);
    expect(seen).toEqual(['("items"."kind" in ($1) and "items"."id" = $2) ["2",7] 1']);
    for (const id of ['8', '0', '7; drop table items', '-1', '99999999999']) {
      await expect(list.detail(db, id, { rows, notFound: '物品不存在或已删除' })).rejects.toMatchObject({
        rtnCode: '404',
        message: '物品不存在或已删除',
      });
    }
    expect(seen).toHaveLength(2);
  });
});
