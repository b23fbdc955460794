import { Type, type TSchema } from '@fastify/type-provider-typebox';

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

/** `{ code, value }`: a dictionary option, a region group, a region reference. */
export const CodeValue = Type.Object({ code: Type.String(), value: Type.String() });

/** The request body of a call without parameters: any JSON object. */
export const EmptyBody = Type.Object({});

/** Paging as the spec sends it: `pageNum` from 1, `pageSize` 1…100. */
export const PageParameter = Type.Object(
  {
    pageNum: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10, title: '每页条数' }),
  },
  { default: {} },
);
