import { Type, type Static, type TSchema } from 'typebox';
import { RECORD_ID_RANGE_PATTERN } from '../validators/record-id.js';

// Building blocks of the wire contracts: nullable values, record ids, `{ code, value }`,
// paging. Every schema here is the one the server validates or serialises with.

/** A JSON number or `null` (`type: ['number', 'null']`, which fast-json-stringify handles directly). */
export function NullableNumber(options: { title?: string; description?: string } = {}) {
  return Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });
}

export function NullableString(options: { title?: string; description?: string } = {}) {
  return Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

const INT4_MAX = '2147483647';

/** A record key as text: 1…2147483647, the range of a PostgreSQL `integer` (validators/record-id.ts). */
export const RECORD_ID_PATTERN = RECORD_ID_RANGE_PATTERN.source;

/** Ids travel as strings of digits (numbers are coerced). */
export function RecordId(title: string) {
  return Type.String({
    maxLength: INT4_MAX.length,
    pattern: RECORD_ID_PATTERN,
    title,
    errorMessage: `应为 1～${INT4_MAX} 之间的整数`,
  });
}

/** At most this many ids travel in one comma-joined list. */
export const MAX_ID_LIST = 200;

/** Record ids comma-joined (`"3,5,8"`), at most {@link MAX_ID_LIST}: batch delete, freeze, look-ups. */
export function IdListText(title: string) {
  return Type.String({
    minLength: 1,
    maxLength: 2400,
    pattern: '^\\s*[1-9][0-9]{0,9}(?:\\s*,\\s*[1-9][0-9]{0,9})*\\s*(?:,\\s*)?$',
    errorMessage: '应为以逗号分隔的记录编号',
    title,
  });
}

/** `{ code, value }`: a dictionary option (`code` is stored, `value` is shown), a region group, a region reference. */
export const CodeValue = Type.Object({ code: Type.String(), value: Type.String() });
export type CodeValue = Static<typeof CodeValue>;

/** The request body of a call without parameters: any JSON object. */
export const EmptyBody = Type.Object({});
export type EmptyBody = Static<typeof EmptyBody>;

/** Paging as the spec sends it: `pageNum` from 1, `pageSize` 1…100. */
export const PageParameter = Type.Object(
  {
    pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10, title: '每页条数' }),
  },
  { default: {} },
);
export type PageParameter = Static<typeof PageParameter>;

/** One page of a list: `{ result, totalCount, pageNum, pageSize }`. */
export function Pagination<T extends TSchema>(item: T) {
  return Type.Object({
    result: Type.Array(item),
    totalCount: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  });
}
/** The type of `Pagination(item)`. */
export interface Pagination<T> {
  result: T[];
  totalCount: number;
  pageNum: number;
  pageSize: number;
}
