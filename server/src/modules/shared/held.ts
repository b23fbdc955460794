import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';

/**
 * The names of `rows` that some user still holds through `link` (a link table's column of the
 * rows' ids: `sys_user_roles.role_id`, `sys_user_posts.post_id`) — what may not be deleted.
 */
export async function heldNames(
  db: Pick<AppDatabase, 'selectDistinct'>,
  rows: ReadonlyArray<{ id: number; name: string }>,
  linkTable: PgTable,
  link: PgColumn,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const held = await db
    .selectDistinct({ id: link })
    .from(linkTable)
    .where(
      inArray(
        link,
        rows.map((row) => row.id),
      ),
    );
  const ids = new Set(held.map((row) => row.id as number));
  return rows.filter((row) => ids.has(row.id)).map((row) => row.name);
}
