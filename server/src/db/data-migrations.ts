import type { AppDatabase, Tx } from './client';
import { sysDataMigrations } from './schema/index';

/**
 * Row work a SQL migration cannot do because it needs the server's own code (migration 0040,
 * `sys_data_migrations`). `name` is its record there: never renamed, never reused.
 */
export interface DataMigration {
  name: string;
  /** Runs once, in the transaction that records it; what it says is logged. */
  run(tx: Tx, context: DataMigrationContext): Promise<Record<string, unknown>>;
}

/** What a data migration may need beyond the database. */
export interface DataMigrationContext {
  /** The uploaded files' folder of the process that migrates (`FILES_DIR`), when it has one. */
  filesDir: string | null;
}

/**
 * Runs the data migrations not yet applied, in order, each in one transaction with its row in
 * `sys_data_migrations` — so each runs once, whichever process gets there first (a second one
 * waits on the row's key and then skips it), and a failed one leaves nothing and runs again on
 * the next start. Called after the SQL migrations; costs a lookup a migration once applied.
 */
export async function runDataMigrations(
  db: AppDatabase,
  migrations: readonly DataMigration[],
  context: DataMigrationContext = { filesDir: null },
): Promise<Array<{ name: string; result: Record<string, unknown> }>> {
  const applied: Array<{ name: string; result: Record<string, unknown> }> = [];
  for (const migration of migrations) {
    const result = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(sysDataMigrations)
        .values({ name: migration.name })
        .onConflictDoNothing()
        .returning({ name: sysDataMigrations.name });
      return claimed ? migration.run(tx, context) : null;
    });
    if (result) applied.push({ name: migration.name, result });
  }
  return applied;
}
