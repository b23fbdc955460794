import { Type, type Static, type TSchema } from 'typebox';
import { IDENTIFIER_PATTERN } from '../validators/patterns.js';
import { Pagination, RecordId, IdListText } from './common';

// The generic admin list (docs/architecture.md, "Admin lists"): every back-office list — and
// every list a plugin author builds with the SDK's ListPage — sends the same request and reads
// the same answer. Which fields a list filters, sorts and super-queries on is declared per list
// on the server (server/src/lib/list); a field or operator the list does not declare is a 400.

/** A field name as the client sends it: letters, digits and `_`, never SQL. */
export const ListFieldName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: IDENTIFIER_PATTERN.source,
  title: '字段',
  errorMessage: '字段名只能由字母、数字和下划线组成',
});
export type ListFieldName = Static<typeof ListFieldName>;

/** Page sizes the list screen offers (10 by default). */
export type ListPageSize = 10 | 20 | 30 | 50 | 100 | 200;
export const LIST_PAGE_SIZES: readonly ListPageSize[] = [10, 20, 30, 50, 100, 200];

/** A filter's value: text, a number, a yes/no, or a list of texts (any of them). Empty values do not filter. */
export const ListFilterValue = Type.Union([
  Type.String({ maxLength: 256 }),
  Type.Number({ minimum: -1e15, maximum: 1e15 }),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.String({ maxLength: 256 }), { maxItems: 200 }),
]);
export type ListFilterValue = Static<typeof ListFilterValue>;

/** The operators of the super query (高级查询). */
export type SuperQueryRule = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'in' | 'empty' | 'not_empty';
export const SUPER_QUERY_RULES: readonly SuperQueryRule[] = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'like',
  'in',
  'empty',
  'not_empty',
];

/** One row of the super query: field, operator, value (`in`: values comma-joined). */
export const SuperQueryParam = Type.Object({
  field: ListFieldName,
  // Written out (not mapped from SUPER_QUERY_RULES): a mapped array types the field as `never`.
  rule: Type.Union(
    [
      Type.Literal('eq'),
      Type.Literal('ne'),
      Type.Literal('gt'),
      Type.Literal('ge'),
      Type.Literal('lt'),
      Type.Literal('le'),
      Type.Literal('like'),
      Type.Literal('in'),
      Type.Literal('empty'),
      Type.Literal('not_empty'),
    ],
    { title: '条件', errorMessage: '不支持的查询条件' },
  ),
  value: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 256, title: '值' }),
      Type.Number({ minimum: -1e15, maximum: 1e15, title: '值' }),
      Type.Null(),
    ]),
  ),
});
export type SuperQueryParam = Static<typeof SuperQueryParam>;

export const ListSort = Type.Object({
  field: ListFieldName,
  order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
    title: '排序方向',
    errorMessage: '只能是 asc（升序）或 desc（降序）',
  }),
});
export type ListSort = Static<typeof ListSort>;

/** The body of a list call. Absent: page 1, 10 rows, the list's default sort (`createTime` descending). */
export const ListRequest = Type.Object({
  filters: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), ListFilterValue, { maxProperties: 32, title: '查询条件' }),
  ),
  sort: Type.Optional(Type.Union([ListSort, Type.Null()])),
  pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
  // Written out (not mapped from LIST_PAGE_SIZES): a mapped array types the field as `never`.
  pageSize: Type.Union(
    [Type.Literal(10), Type.Literal(20), Type.Literal(30), Type.Literal(50), Type.Literal(100), Type.Literal(200)],
    { default: 10, title: '每页条数', errorMessage: '只能是 10、20、30、50、100 或 200' },
  ),
  /**
   * The columns shown, comma-joined; each must be one of the list's columns (else 400). The
   * page answers whole rows whatever it says; an export writes only those columns. Absent: all.
   */
  field: Type.Optional(Type.String({ maxLength: 1024, title: '列' })),
  superQueryParams: Type.Optional(Type.Array(SuperQueryParam, { maxItems: 20, title: '高级查询' })),
  superQueryMatchType: Type.Optional(
    Type.Union([Type.Literal('and'), Type.Literal('or')], {
      title: '匹配方式',
      errorMessage: '只能是 and（全部满足）或 or（任一满足）',
    }),
  ),
});
export type ListRequest = Static<typeof ListRequest>;

/** `dataSet` of a list call: one page of rows. */
export function ListAnswer<T extends TSchema>(row: T) {
  return Type.Object({ pagination: Pagination(row) });
}
/** The type of `ListAnswer(row)`. */
export interface ListAnswer<T> {
  pagination: Pagination<T>;
}

/** Delete one row. */
export const ListDeleteBody = Type.Object({ id: RecordId('记录编号') });
export type ListDeleteBody = Static<typeof ListDeleteBody>;

/** Delete several rows: the ids comma-joined, at most 200. */
export const ListBatchDeleteBody = Type.Object({
  ids: IdListText('记录编号'),
});
export type ListBatchDeleteBody = Static<typeof ListBatchDeleteBody>;

/** `dataSet` of a delete: how many rows went. */
export const ListDeleted = Type.Object({ deleted: Type.Integer() });
export type ListDeleted = Static<typeof ListDeleted>;

/** Export: the list's query as it stands, and the selected rows' ids comma-joined (empty: every matching row). */
export const ListExportBody = Type.Intersect([
  ListRequest,
  Type.Object({ selections: Type.Optional(Type.String({ maxLength: 2400, title: '选中的记录' })) }),
]);
export type ListExportBody = Static<typeof ListExportBody>;

/** `dataSet` of an import: rows stored, and each refused row with its number in the file and why. */
export const ListImportResult = Type.Object({
  stored: Type.Integer(),
  refused: Type.Array(Type.Object({ row: Type.Integer(), reasons: Type.Array(Type.String()) })),
});
export type ListImportResult = Static<typeof ListImportResult>;

/**
 * Duplicate check (重复校验): is `fieldVal` already used by another row (`dataId`: the row
 * being edited) of `tableName`.`fieldName`? Only the pairs the server allow-lists are checked.
 */
export const DuplicateCheckBody = Type.Object({
  tableName: ListFieldName,
  tableKey: Type.Optional(ListFieldName),
  fieldName: ListFieldName,
  fieldVal: Type.String({ maxLength: 256, title: '值' }),
  dataId: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
  /**
   * The other field a value is unique within, when the field is unique only among rows alike in
   * it (a dictionary item's code within its category: the category's code). Only the pairs so
   * declared read it; null or absent: the rows where that field is empty.
   */
  withinVal: Type.Optional(Type.Union([Type.String({ maxLength: 64, title: '关联值' }), Type.Null()])),
});
export type DuplicateCheckBody = Static<typeof DuplicateCheckBody>;

/** `dataSet` of the duplicate and rule checks: `valid` false with the reason to show. */
export const FieldCheckResult = Type.Object({ valid: Type.Boolean(), message: Type.String() });
export type FieldCheckResult = Static<typeof FieldCheckResult>;

/** Rule check (规则校验): `value` against the named rule (`ruleCode` from the server's allow-list). */
export const RuleCheckBody = Type.Object({
  ruleCode: ListFieldName,
  value: Type.String({ maxLength: 256, title: '值' }),
});
export type RuleCheckBody = Static<typeof RuleCheckBody>;
