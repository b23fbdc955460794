import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../paths';
import type { AppDatabase, Schema } from './client';

/** Applies the SQL migrations in `server/drizzle` with the driver's own migrator. */
export function migratePgliteDatabase(db: PgliteDatabase<Schema>): Promise<void> {
  return migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

export function migratePostgresDatabase(db: NodePgDatabase<Schema>): Promise<void> {
  return migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Drops everything the migrations created (the `public` schema and Drizzle's journal in
 * `drizzle`), so that the next migration starts from nothing. Used by the tests on a
 * shared PostgreSQL database.
 */
export async function dropAllTables(db: AppDatabase): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
}
