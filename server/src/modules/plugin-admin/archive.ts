import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { manifestSigningText, SDK_VERSION, type PluginArchiveFile, type PluginManifest } from '@cotton/sdk/contracts';
import { parseSemver } from '@cotton/sdk/validators';
import { ApiError } from '../../http/envelope';
import { checkManifest } from '../plugin-registry/service';

/**
 * An installable plugin archive (`<id>-<version>.tgz`, written by `cotton-plugin build`):
 * a gzip'd tar with, at its root, `manifest.json` — the {@link PluginManifest} plus `files`,
 * every other file of the archive with its integrity and size — and those files. Everything
 * is checked before anything is stored; each refusal says what is wrong, in Chinese.
 */

export const ARCHIVE_LIMITS = {
  /** The archive as uploaded. */
  archiveBytes: 20 * 1024 * 1024,
  /** The tar once unzipped (a small archive must not unpack into gigabytes). */
  unpackedBytes: 64 * 1024 * 1024,
  /** Files in the archive, manifest.json included. */
  entries: 100,
  /** One file. */
  fileBytes: 10 * 1024 * 1024,
} as const;

/** A file name at the archive's root: no folder, no `..`, no hidden file, at most 128 characters. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
/** Magic numbers of compressed data node-tar would decompress again if handed it: gzip, zstd. */
const COMPRESSED_MAGIC = [Buffer.from([0x1f, 0x8b]), Buffer.from([0x28, 0xb5, 0x2f, 0xfd])];
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/** The files an archive may carry besides manifest.json: bundle files and their .br/.gz copies. */
const SERVED_FILE = /\.js(?:\.br|\.gz)?$/;

/**
 * The refusals, as the administrator reads them: in plain Chinese, naming the thing (文件清单,
 * 完整性校验值, 入口文件), never a field of the manifest (`files`, `integrity`, `entry`).
 */
export const ARCHIVE_MESSAGES = {
  noFile: '请选择插件安装包（.tgz 文件）',
  oneFile: '请求格式错误：请只上传一个插件安装包（.tgz 文件）',
  tooLarge: `插件安装包不能超过 ${ARCHIVE_LIMITS.archiveBytes / 1024 / 1024} MB`,
  notGzip: '插件安装包应为 gzip 压缩的 tar 文件（.tgz）',
  corrupt: '插件安装包已损坏，无法解压',
  unpackedTooLarge: `插件安装包解压后不能超过 ${ARCHIVE_LIMITS.unpackedBytes / 1024 / 1024} MB`,
  notTar: '插件安装包不是有效的 tar 文件',
  nested: '插件包格式不正确：不能嵌套压缩，gzip 解压后应直接是 tar 文件',
  tooManyEntries: `插件安装包中的文件不能超过 ${ARCHIVE_LIMITS.entries} 个`,
  folder: (name: string) => `插件安装包中不能有目录（${name}），文件应位于根目录`,
  notFile: (name: string) => `插件安装包中不能有链接或特殊文件（${name}）`,
  badName: (name: string) => `插件安装包中的文件名「${name}」无效：文件应位于根目录，名称只能含字母、数字、. _ -`,
  duplicate: (name: string) => `插件安装包中有重名文件「${name}」`,
  fileTooLarge: (name: string) => `文件「${name}」超过 ${ARCHIVE_LIMITS.fileBytes / 1024 / 1024} MB`,
  emptyFile: (name: string) => `插件包中的文件「${name}」为空`,
  fileType: (name: string) =>
    `插件安装包中只能有 JavaScript 文件（.js）及其 .br / .gz 压缩副本，「${name}」不是：插件的样式和图片应打包进 JavaScript`,
  noManifest: '插件安装包的根目录缺少 manifest.json',
  manifestNotJson: 'manifest.json 不是合法的 JSON',
  manifestInvalid: (reason: string) => `插件清单 manifest.json 无效：${reason}`,
  badVersion: (version: string) => `版本号「${version}」无效，应为语义化版本（如 1.0.0），不超过 32 个字符`,
  longId: '插件标识不能超过 64 个字符',
  noFiles: 'manifest.json 缺少文件清单（安装包中每个文件的名称、完整性校验值和大小）',
  listedTwice: (name: string) => `manifest.json 的文件清单重复列出了「${name}」`,
  missing: (name: string) => `插件安装包缺少 manifest.json 所列的文件「${name}」`,
  sizeMismatch: (name: string) => `文件「${name}」的大小与 manifest.json 不符`,
  integrityMismatch: (name: string) => `文件「${name}」的完整性校验失败：内容与 manifest.json 所列的完整性校验值不符`,
  unlisted: (name: string) => `插件安装包中的文件「${name}」未列在 manifest.json 的文件清单中`,
  entryMissing: (url: string) => `入口文件「${url}」不在插件安装包中`,
  entryIntegrity: '入口文件的完整性校验值与文件清单中所列的不一致',
  chunkMissing: (url: string) => `分块文件「${url}」不在插件安装包中`,
  chunkIntegrity: (url: string) => `分块文件「${url}」的完整性校验值与文件清单中所列的不一致`,
  sibling: (name: string, base: string) => `压缩文件「${name}」解压后与「${base}」的内容不一致`,
  sdkMajor: (id: string, wanted: string, current: string) =>
    `插件「${id}」基于 SDK ${wanted} 构建，当前门户的 SDK 为 ${current}，主版本不同，无法安装；请用 SDK ${majorOf(current)}.x 重新构建`,
} as const;

