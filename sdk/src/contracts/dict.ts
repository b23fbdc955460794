import { Type, type Static } from 'typebox';
import { IDENTIFIER_PATTERN } from '../validators/patterns.js';
import { defineCall } from './call';
import { CodeValue } from './common';

// Dictionaries (docs/architecture.md, "Portal configuration, regions and dictionaries"):
// `/rest/dict/getdictlist`, `/rest/dict/getdictlists`.

const CategoryCode = (title: string) =>
  Type.String({
    maxLength: 64,
    pattern: IDENTIFIER_PATTERN.source,
    title,
    errorMessage: '应为字典分类代码（字母、数字、下划线），如 WHS_TYPE',
  });

/**
 * Also accepts the spec's `appCode` (ignored) and `dbSchema`, `tableName`, `entityClassName`:
 * the call reads the dictionary tables only, so these may only name them (`public`,
 * `dict_items`, `DictItem`); any other value is a `400` (CVE-2023-38992: a dictionary call
 * that read whatever table it was sent).
 */
export const GetDictListBody = Type.Object({
  categoryCode: CategoryCode('字典分类代码'),
  appCode: Type.Optional(Type.String({ maxLength: 64, title: '应用编码' })),
  dbSchema: Type.Optional(Type.String({ maxLength: 64, title: '数据库模式' })),
  tableName: Type.Optional(Type.String({ maxLength: 64, title: '表名' })),
  entityClassName: Type.Optional(Type.String({ maxLength: 256, title: '实体类名' })),
});
export type GetDictListBody = Static<typeof GetDictListBody>;

/** `/rest/dict/getdictlist` → `dataSet`: the category's entries in their order. */
export const DictListResult = Type.Object({ dictList: Type.Array(CodeValue) });
export type DictListResult = Static<typeof DictListResult>;

export const GetDictListsBody = Type.Object({
  dictCategorys: Type.Array(CategoryCode('字典分类代码'), { minItems: 1, maxItems: 20, title: '字典分类代码列表' }),
});
export type GetDictListsBody = Static<typeof GetDictListsBody>;

/** Dictionaries by category code: `{ [categoryCode]: [{ code, value }] }`. */
export const DictsByCategory = Type.Record(Type.String(), Type.Array(CodeValue));
export type DictsByCategory = Static<typeof DictsByCategory>;

/** `/rest/dict/getdictlists` → `dataSet`; an unknown category is absent. */
export const DictListsResult = Type.Object({ dictLists: DictsByCategory });
export type DictListsResult = Static<typeof DictListsResult>;

/** The dictionaries' public calls: any page's pickers, logged in or not. */
export const dictCalls = {
  /** One category's enabled entries. */
  list: defineCall({ method: 'POST', path: '/rest/dict/getdictlist', body: GetDictListBody, answer: DictListResult }),
  /** Several categories' enabled entries at once (kept per change: the public answer cache). */
  lists: defineCall({
    method: 'POST',
    path: '/rest/dict/getdictlists',
    body: GetDictListsBody,
    answer: DictListsResult,
  }),
};
