import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

/**
 * A zip read within a byte budget (security review, issue 28): what the zip *declares* it
 * unpacks to is only a claim — a 1 MB file declaring 15 KB may inflate to 1,000 MB — so the
 * budget is counted on the bytes really produced, and inflating stops as soon as it is spent.
 * Only the central directory's structure (where each entry is, how it is compressed) is read
 * from the file; every length read from it is checked against the file itself.
 */

const inflateRawAsync = promisify(inflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag bits: 0 encrypted, 11 the name is UTF-8. */
const ENCRYPTED = 0x0001;
const UTF8_NAME = 0x0800;

export interface UnzippedEntry {
  /** The name's bytes as the zip holds them (UTF-8 when {@link utf8Name}). */
  name: Buffer;
  utf8Name: boolean;
  data: Buffer;
}

/** Why a zip is refused: past the budget, or not a zip this reader takes. */
export class UnzipRefusal extends Error {
  constructor(readonly reason: 'over-budget' | 'unreadable') {
    super(reason === 'over-budget' ? 'the zip inflates past its budget' : 'not a readable zip');
  }
}

/**
 * The files of the zip `bytes` (folders left out), inflated; refused with `over-budget` as
 * soon as their total passes `budget` bytes, with `unreadable` for anything but a plain zip
 * of at most `maxEntries` stored or deflated entries (no ZIP64, no encryption) whose
 * entries hold what the directory says.
 */
export async function unzipWithinBudget(
  bytes: Buffer,
  { budget, maxEntries }: { budget: number; maxEntries: number },
): Promise<UnzippedEntry[]> {
  const unreadable = () => new UnzipRefusal('unreadable');
  if (bytes.length < 22) throw unreadable();
  // The end-of-central-directory record: 22 bytes, then a comment of up to 65,535.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count > maxEntries || at === 0xffffffff) throw unreadable();

  const entries: UnzippedEntry[] = [];
  let spent = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER) throw unreadable();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const localAt = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (at > end || flags & ENCRYPTED || (method !== STORED && method !== DEFLATED)) throw unreadable();
    if (localAt + 30 > end || bytes.readUInt32LE(localAt) !== LOCAL_HEADER) throw unreadable();
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressedSize > end) throw unreadable();
    if (name.length > 0 && name[name.length - 1] === 0x2f) continue; // a folder
    const compressed = bytes.subarray(dataAt, dataAt + compressedSize);

    const remaining = budget - spent;
    let data: Buffer;
    if (method === STORED) {
      if (compressed.length > remaining) throw new UnzipRefusal('over-budget');
      data = compressed;
    } else {
      try {
        // zlib stops and fails once its output passes maxOutputLength: the bytes counted are
        // the ones it produced, whatever the directory claims.
        data = await inflateRawAsync(compressed, { maxOutputLength: Math.max(1, remaining) });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new UnzipRefusal('over-budget');
        throw unreadable();
      }
      if (data.length > remaining) throw new UnzipRefusal('over-budget');
    }
    // A directory that misstates a size describes some other file: the zip is broken.
    if (data.length !== declaredSize) throw unreadable();
    spent += data.length;
    entries.push({ name: Buffer.from(name), utf8Name: (flags & UTF8_NAME) !== 0, data });
  }
  return entries;
}

/**
 * A zip of `entries` stored without compression: what a zip reader that trusts the
 * directory (JSZip, inside exceljs) may be handed, since every size in it is the true one.
 */
export function storedZip(entries: readonly UnzippedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const crc = crc32(entry.data);
    const flags = entry.utf8Name ? UTF8_NAME : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01: the time is nobody's concern here
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(STORED, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, entry.name, entry.data);
    directory.push(central, entry.name);
    offset += local.length + entry.name.length + entry.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  tail.writeUInt16LE(entries.length, 8);
  tail.writeUInt16LE(entries.length, 10);
  tail.writeUInt32LE(directorySize, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, tail]);
}
