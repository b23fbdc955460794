import { bigint, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The change versions (docs/architecture.md "Change versions"): one row per watched table,
 * bumped by a statement trigger on every insert, update, delete or truncate of that table
 * (migration 0018), in the writing transaction — so a reader that sees a version also sees
 * the rows written up to it, whichever process or tool wrote them (with triggers enabled).
 */
export const sysChangeVersions = pgTable('sys_change_versions', {
  tableName: varchar('table_name', { length: 63 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The data migrations applied (db/data-migrations.ts, migration 0040): work on rows that needs
 * the server's own code (a key computed as the server computes it), which a SQL migration cannot
 * run. Each runs once, after the SQL migrations, in one transaction with its row here.
 */
export const sysDataMigrations = pgTable('sys_data_migrations', {
  name: varchar('name', { length: 64 }).primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
