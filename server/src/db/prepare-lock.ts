import pg from 'pg';

/** The advisory lock nodes take turns on while they prepare the database (docs/deployment.md). */
const PREPARE_LOCK = 'cotton:prepare-database';

/**
 * Runs `work` (migrating, registering the bundled plugins, seeding) while holding a PostgreSQL
 * session advisory lock, on a connection of its own: nodes started together on one database
 * prepare it one after another — the migrator takes no lock of its own, and two seeds of an
 * empty database would both write. The embedded database has one process: no lock.
 */
export async function whilePreparing<T>(databaseUrl: string | null, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'cotton-prepare' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [PREPARE_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await client.end().catch(() => undefined);
  }
}