/** The major of a semver text, or null. */
export function majorOf(version: string): number | null {
  const match = /^(\d{1,6})\./.exec(version);
  return match ? Number(match[1]) : null;
}

/** Whether a plugin built against `sdkVersion` runs on this portal's SDK (same major). */
export function sdkCompatible(sdkVersion: string): boolean {
  const major = majorOf(sdkVersion);
  return major !== null && major === majorOf(SDK_VERSION);
}

/**
 * A version an archive may carry: semver the portal can order (no build metadata, which
 * does not order: `1.0.0+a` and `1.0.0+b` would be the same version), each number at most
 * six digits, at most 32 characters (`1.2.0`, `2.0.0-beta.1`).
 */
export function installableVersion(version: string): boolean {
  const parsed = parseSemver(version);
  return parsed !== null && !parsed.build && parsed.core.every((part) => part.length <= 6) && version.length <= 32;
}

export interface ArchiveFile {
  name: string;
  bytes: Buffer;
  integrity: string;
  sha256: string;
}

export interface CheckedArchive {
  /** The manifest as the registry publishes it (no `files`). */
  manifest: PluginManifest;
  /** Every file but manifest.json, in the manifest's order. */
  files: ArchiveFile[];
  /** Bytes of the files together. */
  size: number;
  /** The publisher's signature of manifest.json, when it carries one, and the text it signs. */
  signature: { keyId: string; value: string; signed: string } | null;
}

const refuse = (message: string) => new ApiError('400', message);

/**
 * The entries of an uncompressed tar, each a regular file at the root (checked as they come).
 * The bytes must be the tar itself: node-tar decompresses gzip / zstd it finds in its input
 * again, without our limit, so compressed data is refused before it gets there. The entries'
 * bytes count against `unpackedBytes`; the first refusal stops the parser.
 */
