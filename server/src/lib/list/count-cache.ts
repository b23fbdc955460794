import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { changeSignalOf } from '../../db/change-signal';
import { sysChangeVersions } from '../../db/schema/index';

/**
 * The totals (共 N 条) of admin list queries, kept while their table's change version
 * (`sys_change_versions`, bumped by a trigger on every write — migration 0018) stays the
 * same. Counting 100,000 rows costs 15–30 ms on every page; reading one version row costs
 * one index lookup, and the answer is as exact as the count: the version is read before the
 * count, so a total is never kept under a version newer than the rows it counted.
 *
 * While the process hears the change signal (db/change-signal.ts) the version is the one it
 * heard, and no row is read at all; otherwise, the row's. A table without a version row (no
 * trigger) is counted every time. The cache of each
 * database is its own (tests run many databases in one process), and small: the least
 * recently used query goes past {@link MAX_ENTRIES}.
 */

const MAX_ENTRIES = 500;

interface Entry {
  /** The version and the time it was set: a version number alone could come back (a restored backup). */
  version: string;
  total: number;
}

const caches = new WeakMap<AppDatabase, Map<string, Entry>>();
/** The tables of each database seen with a version row (a row, once there, stays). */
const versionedTables = new WeakMap<AppDatabase, Set<string>>();

/** The version row of `table` as `version@time`, or null when its writes are not versioned. */
async function versionRow(db: AppDatabase, table: string): Promise<string | null> {
  const [row] = await db
    .select({ version: sysChangeVersions.version, changedAt: sysChangeVersions.changedAt })
    .from(sysChangeVersions)
    .where(eq(sysChangeVersions.tableName, table));
  return row ? `${row.version}@${row.changedAt.getTime()}` : null;
}

/** The change version of `table` (heard, or its row's), or null when its writes are not versioned. */
async function versionOf(db: AppDatabase, table: string): Promise<string | null> {
  let versioned = versionedTables.get(db);
  if (!versioned) {
    versioned = new Set();
    versionedTables.set(db, versioned);
  }
  if (!versioned.has(table)) {
    const row = await versionRow(db, table);
    if (row === null) return null;
    versioned.add(table);
  }
  const heard = changeSignalOf(db)?.versions([table]) ?? null;
  return heard === null ? versionRow(db, table) : `heard ${heard}`;
}

/**
 * The total of the query `key` over `table` (whose rows alone it reads): kept from an
 * earlier call while the table is unchanged, else `countRows()`.
 */
export async function cachedCount(
  db: AppDatabase,
  table: string,
  key: string,
  countRows: () => Promise<number>,
): Promise<number> {
  const version = await versionOf(db, table);
  if (version === null) return countRows();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const entryKey = `${table}\u0000${key}`;
  const hit = cache.get(entryKey);
  if (hit && hit.version === version) {
    // Most recently used last.
    cache.delete(entryKey);
    cache.set(entryKey, hit);
    return hit.total;
  }
  const total = await countRows();
  cache.delete(entryKey);
  cache.set(entryKey, { version, total });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return total;
}
