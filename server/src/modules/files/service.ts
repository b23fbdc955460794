import { registerReviewCodes } from '@cotton/sdk/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import type { FileVo, UploadedFile } from '@cotton/sdk/contracts';
import {
  FILE_ID_PATTERN,
  REGISTER_FILE_MAX_BYTES,
  REGISTER_MESSAGES,
  checkRegisterFile,
  type RegisterFileKind,
} from '@cotton/sdk/validators';
import type { AppDatabase, Tx } from '../../db/client';
import { files } from '../../db/schema/index';
import { fullLimit, takeLimits, type Limit } from '../../lib/limits/index';
import { ApiError } from '../../http/envelope';
import type { FileSigner } from './signing';
import type { FileStore, ReceivedFile } from './store';
import { LOOSE_UPLOAD_RETENTION_MS } from './sweep';

/**
 * Uploads (`/webUpload`, `/auth/webUpload`) and who may see a file (docs/registration.md
 * "Files"): the applicant whose upload token owns it, the user who uploaded it, and staff
 * holding {@link FILE_REVIEW_PERMISSION}.
 */

export const FILE_REVIEW_PERMISSION = registerReviewCodes.review;
/** The header an applicant's browser sends its upload token in. */
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';
/**
 * An anonymous address may upload this many files an hour; a token may hold this many loose
 * ones — counted as its uploads of the last day, since an upload stays loose until the sweep
 * takes it a day later (the submission carries its files itself).
 */
export const UPLOAD_LIMITS = { perAddressPerHour: 120, loosePerToken: 40 } as const;

/** The text of the upload's `field` part (sent before the file), or undefined when it has none. */
export function uploadPart(file: MultipartFile): string | undefined {
  const named = file.fields[UPLOAD_FIELD_PART];
  return named && !Array.isArray(named) && named.type === 'field' ? String(named.value) : undefined;
}

/** The limits an anonymous upload takes from (lib/limits). */
function uploadLimits(ip: string, token: string): Limit[] {
  return [
    { key: `upload-address:${ip}`, max: UPLOAD_LIMITS.perAddressPerHour, windowMs: 3600_000 },
    { key: `upload-token:${tokenHash(token)}`, max: UPLOAD_LIMITS.loosePerToken, windowMs: LOOSE_UPLOAD_RETENTION_MS },
  ];
}

/**
 * The upload's multipart field naming the submission part the file is for (`copyBusinessLicenseFile`…,
 * `registerFilePartKind` of the SDK), sent before the file. Required: without it the upload is
 * refused ({@link FILE_MESSAGES} `noPart`), as the form always names the field.
 */
export const UPLOAD_FIELD_PART = 'field';

export const FILE_MESSAGES = {
  noFile: '请选择要上传的文件',
  unknown: '未知文件',
  empty: '文件内容为空，请重新选择',
  noSpace: '存储空间不足，暂时无法接收文件，请稍后再试',
  tooMany: '上传的文件过多，请稍后再试',
  unknownPart: '上传的文件不属于当前表单，请刷新页面后重新上传',
  noPart: '上传请求未注明文件所属的表单项（field），请刷新页面后重新上传',
} as const;

/** The upload token a request carries when this server issued it, else null (a made-up one is not adopted). */
export async function verifiedUploadToken(
  signer: FileSigner,
  header: string | string[] | undefined,
): Promise<string | null> {
  const token = Array.isArray(header) ? header[0] : header;
  return token && (await signer.isUploadToken(token)) ? token : null;
}

/** sha256 of an upload token, as stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Characters a shown file name must not carry: C0 and C1 controls, bidirectional overrides, line separators, quotes. */
function unsafeInName(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    (codePoint >= 0x200e && codePoint <= 0x200f) ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    codePoint === 0x22
  );
}

/**
 * A name fit for Content-Disposition and display: no path, no control or direction-override
 * characters (a name that shows as `gpj.exe` but is not), at most 100 characters (whole
 * characters, never half a surrogate pair).
 */
export function cleanFileName(name: string | undefined, type: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((char) => !unsafeInName(char.codePointAt(0)!))
    .slice(0, 100)
    .join('')
    .trim();
  return cleaned === '' ? `file.${type}` : cleaned;
}