export async function untar(
  tar: Buffer,
  unpackedBytes: number = ARCHIVE_LIMITS.unpackedBytes,
): Promise<Map<string, Buffer>> {
  if (COMPRESSED_MAGIC.some((magic) => tar.subarray(0, magic.length).equals(magic))) {
    throw refuse(ARCHIVE_MESSAGES.nested);
  }
  const entries = new Map<string, Buffer>();
  const seen = new Set<string>();
  let failure: ApiError | null = null;
  let count = 0;
  let total = 0;
  // `brotli` / `zstd` false: never decompress (gzip is sniffed regardless, refused above).
  const parser = new Parser({ strict: true, brotli: false, zstd: false });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('close', () => resolve());
    parser.on('error', (error: Error) => reject(error));
  });
  parser.on('entry', (entry: ReadEntry) => {
    const raw = entry.path;
    const name = raw.startsWith('./') ? raw.slice(2) : raw;
    const fail = (error: ApiError) => {
      failure ??= error;
      parser.abort(error);
    };
    if (failure) return;
    // `tar -C dist .` writes the folder itself as `./`: nothing to keep.
    if (entry.type === 'Directory' && (name === '' || name === '.' || name === './')) return entry.resume();
    if (entry.type === 'Directory') return fail(refuse(ARCHIVE_MESSAGES.folder(raw)));
    if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
      return fail(refuse(ARCHIVE_MESSAGES.notFile(raw)));
    }
    if (!FILE_NAME.test(name) || name.includes('..')) return fail(refuse(ARCHIVE_MESSAGES.badName(raw)));
    if (seen.has(name)) return fail(refuse(ARCHIVE_MESSAGES.duplicate(name)));
    seen.add(name);
    count += 1;
    if (count > ARCHIVE_LIMITS.entries) return fail(refuse(ARCHIVE_MESSAGES.tooManyEntries));
    if (entry.size > ARCHIVE_LIMITS.fileBytes) return fail(refuse(ARCHIVE_MESSAGES.fileTooLarge(name)));
    // The file store keeps no empty file, and a plugin has no use for one.
    if (entry.size === 0) return fail(refuse(ARCHIVE_MESSAGES.emptyFile(name)));
    // Only what a plugin loads (its bundle files and their compressed copies) is served from
    // the portal's own origin: an SVG or HTML file there could run script as the portal.
    if (name !== 'manifest.json' && !SERVED_FILE.test(name)) return fail(refuse(ARCHIVE_MESSAGES.fileType(name)));
    total += entry.size;
    if (total > unpackedBytes) return fail(refuse(ARCHIVE_MESSAGES.unpackedTooLarge));
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => entries.set(name, Buffer.concat(chunks)));
  });
  try {
    parser.end(tar);
    await done;
  } catch {
    throw failure ?? refuse(ARCHIVE_MESSAGES.notTar);
  }
  if (failure) throw failure;
  return entries;
}

