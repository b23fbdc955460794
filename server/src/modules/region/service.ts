import { asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { regionGroups, regions } from '../../db/schema/index';
import { notFound } from '../../plugins/envelope';
import type { Region } from './schema';

/** Group types of `region_groups`. */
export const OFFICE_GROUP = 'office';
export const RESERVATION_AREA_GROUP = 'reservation_area';

/** The direct children of `code`; `404` when `code` is not a known region. */
export async function getChildRegions(db: AppDatabase, code: string): Promise<Region[]> {
  const [parent] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, code)).limit(1);
  if (!parent) throw notFound(`行政区划不存在：${code}`);
  return db
    .select({
      code: regions.code,
      value: regions.name,
      level: regions.level,
      // Qualified by hand: inside the template Drizzle writes the column without its table.
      isLeaf: sql<boolean>`not exists (select 1 from ${regions} as child where child.parent_code = ${regions}.${sql.identifier('code')})`,
    })
    .from(regions)
    .where(eq(regions.parentCode, code))
    .orderBy(asc(regions.sort), asc(regions.code));
}

/** The groups of one type (`office`, `reservation_area`); `404` for an unknown type. */
export async function getRegionGroups(
  db: AppDatabase,
  groupType: string,
): Promise<Array<{ code: string; value: string }>> {
  const groups = await db
    .select({ code: regionGroups.code, value: regionGroups.name })
    .from(regionGroups)
    .where(eq(regionGroups.groupType, groupType))
    .orderBy(asc(regionGroups.sort), asc(regionGroups.code));
  if (groups.length === 0) throw notFound(`区域分组不存在：${groupType}`);
  return groups;
}
