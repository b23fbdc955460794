/**
 * The test databases. Migrating and seeding takes seconds, so the server project's global
 * set-up (global-setup.ts) does it once per run and every test server starts from a copy:
 *
 * - PGlite (default): the prepared data folder is dumped to a tarball, and each test server
 *   opens an in-memory PGlite loaded from it (`loadDataDir`).
 * - PostgreSQL (TEST_DATABASE_URL): the prepared database is a template, and each test
 *   server gets a database of its own (`CREATE DATABASE … TEMPLATE …`), dropped on close,
 *   so that test files may run in parallel.
 *
 * The tarball of an empty (only initialised) PGlite is kept as well, for the tests that
 * need a database without tables.
 */
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { prepareDatabase } from '../src/bootstrap';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { SERVER_ROOT } from '../src/paths';

export type TestDatabaseTemplate =
  | { driver: 'pglite'; folder: string; seeded: string; empty: string }
  | { driver: 'postgres'; url: string; prefix: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** The PostgreSQL URL of this database (for a server process of its own); null on PGlite. */
  url: string | null;
}

/** Database names of one run start with this prefix; the time in it lets a later run drop what a killed run left. */
const NAME_PREFIX = 'cotton_test_';
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

const quiet = Fastify({ logger: { level: 'silent' } }).log;

function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on the database of `url` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function adminQuery(url: string, text: string, values?: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

/**
 * The global set-up: migrates and seeds the small demo data set once (appEnv `test`, no
 * bundled plugins: each test server registers those of its own static root). Returns what
 * the workers need and the clean-up.
 */
export async function createTestDatabaseTemplate(): Promise<{
  template: TestDatabaseTemplate;
  remove: () => Promise<void>;
}> {
  const staticRoot = await mkdtemp(join(tmpdir(), 'cotton-template-static-'));
  try {
    const url = process.env.TEST_DATABASE_URL;
    if (url) return await createPostgresTemplate(url, staticRoot);
    return await createPgliteTemplate(staticRoot);
  } finally {
    await rm(staticRoot, { recursive: true, force: true });
  }
}

/**
 * A tarball that PGlite reads at once: Node's `Blob.arrayBuffer()` gathers a large blob in
 * small chunks, which took a third of a copy's start-up.
 */
class TarballBlob extends Blob {
  constructor(private readonly contents: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite may keep parts of it as file contents.
    return Promise.resolve(this.contents.slice().buffer);
  }
}

/**
 * An initialised, empty PGlite data folder as a tarball. `initdb` takes a third of the set-up
 * and gives the same folder for a given PGlite, so the tarball is kept between runs, under
 * server/node_modules/.cache, named by PGlite's version.
 */
async function initialisedPglite(): Promise<{ database: DatabaseHandle; tarball: Uint8Array }> {
  const require = createRequire(import.meta.url);
  const pgliteRoot = dirname(dirname(require.resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(await readFile(join(pgliteRoot, 'package.json'), 'utf8')) as { version: string };
  const cached = join(SERVER_ROOT, 'node_modules', '.cache', 'test-db', `pglite-${version}-initdb.tar`);
  const bytes = await readFile(cached).catch(() => null);
  if (bytes) {
    const tarball = new Uint8Array(bytes);
    return { database: await openDatabase({ dataDir: 'memory://', loadDataDir: new TarballBlob(tarball) }), tarball };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Written to postgresql.auto.conf, so every copy starts with it: PGlite clears its
  // shared buffers at each start, and the default 128 MB took half of a copy's start-up.
  await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
  const tarball = await client.dumpDataDir('none').then(toBytes);
  // Written whole and then renamed: runs at the same time never read half a file.
  await mkdir(dirname(cached), { recursive: true });
  const partial = `${cached}.${process.pid}`;
  await writeFile(partial, tarball);
  await rename(partial, cached);
  return { database, tarball };
}

async function createPgliteTemplate(staticRoot: string) {
  const folder = await mkdtemp(join(tmpdir(), 'cotton-test-db-'));
  const { database, tarball } = await initialisedPglite();
  try {
    const empty = join(folder, 'empty.tar');
    await writeFile(empty, tarball);
    await prepareDatabase(database, { staticRoot, seedSize: 'small', appEnv: 'test', log: quiet });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const seeded = join(folder, 'seeded.tar');
    await writeFile(seeded, await client.dumpDataDir('none').then(toBytes));
    return {
      template: { driver: 'pglite', folder, seeded, empty } as const,
      remove: () => rm(folder, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

async function toBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

async function createPostgresTemplate(url: string, staticRoot: string) {
  // Leftovers of runs that were killed before their clean-up.
  const { rows } = await adminQuery(url, `SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${NAME_PREFIX}%`]);
  for (const { datname } of rows as Array<{ datname: string }>) {
    const started = parseInt(datname.slice(NAME_PREFIX.length).split('_')[0], 36);
    if (Number.isFinite(started) && Date.now() - started > STALE_AFTER_MS) await dropDatabase(url, datname);
  }

  const prefix = `${NAME_PREFIX}${Date.now().toString(36)}_${process.pid}`;
  const template = `${prefix}_template`;
  await adminQuery(url, `CREATE DATABASE ${quoteIdent(template)} TEMPLATE template0`);
  const remove = async () => {
    const { rows: ours } = await adminQuery(url, `SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${prefix}\\_%`,
    ]);
    for (const { datname } of ours as Array<{ datname: string }>) await dropDatabase(url, datname);
  };
  try {
    const database = await openDatabase({ databaseUrl: databaseUrl(url, template), dataDir: 'memory://' });
    try {
      await prepareDatabase(database, { staticRoot, seedSize: 'small', appEnv: 'test', log: quiet });
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { template: { driver: 'postgres', url, prefix, template } as const, remove };
}

let counter = 0;
const tarballs = new Map<string, Promise<Uint8Array>>();

async function tarball(path: string): Promise<Blob> {
  let bytes = tarballs.get(path);
  if (!bytes) {
    bytes = readFile(path).then((buffer) => new Uint8Array(buffer));
    tarballs.set(path, bytes);
  }
  return new TarballBlob(await bytes);
}

/**
 * A database of its own for one test: `seeded` — migrated with the small demo data set
 * (no plugins registered); otherwise empty, not even migrated.
 */
export async function openCopiedTestDatabase(
  template: TestDatabaseTemplate,
  kind: 'seeded' | 'empty',
): Promise<TestDatabase> {
  if (template.driver === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await tarball(template[kind]) });
    return { ...database, url: null };
  }

  const name = `${template.prefix}_${process.pid}_${++counter}`;
  const source = kind === 'seeded' ? template.template : 'template0';
  await adminQuery(template.url, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(source)}`);
  const url = databaseUrl(template.url, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  let dropped: Promise<void> | undefined;
  return {
    ...database,
    url,
    close() {
      dropped ??= database.close().then(() => dropDatabase(template.url, name));
      return dropped;
    },
  };
}

/**
 * The seeded database (see {@link openCopiedTestDatabase}) written as a PGlite data folder,
 * for a server process of its own (`DATA_DIR=folder`): it starts in a second or two instead
 * of initialising, migrating and seeding an empty folder (10–15 s).
 */
export async function writeSeededDataDir(template: TestDatabaseTemplate, folder: string): Promise<void> {
  if (template.driver !== 'pglite') throw new Error('a PGlite data folder needs the PGlite template');
  const database = await openDatabase({ dataDir: folder, loadDataDir: await tarball(template.seeded) });
  await database.close();
}
