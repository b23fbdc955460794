import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { dictCategories, dictItems, freightYards, regionGroups, regions, warehouses } from '../db/schema/index';
import { seedAuth, seedEnterpriseAccounts } from './auth';
import { seedCms } from './cms';
import { DICTIONARIES } from './dictionaries';
import { seedFinance } from './finance';
import { createRandom } from './random';
import { buildRegions, REGION_GROUPS } from './regions';
import { seedReceipts } from './receipt';
import { seedRegister } from './register';
import { seedReservations } from './reservation';
import { generateWarehouses, type SeedSize } from './warehouses';

export type { SeedSize } from './warehouses';

/** Fixed so that every run produces the same data. */
export const SEED = 20260318;

const CHUNK = 200;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

export interface SeedSummary {
  regions: number;
  regionGroups: number;
  dictionaries: number;
  warehouses: number;
  freightYards: number;
}

export async function isWarehouseTableEmpty(db: AppDatabase): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(warehouses)
    .limit(1);
  return rows.length === 0;
}

/**
 * Replaces the reference data (regions, region groups, dictionaries) and the warehouses
 * with the deterministic data set of `size`, in one transaction. The plugin registry is
 * left alone.
 */
export async function seedDatabase(db: AppDatabase, size: SeedSize): Promise<SeedSummary> {
  const random = createRandom(SEED);
  const regionRows = buildRegions();
  const regionNames = new Map(regionRows.map((region) => [region.code, region.name]));
  const warehouseSeeds = generateWarehouses(random, size, regionNames);

  let yardCount = 0;
  await db.transaction(async (tx) => {
    await tx.delete(freightYards);
    await tx.delete(warehouses);
    await tx.delete(dictItems);
    await tx.delete(dictCategories);
    await tx.delete(regionGroups);
    await tx.delete(regions);

    for (const part of chunks(regionRows)) await tx.insert(regions).values(part);
    await tx.insert(regionGroups).values(REGION_GROUPS);
    await tx.insert(dictCategories).values(DICTIONARIES.map(({ code, name }) => ({ code, name })));
    const items = DICTIONARIES.flatMap(({ code, items: options }) =>
      options.map(([itemCode, itemValue], index) => ({ categoryCode: code, itemCode, itemValue, sort: index + 1 })),
    );
    for (const part of chunks(items)) await tx.insert(dictItems).values(part);

    for (const part of chunks(warehouseSeeds)) {
      const inserted = await tx
        .insert(warehouses)
        .values(part.map(({ freightYards: _yards, ...warehouse }) => warehouse))
        .returning({ id: warehouses.id, code: warehouses.code });
      const idByCode = new Map(inserted.map((row) => [row.code, row.id]));
      const yards = part.flatMap((warehouse) =>
        warehouse.freightYards.map((yard, index) => ({
          ...yard,
          warehouseId: idByCode.get(warehouse.code)!,
          whsName: warehouse.name,
          sort: index + 1,
        })),
      );
      yardCount += yards.length;
      for (const yardPart of chunks(yards)) await tx.insert(freightYards).values(yardPart);
    }
    await seedReceipts(tx, size);
    await seedReservations(tx, warehouseSeeds, size);
    await seedFinance(tx);
    await seedCms(tx, createRandom(SEED + 7));
    await seedAuth(tx, undefined, size);
    await seedRegister(tx);
    await seedEnterpriseAccounts(tx);
  });
  // After a bulk load, as a DBA would: the visibility map lets the admin list's page of ids be
  // an index-only scan (page 500 sorted by 登录名: 3 ms → 1 ms), where autovacuum, which an
  // insert-only table wakes late, has not run yet. Outside the transaction (VACUUM must be).
  if (size === 'large') await db.execute(sql`VACUUM (ANALYZE) sys_users, sys_user_roles`);

  return {
    regions: regionRows.length,
    regionGroups: REGION_GROUPS.length,
    dictionaries: DICTIONARIES.length,
    warehouses: warehouseSeeds.length,
    freightYards: yardCount,
  };
}