/** `sha256-…`/`sha384-…`/`sha512-…` of `bytes`, with the algorithm `like` names. */
function integrityOf(bytes: Buffer, like: string): string {
  const algorithm = like.slice(0, like.indexOf('-'));
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

/** The file of `url` (`/plugins/<id>/<name>`), or null when it is none of the archive's. */
function fileOfUrl(url: string, id: string, files: Map<string, ArchiveFile>): ArchiveFile | null {
  const home = `/plugins/${id}/`;
  return url.startsWith(home) ? (files.get(url.slice(home.length)) ?? null) : null;
}

/**
 * Reads and checks an uploaded archive: gzip, tar, the limits, the names, the manifest
 * against the contract, every listed file's presence, size and integrity, no file left
 * unlisted, the entry and chunks among the files with the same integrity, the version's
 * form and the SDK major. Throws a 400 {@link ApiError} with the reason; touches nothing.
 */
export async function readPluginArchive(archive: Buffer): Promise<CheckedArchive> {
  if (archive.length > ARCHIVE_LIMITS.archiveBytes) throw refuse(ARCHIVE_MESSAGES.tooLarge);
  if (archive.length < 18 || archive[0] !== 0x1f || archive[1] !== 0x8b) throw refuse(ARCHIVE_MESSAGES.notGzip);
  let tar: Buffer;
  try {
    tar = await gunzipAsync(archive, { maxOutputLength: ARCHIVE_LIMITS.unpackedBytes });
  } catch (error) {
    throw refuse(
      (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? ARCHIVE_MESSAGES.unpackedTooLarge
        : ARCHIVE_MESSAGES.corrupt,
    );
  }
  const entries = await untar(tar);
  const manifestBytes = entries.get('manifest.json');
  if (!manifestBytes) throw refuse(ARCHIVE_MESSAGES.noManifest);
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw refuse(ARCHIVE_MESSAGES.manifestNotJson);
  }
  const checked = checkManifest(parsed, null);
  if ('reason' in checked) throw refuse(ARCHIVE_MESSAGES.manifestInvalid(checked.reason));
  const { manifest, files: listed, signature } = checked;
  if (manifest.id.length > 64) throw refuse(ARCHIVE_MESSAGES.longId);
  if (!installableVersion(manifest.version)) throw refuse(ARCHIVE_MESSAGES.badVersion(manifest.version));
  if (!listed) throw refuse(ARCHIVE_MESSAGES.noFiles);

  const files = new Map<string, ArchiveFile>();
  for (const file of listed as PluginArchiveFile[]) {
    if (files.has(file.name)) throw refuse(ARCHIVE_MESSAGES.listedTwice(file.name));
    const bytes = file.name === 'manifest.json' ? undefined : entries.get(file.name);
    if (!bytes) throw refuse(ARCHIVE_MESSAGES.missing(file.name));
    if (bytes.length !== file.size) throw refuse(ARCHIVE_MESSAGES.sizeMismatch(file.name));
    if (integrityOf(bytes, file.integrity) !== file.integrity) {
      throw refuse(ARCHIVE_MESSAGES.integrityMismatch(file.name));
    }
    files.set(file.name, {
      name: file.name,
      bytes,
      integrity: file.integrity,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  for (const name of entries.keys()) {
    if (name !== 'manifest.json' && !files.has(name)) throw refuse(ARCHIVE_MESSAGES.unlisted(name));
  }
  // `x.js.br` / `x.js.gz` beside `x.js` are sent for it to clients that accept them: they
  // must be the same file once decompressed.
  for (const file of files.values()) {
    const base = files.get(file.name.replace(/\.(br|gz)$/, ''));
    if (!base || base === file) continue;
    let decoded: Buffer | null;
    try {
      const limit = { maxOutputLength: base.bytes.length + 1 };
      decoded = file.name.endsWith('.br')
        ? await brotliDecompressAsync(file.bytes, limit)
        : await gunzipAsync(file.bytes, limit);
    } catch {
      decoded = null;
    }
    if (!decoded || !decoded.equals(base.bytes)) throw refuse(ARCHIVE_MESSAGES.sibling(file.name, base.name));
  }
  const entry = fileOfUrl(manifest.entry, manifest.id, files);
  if (!entry) throw refuse(ARCHIVE_MESSAGES.entryMissing(manifest.entry));
  if (entry.integrity !== manifest.integrity) throw refuse(ARCHIVE_MESSAGES.entryIntegrity);
  for (const chunk of manifest.chunks ?? []) {
    const file = fileOfUrl(chunk.url, manifest.id, files);
    if (!file) throw refuse(ARCHIVE_MESSAGES.chunkMissing(chunk.url));
    if (file.integrity !== chunk.integrity) throw refuse(ARCHIVE_MESSAGES.chunkIntegrity(chunk.url));
  }
  if (!sdkCompatible(manifest.sdkVersion)) {
    throw refuse(ARCHIVE_MESSAGES.sdkMajor(manifest.id, manifest.sdkVersion, SDK_VERSION));
  }
  const all = [...files.values()];
  return {
    manifest,
    files: all,
    size: all.reduce((sum, file) => sum + file.bytes.length, 0),
    // Signed as written (the author's manifest.json), not as cleaned here.
    signature: signature ? { ...signature, signed: manifestSigningText(parsed as Record<string, unknown>) } : null,
  };
}
