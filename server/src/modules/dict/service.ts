import type { CodeValue, DictsByCategory } from '@cotton/sdk/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { dictCategories, dictItems } from '../../db/schema/index';
import { notFound } from '../../plugins/envelope';

/**
 * The options of each category, in their sort order; `404` naming the categories that do
 * not exist (a typo in one of several categories fails the whole call, visibly).
 */
export async function getDictLists(db: AppDatabase, categoryCodes: string[]): Promise<DictsByCategory> {
  const wanted = [...new Set(categoryCodes)];
  const known = await db
    .select({ code: dictCategories.code })
    .from(dictCategories)
    .where(inArray(dictCategories.code, wanted));
  const knownCodes = new Set(known.map((category) => category.code));
  const unknown = wanted.filter((code) => !knownCodes.has(code));
  if (unknown.length > 0) throw notFound(`字典不存在：${unknown.join('、')}`);

  const items = await db
    .select({ categoryCode: dictItems.categoryCode, code: dictItems.itemCode, value: dictItems.itemValue })
    .from(dictItems)
    .where(inArray(dictItems.categoryCode, wanted))
    .orderBy(asc(dictItems.categoryCode), asc(dictItems.sort), asc(dictItems.itemCode));

  const lists: Record<string, CodeValue[]> = Object.fromEntries(wanted.map((code) => [code, []]));
  for (const { categoryCode, code, value } of items) lists[categoryCode].push({ code, value });
  return lists;
}
