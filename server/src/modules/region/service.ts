import { and, asc, eq, sql } from 'drizzle-orm';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import type { AppDatabase } from '../../db/client';
import { regionGroups, regions } from '../../db/schema/index';
import { notFound } from '../../http/envelope';
import type { Region } from '@cotton/sdk/contracts';

/** Group types of `region_groups`. */
export const OFFICE_GROUP = 'office';
export const RESERVATION_AREA_GROUP = 'reservation_area';

/** Kept while the change signal hears no write of `regions`: an 停用 in any process is seen at once. */
const keptChildren = new VersionedCache<Region[] | null>(['regions'], 4096);

/**
 * The enabled direct children of `code`; `404` when `code` is not a known region or it or
 * any region above it is disabled (what lies below a disabled region is not offered either,
 * even asked for by a lower code).
 */
export async function getChildRegions(db: AppDatabase, code: string): Promise<Region[]> {
  const children = await keptChildren.get(changeSignalOf(db), code, () => readChildRegions(db, code));
  if (!children) throw notFound(`行政区划不存在或已停用：${code}`);
  return children.map((region) => ({ ...region }));
}

/** Deeper than any GB/T 2260 chain (country, province, city, county): a stop, should a chain loop. */
const MAX_DEPTH = 8;

/** `code` and every region above it (by `parent_code`) exist and are enabled. */
async function enabledWithAncestors(db: AppDatabase, code: string): Promise<boolean> {
  let next: string | null = code;
  for (let depth = 0; next !== null && depth < MAX_DEPTH; depth++) {
    const [region] = await db
      .select({ parentCode: regions.parentCode, status: regions.status })
      .from(regions)
      .where(eq(regions.code, next))
      .limit(1);
    if (!region || region.status !== '1') return false;
    next = region.parentCode;
  }
  return next === null;
}

async function readChildRegions(db: AppDatabase, code: string): Promise<Region[] | null> {
  if (!(await enabledWithAncestors(db, code))) return null;
  return db
    .select({
      code: regions.code,
      value: regions.name,
      level: regions.level,
      // Qualified by hand: inside the template Drizzle writes the column without its table.
      isLeaf: sql<boolean>`not exists (select 1 from ${regions} as child where child.parent_code = ${regions}.${sql.identifier('code')} and child.status = '1')`,
    })
    .from(regions)
    .where(and(eq(regions.parentCode, code), eq(regions.status, '1')))
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
