import { eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { DataMigration } from '../../db/data-migrations';
import { dictCategories, dictItems } from '../../db/schema/index';

const PRODUCT_YEAR = 'PRODUCT_YEAR';
/** The years the seed lists (server/src/seed/dictionaries.ts) when this migration was written. */
const YEARS = ['2020', '2021', '2022', '2023', '2024', '2025'];

/**
 * The crop years 仓单查询's 加工年度 row offers are the PRODUCT_YEAR dictionary's (it used to
 * list years of its own, 2020–2025, while the dictionary stopped at 2022). A database seeded
 * before gets the missing years, after its own items and enabled; an item already there
 * (even disabled or renamed by staff) is left as it is. Nothing happens where the category does
 * not exist yet (a new database: the seed writes it whole).
 */
export async function addProductYears(tx: Tx): Promise<Record<string, unknown>> {
  const [category] = await tx
    .select({ code: dictCategories.code })
    .from(dictCategories)
    .where(eq(dictCategories.code, PRODUCT_YEAR));
  if (!category) return { added: [] };
  const [{ last }] = await tx
    .select({ last: max(dictItems.sort) })
    .from(dictItems)
    .where(eq(dictItems.categoryCode, PRODUCT_YEAR));
  const rows = await tx
    .insert(dictItems)
    .values(
      YEARS.map((year, index) => ({
        categoryCode: PRODUCT_YEAR,
        itemCode: year,
        itemValue: year,
        sort: (last ?? 0) + index + 1,
      })),
    )
    .onConflictDoNothing()
    .returning({ code: dictItems.itemCode });
  return { added: rows.map((row) => row.code) };
}

export const PRODUCT_YEARS_MIGRATION: DataMigration = {
  name: 'dict_product_years_2023_2025',
  run: addProductYears,
};