/** RFC 5987's `filename*` value: percent-encoded UTF-8, `'()*` included. */
export function dispositionName(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The message for a received file its field cannot take (`kind`: images only, or images and
 * PDF — an upload's), too large, empty or with no room on the disk; null when it is fine.
 */
export function receivedFileProblem(received: ReceivedFile, kind: RegisterFileKind = 'imageOrPdf'): string | null {
  if (received.ok) return checkRegisterFile(kind, { type: received.type ?? 'unknown', size: received.size });
  if (received.reason === 'noSpace') return FILE_MESSAGES.noSpace;
  if (received.reason === 'empty') return FILE_MESSAGES.empty;
  return kind === 'image' ? REGISTER_MESSAGES.imageSize : REGISTER_MESSAGES.fileSize;
}

/** What a kept file's `files` row says besides its bytes. */
export interface KeptFileRow {
  /** The file's name as the user will see it (`cleanFileName`). */
  name: string;
  ownerUserId: number | null;
  ownerTokenHash?: string | null;
  ownerIp: string;
  /** What the file is for (`files.purpose`). */
  purpose: string;
  /** Set when a record takes the file in the same transaction (the sweep leaves it alone). */
  attachedAt?: Date;
}

/**
 * Keeps a received, checked file: in one transaction the `limits` are taken (a full one is a
 * 429 with their `message`), the bytes go into the store, the `files` row is written, then
 * `alongside` runs (an audit record, the record that names the file). The temporary copy is
 * removed whatever happens. Every upload of one file (a form's field, a plugin entity's,
 * an article's image, an avatar) keeps it this way; a registration's submission keeps its
 * several files with the application, in its own transaction. Answers the new file's id.
 */
export async function keepReceivedFile(
  db: AppDatabase,
  store: FileStore,
  received: Extract<ReceivedFile, { ok: true }>,
  row: KeptFileRow,
  options: {
    limits?: { take: Limit[]; message: string };
    alongside?: (tx: Tx, id: string) => Promise<void>;
  } = {},
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  try {
    await db.transaction(async (tx) => {
      const { limits } = options;
      if (limits && limits.take.length > 0 && (await takeLimits(tx, limits.take)))
        throw new ApiError('429', limits.message);
      // The bytes stored only once the take allows them, with the row that names them.
      await store.keep(tx, received);
      await tx.insert(files).values({
        id,
        sha256: received.sha256,
        size: received.size,
        type: received.type!,
        name: row.name,
        ownerTokenHash: row.ownerTokenHash ?? null,
        ownerUserId: row.ownerUserId,
        ownerIp: row.ownerIp.slice(0, 64),
        purpose: row.purpose,
        ...(row.attachedAt ? { attachedAt: row.attachedAt } : {}),
      });
      await options.alongside?.(tx, id);
    });
  } finally {
    // The temporary copy, kept or refused.
    await store.discard(received);
  }
  return id;
}

export interface UploadOwner {
  /** The applicant's token (anonymous), verified. */
  token: string | null;
  userId: number | null;
  ip: string;
}

/**
 * Stores one uploaded file as a loose upload of `owner` (swept after a day unless a record
 * takes it). An anonymous upload takes from its address's and its token's limits in the
 * transaction that stores its row, so it counts exactly when it is stored.
 */
export async function storeUpload(
  db: AppDatabase,
  store: FileStore,
  signer: FileSigner,
  file: MultipartFile,
  owner: UploadOwner,
  /** What the field the file is for takes (an image-only field refuses a PDF with 图片格式错误). */
  kind: RegisterFileKind = 'imageOrPdf',
  /** What the upload is for (`files.purpose`): a form's (`upload`), a plugin entity's (`plugin-data`). */
  purpose = 'upload',
): Promise<UploadedFile> {
  const token = owner.userId === null ? (owner.token ?? (await signer.newUploadToken())) : '';
  const limits = owner.userId === null ? uploadLimits(owner.ip, token) : [];
  // Already full: refused before a byte is received (only a hint — the take below decides).
  if (limits.length > 0 && (await fullLimit(db, limits))) {
    file.file.resume();
    throw new ApiError('429', FILE_MESSAGES.tooMany);
  }
  const received = await store.receive(file.file, REGISTER_FILE_MAX_BYTES);
  const problem = receivedFileProblem(received, kind);
  if (problem || !received.ok) {
    await store.discard(received);
    const noSpace = !received.ok && received.reason === 'noSpace';
    throw new ApiError(noSpace ? '503' : '400', problem ?? FILE_MESSAGES.noFile);
  }
  const name = cleanFileName(file.filename, received.type!);
  const id = await keepReceivedFile(
    db,
    store,
    received,
    {
      name,
      ownerTokenHash: owner.userId === null ? tokenHash(token) : null,
      ownerUserId: owner.userId,
      ownerIp: owner.ip,
      purpose,
    },
    { limits: { take: limits, message: FILE_MESSAGES.tooMany } },
  );
  return { fileId: id, fileName: name, fileSize: received.size, fileType: received.type!, uploadToken: token };
}

export interface FileViewer {
  token: string | null;
  userId: number | null;
  /** Holds {@link FILE_REVIEW_PERMISSION}. */
  reviewer: boolean;
}

/** `queryFileInfoByFileId`: the file with a preview address, for whoever may see it; else 404 未知文件. */
export async function fileInfo(
  db: AppDatabase,
  signer: FileSigner,
  fileId: string,
  viewer: FileViewer,
): Promise<FileVo> {
  const [row] = FILE_ID_PATTERN.test(fileId) ? await db.select().from(files).where(eq(files.id, fileId)) : [];
  const allowed =
    row !== undefined &&
    // A reviewer sees the files of applications, not every upload.
    ((viewer.reviewer && row.purpose === 'register') ||
      (viewer.userId !== null && row.ownerUserId === viewer.userId) ||
      (viewer.token !== null && row.ownerTokenHash === tokenHash(viewer.token)));
  if (!row || !allowed) throw new ApiError('404', FILE_MESSAGES.unknown);
  return fileVoOf(signer, row);
}

/**
 * A stored file with a preview address, for a caller whose right to it the caller of this
 * has checked (a plugin entity's row it may see); 404 未知文件 when there is none.
 */
export async function storedFileVo(db: AppDatabase, signer: FileSigner, fileId: string): Promise<FileVo> {
  const [row] = FILE_ID_PATTERN.test(fileId) ? await db.select().from(files).where(eq(files.id, fileId)) : [];
  if (!row) throw new ApiError('404', FILE_MESSAGES.unknown);
  return fileVoOf(signer, row);
}

async function fileVoOf(signer: FileSigner, row: typeof files.$inferSelect): Promise<FileVo> {
  return {
    fileId: row.id,
    fileName: row.name,
    fileSize: row.size,
    fileType: row.type,
    previewUrl: await signer.previewUrl(row.id),
  };
}
