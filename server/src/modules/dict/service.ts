import type { CodeValue, DictsByCategory, GetDictListBody } from '@cotton/sdk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';
import { dictCategories, dictItems } from '../../db/schema/index';
import { ApiError, notFound } from '../../http/envelope';

/**
 * What the dictionary call may be told to read: its own tables, nothing else. Jeecg's call
 * read any `tableName` it was sent (CVE-2023-38992, JeecgBoot #9491); here the names are
 * accepted for the spec's clients only when they name the dictionary itself.
 */
export const DICT_SOURCE_ALLOW_LIST = {
  dbSchema: ['public'],
  tableName: ['dict_items'],
  entityClassName: ['DictItem'],
} as const;

export const DICT_MESSAGES = {
  source: '不支持的字典数据来源：只能查询系统字典',
} as const;

/** `400` unless each of `dbSchema`, `tableName`, `entityClassName` sent is on the allow-list. */
export function checkDictSource(body: Pick<GetDictListBody, 'dbSchema' | 'tableName' | 'entityClassName'>): void {
  for (const name of ['dbSchema', 'tableName', 'entityClassName'] as const) {
    const value = body[name];
    if (value === undefined || value === '') continue;
    if (!(DICT_SOURCE_ALLOW_LIST[name] as readonly string[]).includes(value)) {
      throw new ApiError('400', DICT_MESSAGES.source);
    }
  }
}

/** The tables a dictionary answer is read from: kept while the change signal hears none of them written. */
export const DICT_TABLES = ['dict_categories', 'dict_items'] as const;

const keptLists = new VersionedCache<DictsByCategory>(DICT_TABLES, 512);

/**
 * The enabled options of each category, in their sort order; `404` naming the categories
 * that do not exist (a typo in one of several categories fails the whole call, visibly).
 * Kept per set of categories until any process writes a dictionary table.
 */
export async function getDictLists(db: AppDatabase, categoryCodes: readonly string[]): Promise<DictsByCategory> {
  const wanted = [...new Set(categoryCodes)].sort();
  const lists = await keptLists.get(changeSignalOf(db), wanted.join(','), () => readDictLists(db, wanted));
  const unknown = wanted.filter((code) => !Object.hasOwn(lists, code));
  if (unknown.length > 0) throw notFound(`字典不存在：${unknown.join('、')}`);
  // A copy: callers may not change what is kept.
  return Object.fromEntries(wanted.map((code) => [code, lists[code].map((item) => ({ ...item }))]));
}

/** The categories found (unknown ones absent) with their enabled items. */
async function readDictLists(db: AppDatabase, wanted: string[]): Promise<DictsByCategory> {
  const known = await db
    .select({ code: dictCategories.code })
    .from(dictCategories)
    .where(inArray(dictCategories.code, wanted));
  const lists: Record<string, CodeValue[]> = Object.fromEntries(known.map((category) => [category.code, []]));
  if (known.length === 0) return lists;
  const items = await db
    .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
    .from(dictItems)
    .where(and(inArray(dictItems.categoryCode, Object.keys(lists)), eq(dictItems.status, '1')))
    .orderBy(asc(dictItems.categoryCode), asc(dictItems.sort), asc(dictItems.itemCode));
  for (const { categoryCode, code, value } of items) lists[categoryCode].push({ code, value });
  return lists;
}

/** Item code → name, per category. */
export type DictNames = ReadonlyMap<string, ReadonlyMap<string, string>>;

const keptNames = new VersionedCache<DictNames>(DICT_TABLES, 64);

/**
 * The names of every item of each category, disabled ones too (records holding a disabled
 * code still show its name): what a display turns stored codes into. An unknown category has
 * no names. Kept per set of categories until any process writes a dictionary table.
 */
export async function getDictNames(db: AppDatabase, categoryCodes: readonly string[]): Promise<DictNames> {
  const wanted = [...new Set(categoryCodes)].sort();
  return keptNames.get(changeSignalOf(db), wanted.join(','), async () => {
    const names = new Map<string, Map<string, string>>(wanted.map((code) => [code, new Map()]));
    const items = await db
      .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
      .from(dictItems)
      .where(inArray(dictItems.categoryCode, wanted));
    for (const { categoryCode, code, value } of items) names.get(categoryCode)?.set(code, value);
    return names;
  });
}
