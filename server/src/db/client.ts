import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { attachChangeSignal, listenPglite, listenPostgres, type ChangeSignal } from './change-signal';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate';
import * as schema from './schema/index';

export type Schema = typeof schema;

/** The Drizzle database the services use, whichever driver is underneath. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction of the app's database: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: AppDatabase;
  driver: 'pglite' | 'postgres';
  /** The change signal across processes (change-signal.ts), also found with changeSignalOf(db). */
  changes: ChangeSignal;
  /** Applies the SQL migrations in `server/drizzle` (idempotent). */
  migrate(): Promise<void>;
  /** Closes PGlite or the pool; PGlite keeps Node alive until this is called. */
  close(): Promise<void>;
}

/** What `/metrics` shows of a PostgreSQL pool (docs/deployment.md "Metrics"). */
export interface PoolStats {
  max: number;
  /** Connections open, idle among them, and requests waiting for one. */
  total: number;
  idle: number;
  waiting: number;
}

const pools = new WeakMap<AppDatabase, () => PoolStats>();

/** The pool figures of `db`, or null on the embedded database (one connection, no pool). */
export function poolStatsOf(db: AppDatabase): PoolStats | null {
  return pools.get(db)?.() ?? null;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite in `dataDir`. */
  databaseUrl?: string | null;
  /** PGlite data folder, or `memory://`. */
  dataDir: string;
  /** PGlite only: starts from this `dumpDataDir()` tarball instead of an empty database (the tests' prepared copy). */
  loadDataDir?: Blob;
  /** Receives errors of idle pool connections (which would otherwise crash the process) and of the listening one. */
  onPoolError?: (error: Error) => void;
}

/**
 * `bytea` to and from PGlite's text form (`\\x` and hex) with Node's native hex codec: PGlite's
 * own converts byte by byte in JavaScript, 1.2 s for a megabyte stored (file_blobs, files/store.ts).
 */
const BYTEA_OID = 17;
const byteaToText = (value: Uint8Array) =>
  `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
const byteaFromText = (text: string) => Buffer.from(text.slice(2), 'hex');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const changes = listenPostgres({ connectionString: options.databaseUrl, onError: options.onPoolError });
    const max = 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      onConnect: (client) => changes.onPoolConnect(client),
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePostgres({ client: pool, schema });
    attachChangeSignal(db, changes);
    pools.set(db, () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    let closed = false;
    return {
      db,
      driver: 'postgres',
      changes,
      migrate: () => migratePostgresDatabase(db),
      async close() {
        if (closed) return;
        closed = true;
        await changes.close();
        await pool.end();
      },
    };
  }

  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    loadDataDir: options.loadDataDir,
    // The trigram indexes of plugin entities' 包含 filters (migration 0051).
    extensions: { pg_trgm },
    serializers: { [BYTEA_OID]: byteaToText },
    parsers: { [BYTEA_OID]: byteaFromText },
  });
  const db = drizzlePglite({ client, schema });
  const changes = await listenPglite(client);
  attachChangeSignal(db, changes);
  return {
    db,
    driver: 'pglite',
    changes,
    migrate: () => migratePgliteDatabase(db),
    async close() {
      await changes.close();
      if (!client.closed) await client.close();
    },
  };
}
