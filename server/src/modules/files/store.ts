import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sniffType, type SniffedType } from './sniff';

/**
 * Stored bytes (DESIGN "Files"): local disk under `FILES_DIR`, by content —
 * `<dir>/<sha256[0:2]>/<sha256>` — so a file is written once however often it is uploaded.
 * A file is received into `<dir>/tmp/`, hashed and sniffed on the way, fsynced, then renamed
 * into place: a file in place is whole. The temporary folder holds only uploads under way;
 * at start it is emptied (files/sweep.ts). The interface is small so that an S3-compatible
 * store can stand in when the portal runs on more than one machine.
 */
export interface FileStore {
  /** Receives `source` into a temporary file; refuses past `maxBytes` (the temporary file removed). */
  receive(source: Readable, maxBytes: number): Promise<ReceivedFile>;
  /** Moves a received file into place (a no-op when the same bytes are there already). */
  keep(received: ReceivedFile): Promise<void>;
  /** Removes a received file that is not kept. */
  discard(received: ReceivedFile): Promise<void>;
  open(sha256: string): ReadStream;
  exists(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
  /** Every stored hash. */
  list(): AsyncGenerator<string>;
  /** Removes temporary files older than `olderThanMs` (0 at start, when nothing is under way). */
  clearTemporary(olderThanMs: number): Promise<number>;
}

export type ReceivedFile =
  | { ok: true; path: string; sha256: string; size: number; type: SniffedType | null }
  | { ok: false; reason: 'tooLarge' | 'empty' | 'noSpace' };

/** Space kept free on the files' disk: an upload that could eat into it is refused. */
export const DISK_RESERVE_BYTES = 512 * 1024 * 1024;

const HASH = /^[0-9a-f]{64}$/;

/** fsync of a folder: its entries (a new file's name, a new subfolder) survive a crash. */
async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalFileStore implements FileStore {
  private readonly tmp: string;

  constructor(private readonly dir: string) {
    this.tmp = join(dir, 'tmp');
  }

  private pathOf(sha256: string): string {
    if (!HASH.test(sha256)) throw new Error('not a sha256');
    return join(this.dir, sha256.slice(0, 2), sha256);
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
    const handle = await open(path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    return { ok: true, path, sha256: hash.digest('hex'), size, type: sniffType(head) };
  }

  async keep(received: ReceivedFile): Promise<void> {
    if (!received.ok) return;
    const target = this.pathOf(received.sha256);
    if (await this.exists(received.sha256)) {
      await rm(received.path, { force: true });
      return;
    }
    const folder = join(this.dir, received.sha256.slice(0, 2));
    if (await mkdir(folder, { recursive: true })) await syncFolder(this.dir);
    await rename(received.path, target);
    // The rename itself made durable: the folder's entry fsynced.
    await syncFolder(folder);
  }

  async discard(received: ReceivedFile): Promise<void> {
    if (received.ok) await rm(received.path, { force: true });
  }

  open(sha256: string): ReadStream {
    return createReadStream(this.pathOf(sha256));
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile();
    } catch {
      return false;
    }
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async *list(): AsyncGenerator<string> {
    let folders: string[];
    try {
      folders = await readdir(this.dir);
    } catch {
      return;
    }
    for (const folder of folders) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const name of await readdir(join(this.dir, folder))) {
        if (HASH.test(name) && name.slice(0, 2) === folder) yield name;
      }
    }
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
