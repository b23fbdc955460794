import type { AppDatabase } from '../../db/client';
import { registerAccountTypes } from '../../db/schema/index';

/** Account type names by id, for the ids an application keeps comma-joined (棉花交易商、仓储企业). */
export async function typeNames(db: Pick<AppDatabase, 'select'>): Promise<(ids: string) => string> {
  const rows = await db
    .select({ id: registerAccountTypes.id, name: registerAccountTypes.name })
    .from(registerAccountTypes);
  const names = new Map(rows.map((row) => [String(row.id), row.name]));
  return (ids) =>
    ids
      .split(',')
      .filter(Boolean)
      .map((id) => names.get(id) ?? `#${id}`)
      .join('、');
}
