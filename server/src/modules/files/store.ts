import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../../db/client';
import { fileBlobs } from '../../db/schema/index';
import { sniffType, type SniffedType } from './sniff';

/**
 * Stored bytes (DESIGN "Files", docs/registration.md "Files"): rows of `file_blobs` in the
 * database, by content (sha256), so that every node of a cluster reads the same bytes and a
 * backup of the database holds the files too. Bytes go in with the transaction of the row
 * that names them ({@link FileStore.keep}): a crash leaves neither, and a foreign key from the
 * naming rows keeps the sweep from taking bytes still named.
 *
 * An upload is first received into this node's temporary folder (`FILES_DIR/tmp`), hashed and
 * sniffed on the way, so a slow upload holds disk, not memory, and the checks run before a
 * byte reaches the database. Reads go through a cache by content hash: bytes of one hash never
 * change, so a plugin's chunks, served to every visitor, are a memory read after the first.
 */
export interface FileStore {
  /** Receives `source` into a temporary file; refuses past `maxBytes` (the temporary file removed). */
  receive(source: Readable, maxBytes: number): Promise<ReceivedFile>;
  /** Stores a received file's bytes in `tx` (a no-op when the same bytes are stored already). */
  keep(tx: Tx, received: ReceivedFile): Promise<void>;
  /** Stores `bytes` in `tx` under their sha256 (checked), as {@link keep} does. */
  keepBytes(tx: Tx, sha256: string, bytes: Buffer): Promise<void>;
  /** Removes a received file's temporary copy (after keep, or when it is refused). */
  discard(received: ReceivedFile): Promise<void>;
  /** The bytes stored under `sha256`, or null. */
  read(sha256: string): Promise<Buffer | null>;
  /** Removes temporary files older than `olderThanMs` (0 at start, when nothing is under way). */
  clearTemporary(olderThanMs: number): Promise<number>;
}

export type ReceivedFile =
  | { ok: true; path: string; sha256: string; size: number; type: SniffedType | null }
  | { ok: false; reason: 'tooLarge' | 'empty' | 'noSpace' };

/** Space kept free on the temporary folder's disk: an upload that could eat into it is refused. */
export const DISK_RESERVE_BYTES = 512 * 1024 * 1024;

/**
 * Bytes the read cache of one process holds, and the largest file it takes: a plugin's chunks
 * and images, banners and avatars fit many times over; a 10 MB scan read once by a reviewer
 * is not worth evicting them for.
 */
export const READ_CACHE = { bytes: 64 * 1024 * 1024, largestFile: 4 * 1024 * 1024 } as const;

export const SHA256 = /^[0-9a-f]{64}$/;

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Least recently read first out: a Map keeps insertion order, a hit moves its entry to the end. */
class ByteCache {
  private readonly entries = new Map<string, Buffer>();
  private held = 0;

  constructor(private readonly budget: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    if (this.entries.has(key)) return;
    this.entries.set(key, value);
    this.held += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.held <= this.budget) break;
      this.entries.delete(oldest);
      this.held -= bytes.length;
    }
  }
}

/** Stores `bytes` under `sha256` (checked) in `tx`, unless they are stored already. */
export async function storeBytes(tx: Tx, sha256: string, bytes: Buffer): Promise<void> {
  if (!SHA256.test(sha256) || sha256Of(bytes) !== sha256) throw new Error('stored bytes do not match their sha256');
  // Bytes stored already are locked against the sweep's delete until `tx` ends (by then the
  // row naming them holds them); bytes the sweep is deleting now are waited for, then stored anew.
  const [held] = await tx
    .select({ sha256: fileBlobs.sha256 })
    .from(fileBlobs)
    .where(eq(fileBlobs.sha256, sha256))
    .for('key share');
  if (held) return;
  await tx.insert(fileBlobs).values({ sha256, size: bytes.length, bytes }).onConflictDoNothing();
}

export class DatabaseFileStore implements FileStore {
  private readonly tmp: string;
  private readonly cache = new ByteCache(READ_CACHE.bytes);
  /** Reads under way, so a burst of first visitors for one chunk makes one query. */
  private readonly reading = new Map<string, Promise<Buffer | null>>();

  /** `filesDir`: this node's folder (`FILES_DIR`); uploads under way are received into its `tmp`. */
  constructor(
    private readonly db: AppDatabase,
    filesDir: string,
  ) {
    this.tmp = join(filesDir, 'tmp');
  }

  async receive(source: Readable, maxBytes: number): Promise<ReceivedFile> {
    await mkdir(this.tmp, { recursive: true });
    const disk = await statfs(this.tmp);
    if (disk.bavail * disk.bsize < maxBytes + DISK_RESERVE_BYTES) {
      source.resume();
      return { ok: false, reason: 'noSpace' };
    }
    const path = join(this.tmp, `${process.pid}-${randomBytes(12).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let tooLarge = false;
    const out = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > maxBytes) {
              tooLarge = true;
              throw new Error('too large');
            }
            if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
            hash.update(chunk);
            yield chunk;
          }
        },
        out,
      );
    } catch (error) {
      await rm(path, { force: true });
      // The multipart parser marks a file cut at its limit; busboy then ends the stream early.
      if (tooLarge || (source as { truncated?: boolean }).truncated) return { ok: false, reason: 'tooLarge' };
      throw error;
    }
    if ((source as { truncated?: boolean }).truncated) {
      await rm(path, { force: true });
      return { ok: false, reason: 'tooLarge' };
    }
    if (size === 0) {
      await rm(path, { force: true });
      return { ok: false, reason: 'empty' };
    }
    return { ok: true, path, sha256: hash.digest('hex'), size, type: sniffType(head) };
  }

  async keep(tx: Tx, received: ReceivedFile): Promise<void> {
    if (!received.ok) return;
    await this.keepBytes(tx, received.sha256, await readFile(received.path));
  }

  keepBytes(tx: Tx, sha256: string, bytes: Buffer): Promise<void> {
    return storeBytes(tx, sha256, bytes);
  }

  async discard(received: ReceivedFile): Promise<void> {
    if (received.ok) await rm(received.path, { force: true });
  }

  read(sha256: string): Promise<Buffer | null> {
    if (!SHA256.test(sha256)) return Promise.resolve(null);
    const cached = this.cache.get(sha256);
    if (cached) return Promise.resolve(cached);
    const under = this.reading.get(sha256);
    if (under) return under;
    const reading = this.db
      .select({ bytes: fileBlobs.bytes })
      .from(fileBlobs)
      .where(eq(fileBlobs.sha256, sha256))
      .then(([row]) => {
        if (row && row.bytes.length <= READ_CACHE.largestFile) this.cache.set(sha256, row.bytes);
        return row?.bytes ?? null;
      })
      .finally(() => this.reading.delete(sha256));
    this.reading.set(sha256, reading);
    return reading;
  }

  async clearTemporary(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tmp);
    } catch {
      return 0;
    }
    let removed = 0;
    const now = Date.now();
    for (const name of names) {
      const path = join(this.tmp, name);
      const info = await stat(path).catch(() => null);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      await rm(path, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }
}
