import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../paths';
import type { Schema } from './client';

/** Applies the SQL migrations in `server/drizzle` with the driver's own migrator. */
export function migratePgliteDatabase(db: PgliteDatabase<Schema>): Promise<void> {
  return migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

export function migratePostgresDatabase(db: NodePgDatabase<Schema>): Promise<void> {
  return migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
