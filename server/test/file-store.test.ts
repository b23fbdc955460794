import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_MIGRATIONS } from '../src/bootstrap';
import { runDataMigrations } from '../src/db/data-migrations';
import { fileBlobs, files, pluginFiles, pluginVersions, sysDataMigrations } from '../src/db/schema/index';
import { FILES_TO_DATABASE_MIGRATION, filesMissingMessage } from '../src/modules/files/import';
import { DatabaseFileStore, READ_CACHE } from '../src/modules/files/store';
import { sweepBlobs } from '../src/modules/files/sweep';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { startTestServer, type TestServer } from './helpers';

// Issue 33 item 1: the bytes of uploads and plugin files are rows every node reads, stored with
// the rows that name them, swept safely beside uploads under way, and copied in from a
// FILES_DIR of before by the upgrade — on PGlite and on PostgreSQL (TEST_DATABASE_URL).

let server: TestServer;
let store: DatabaseFileStore;

beforeAll(async () => {
  server = await startTestServer();
  store = new DatabaseFileStore(server.db, server.config.filesDir);
});
afterAll(async () => {
  await server?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function blobCount(hash: string): Promise<number> {
  return (await server.db.select({ sha256: fileBlobs.sha256 }).from(fileBlobs).where(eq(fileBlobs.sha256, hash)))
    .length;
}

/** A `files` row naming `hash` (a loose upload's: no application holds it). */
function fileRow(hash: string, size: number) {
  return {
    id: randomBytes(16).toString('hex'),
    sha256: hash,
    size,
    type: 'png',
    name: 'scan.png',
    ownerIp: '127.0.0.1',
    purpose: 'upload',
  };
}

describe('the store', () => {
  it('stores bytes only with the transaction that names them, once per content', async () => {
    const bytes = randomBytes(3000);
    const hash = sha256(bytes);
    await expect(
      server.db.transaction(async (tx) => {
        await store.keepBytes(tx, hash, bytes);
        throw new Error('the naming row failed');
      }),
    ).rejects.toThrow('the naming row failed');
    expect(await blobCount(hash)).toBe(0);

    for (let round = 0; round < 2; round += 1) {
      await server.db.transaction(async (tx) => {
        await store.keepBytes(tx, hash, bytes);
        await tx.insert(files).values(fileRow(hash, bytes.length));
      });
    }
    expect(await blobCount(hash)).toBe(1);
    expect((await store.read(hash))?.equals(bytes)).toBe(true);
    expect(await store.read(sha256(Buffer.from('never stored')))).toBeNull();
    expect(await store.read('../../etc/passwd')).toBeNull();
  });

  it('refuses bytes that are not what their hash says, and a row naming bytes not stored', async () => {
    const bytes = Buffer.from('what was sent');
    await expect(
      server.db.transaction((tx) => store.keepBytes(tx, sha256(Buffer.from('something else')), bytes)),
    ).rejects.toThrow('stored bytes do not match their sha256');
    await expect(server.db.insert(files).values(fileRow(sha256(bytes), bytes.length))).rejects.toThrow();
  });

  it('reads a content once from the database, then from memory; a burst of first reads makes one query', async () => {
    const bytes = randomBytes(5000);
    const hash = sha256(bytes);
    await server.db.transaction(async (tx) => {
      await store.keepBytes(tx, hash, bytes);
      await tx.insert(files).values(fileRow(hash, bytes.length));
    });
    const fresh = new DatabaseFileStore(server.db, server.config.filesDir);
    const select = vi.spyOn(server.db, 'select');
    try {
      const burst = await Promise.all([fresh.read(hash), fresh.read(hash), fresh.read(hash)]);
      expect(burst.every((read) => read?.equals(bytes))).toBe(true);
      expect(select).toHaveBeenCalledTimes(1);
      expect((await fresh.read(hash))?.equals(bytes)).toBe(true);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });

  it('keeps a file larger than the cache takes out of memory: read from the database each time', async () => {
    const bytes = randomBytes(READ_CACHE.largestFile + 1);
    const hash = sha256(bytes);
    await server.db.transaction(async (tx) => {
      await store.keepBytes(tx, hash, bytes);
      await tx.insert(files).values(fileRow(hash, bytes.length));
    });
    const select = vi.spyOn(server.db, 'select');
    try {
      expect((await store.read(hash))?.equals(bytes)).toBe(true);
      expect((await store.read(hash))?.equals(bytes)).toBe(true);
      expect(select).toHaveBeenCalledTimes(2);
    } finally {
      select.mockRestore();
    }
  });
});

describe('the sweep of stored bytes', () => {
  it('deletes bytes no row names, never bytes a file or a plugin file names', async () => {
    const loose = randomBytes(100);
    const named = randomBytes(100);
    await server.db.transaction(async (tx) => {
      await store.keepBytes(tx, sha256(loose), loose);
      await store.keepBytes(tx, sha256(named), named);
      await tx.insert(files).values(fileRow(sha256(named), named.length));
    });
    expect(await sweepBlobs(server.db)).toBeGreaterThanOrEqual(1);
    expect(await blobCount(sha256(loose))).toBe(0);
    expect(await blobCount(sha256(named))).toBe(1);
    // Named bytes cannot go, whoever deletes them.
    await expect(server.db.delete(fileBlobs).where(eq(fileBlobs.sha256, sha256(named)))).rejects.toThrow();
  });

  // Two transactions at once need two connections: PostgreSQL (PGlite has one).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves bytes an upload on another node is naming right now, and they stay once it commits',
    async () => {
      const bytes = randomBytes(100);
      const hash = sha256(bytes);
      await server.db.transaction((tx) => store.keepBytes(tx, hash, bytes));
      let proceed!: () => void;
      const swept = new Promise<void>((resolve) => (proceed = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // The upload: it finds the bytes stored (unnamed) and holds them until its row commits.
      const upload = server.db.transaction(async (tx) => {
        await store.keepBytes(tx, hash, bytes);
        held();
        await swept;
        await tx.insert(files).values(fileRow(hash, bytes.length));
      });
      await holding;
      try {
        await sweepBlobs(server.db);
      } finally {
        proceed();
      }
      await upload;
      expect(await blobCount(hash)).toBe(1);
      await sweepBlobs(server.db);
      expect((await store.read(hash))?.equals(bytes)).toBe(true);
      expect(await blobCount(hash)).toBe(1);
    },
  );
});

describe('the upgrade from files on disk (data migration files-to-database)', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'cotton-files-upgrade-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** The database as migration 0047 leaves one of before: rows naming bytes that are on disk only. */
  async function databaseOfBefore(): Promise<void> {
    await server.db.execute(sql`alter table files drop constraint files_sha256_fk`);
    await server.db.execute(sql`alter table plugin_files drop constraint plugin_files_sha256_fk`);
    await server.db.delete(sysDataMigrations).where(eq(sysDataMigrations.name, FILES_TO_DATABASE_MIGRATION.name));
  }

  async function asMigration0047Adds(): Promise<void> {
    const migration = await readFile(join(MIGRATIONS_FOLDER, '0047_file_blobs.sql'), 'utf8');
    const constraints = migration.split('\n').filter((line) => line.includes('ADD CONSTRAINT'));
    expect(constraints).toHaveLength(2);
    for (const line of constraints) await server.db.execute(sql.raw(line.replace(/;(-->.*)?$/, '')));
  }

  async function onDisk(bytes: Buffer): Promise<string> {
    const hash = sha256(bytes);
    await mkdir(join(folder, hash.slice(0, 2)), { recursive: true });
    await writeFile(join(folder, hash.slice(0, 2), hash), bytes);
    return hash;
  }

  async function validated(): Promise<boolean[]> {
    const result = await server.db.execute(sql`
      select convalidated from pg_constraint
      where conname in ('files_sha256_fk', 'plugin_files_sha256_fk') order by conname`);
    return (result as unknown as { rows: Array<{ convalidated: boolean }> }).rows.map((row) => row.convalidated);
  }

  it('copies every file a row names into the database, refusing to start while one is missing', async () => {
    expect(DATA_MIGRATIONS).toContain(FILES_TO_DATABASE_MIGRATION);
    await databaseOfBefore();
    const scan = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]);
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(9000)]);
    const chunk = Buffer.from(
      `System.register([], function () { return { execute() {} }; }); // ${randomBytes(8).toString('hex')}`,
    );
    const scanHash = await onDisk(scan);
    const chunkHash = await onDisk(chunk);
    const photoHash = sha256(photo);
    // Two rows for the scan (the same bytes uploaded twice), one for the photo (not on disk yet).
    await server.db
      .insert(files)
      .values([fileRow(scanHash, scan.length), fileRow(scanHash, scan.length), fileRow(photoHash, photo.length)]);
    await server.db.insert(pluginVersions).values({
      pluginId: 'upgraded',
      version: '1.0.0',
      manifest: { id: 'upgraded', version: '1.0.0' } as never,
      size: chunk.length,
    });
    await server.db.insert(pluginFiles).values({
      pluginId: 'upgraded',
      version: '1.0.0',
      name: 'upgraded.js',
      sha256: chunkHash,
      integrity: 'sha384-x',
      size: chunk.length,
    });
    // A file on disk that no row names is not copied.
    const stray = await onDisk(randomBytes(50));
    await asMigration0047Adds();
    expect(await validated()).toEqual([false, false]);

    await expect(runDataMigrations(server.db, [FILES_TO_DATABASE_MIGRATION], { filesDir: folder })).rejects.toThrow(
      filesMissingMessage(folder, [photoHash]),
    );
    // Nothing copied, nothing recorded: the next start tries again.
    expect(await blobCount(scanHash)).toBe(0);
    expect(
      await server.db
        .select()
        .from(sysDataMigrations)
        .where(eq(sysDataMigrations.name, FILES_TO_DATABASE_MIGRATION.name)),
    ).toEqual([]);

    // A damaged copy is no copy.
    const photoPath = join(folder, photoHash.slice(0, 2), photoHash);
    await mkdir(join(folder, photoHash.slice(0, 2)), { recursive: true });
    await writeFile(photoPath, photo.subarray(0, 100));
    await expect(runDataMigrations(server.db, [FILES_TO_DATABASE_MIGRATION], { filesDir: folder })).rejects.toThrow(
      filesMissingMessage(folder, [photoHash]),
    );

    await writeFile(photoPath, photo);
    const [applied] = await runDataMigrations(server.db, [FILES_TO_DATABASE_MIGRATION], { filesDir: folder });
    expect(applied).toEqual({
      name: 'files-to-database',
      result: { copied: 3, bytes: scan.length + photo.length + chunk.length, from: folder },
    });
    const fresh = new DatabaseFileStore(server.db, server.config.filesDir);
    expect((await fresh.read(scanHash))?.equals(scan)).toBe(true);
    expect((await fresh.read(photoHash))?.equals(photo)).toBe(true);
    expect((await fresh.read(chunkHash))?.equals(chunk)).toBe(true);
    expect(await blobCount(stray)).toBe(0);
    expect(await validated()).toEqual([true, true]);
    // The folder is left as it was, for the operator to remove once the portal runs.
    expect((await readFile(join(folder, scanHash.slice(0, 2), scanHash))).equals(scan)).toBe(true);
    // Once.
    expect(await runDataMigrations(server.db, [FILES_TO_DATABASE_MIGRATION], { filesDir: folder })).toEqual([]);

    await server.db.delete(pluginVersions).where(eq(pluginVersions.pluginId, 'upgraded'));
    await server.db.delete(files).where(inArray(files.sha256, [scanHash, photoHash]));
  });
});
