import { readFile } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AvatarResult } from '@cotton/sdk/contracts';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, checkAvatarSize } from '@cotton/sdk/validators';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../../db/client';
import { files, sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { fullLimit, type Limit } from '../../lib/limits/index';
import { authOf } from '../auth/authenticate';
import { findUser, toUserInfo } from '../auth/session';
import { recordAudit } from '../shared/audit';
import { guardUsers } from '../ceiling/guard';
import { FILE_MESSAGES, cleanFileName, keepReceivedFile } from '../files/service';
import type { FileStore } from '../files/store';

/**
 * 个人中心's avatar (docs/auth.md "Account centre"): the user's own square image, cropped in
 * the browser, checked here like every upload (PNG or JPEG by its bytes, at most
 * `AVATAR_MAX_BYTES`, square and 64–1024 px a side — read from the image's header, never
 * trusted from the name or the part's type), stored as a file of purpose `avatar` and shown
 * at `/file/avatar/<id>` (to anyone holding the address: the header, the session). A new
 * avatar or its removal drops the old file's row, so its address stops answering.
 */

export const AVATAR_PURPOSE = 'avatar';
export const avatarPath = (fileId: string) => `/file/avatar/${fileId}`;
const AVATAR_REF = /^\/file\/avatar\/([0-9a-f]{32})$/;

/** A user may set their avatar this many times an hour (each one stores a file). */
export const AVATAR_UPLOADS_PER_HOUR = 30;
export const AVATAR_LIMIT_MESSAGE = '头像更换过于频繁，请稍后再试';

const avatarLimit = (userId: number): Limit => ({
  key: `avatar-user:${userId}`,
  max: AVATAR_UPLOADS_PER_HOUR,
  windowMs: 3600_000,
});

/**
 * The pixel size of a PNG (its IHDR) or a baseline/progressive JPEG (its first SOF marker), or
 * null when the header cannot be read. One pass over the markers: linear in the file's length.
 */
export function imageSize(bytes: Uint8Array, type: 'png' | 'jpg'): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'png') {
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) {
      if (at + 9 > bytes.length) return null;
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

/** The file id of a stored avatar address, or null (none, or an address from elsewhere). */
function avatarFileId(avatar: string | null): string | null {
  return avatar ? (AVATAR_REF.exec(avatar)?.[1] ?? null) : null;
}

/** `POST /rest/user/accountCenterAvatar`: checks, stores and sets the caller's own avatar (audited). */
export async function setAvatar(
  db: AppDatabase,
  request: FastifyRequest,
  store: FileStore,
  file: MultipartFile,
): Promise<AvatarResult> {
  const auth = authOf(request);
  const limits = [avatarLimit(auth.user.id)];
  if (await fullLimit(db, limits)) {
    file.file.resume();
    throw new ApiError('429', AVATAR_LIMIT_MESSAGE);
  }
  const received = await store.receive(file.file, AVATAR_MAX_BYTES);
  try {
    if (!received.ok) {
      if (received.reason === 'noSpace') throw new ApiError('503', FILE_MESSAGES.noSpace);
      throw new ApiError('400', received.reason === 'empty' ? AVATAR_MESSAGES.noFile : AVATAR_MESSAGES.size);
    }
    const type = received.type;
    if (type !== 'png' && type !== 'jpg') throw new ApiError('400', AVATAR_MESSAGES.type);
    const size = imageSize(await readFile(received.path), type);
    if (!size) throw new ApiError('400', AVATAR_MESSAGES.unreadable);
    const problem = checkAvatarSize(size.width, size.height);
    if (problem) throw new ApiError('400', problem);

    await keepReceivedFile(
      db,
      store,
      received,
      {
        name: cleanFileName(file.filename, type),
        ownerUserId: auth.user.id,
        ownerIp: request.ip,
        purpose: AVATAR_PURPOSE,
        attachedAt: new Date(),
      },
      {
        limits: { take: limits, message: AVATAR_LIMIT_MESSAGE },
        alongside: async (tx, id) => {
          const [before] = await tx
            .select({ avatar: sysUsers.avatar })
            .from(sysUsers)
            .where(eq(sysUsers.id, auth.user.id))
            .for('update');
          await replaceAvatar(tx, request, auth.user.id, before?.avatar ?? null, avatarPath(id), {
            fileId: id,
            type,
            size: received.size,
            width: size.width,
          });
        },
      },
    );
  } finally {
    await store.discard(received);
  }
  return { userInfo: toUserInfo((await findUser(db, auth.user.id))!) };
}

/** `POST /rest/user/delAccountCenterAvatar`: back to the default (audited when there was one). */
export async function removeAvatar(db: AppDatabase, request: FastifyRequest): Promise<AvatarResult> {
  const auth = authOf(request);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatar: sysUsers.avatar })
      .from(sysUsers)
      .where(eq(sysUsers.id, auth.user.id))
      .for('update');
    if (before?.avatar) await replaceAvatar(tx, request, auth.user.id, before.avatar, null, null);
  });
  return { userInfo: toUserInfo((await findUser(db, auth.user.id))!) };
}

/** The one writer of a user's avatar: the ceiling guard (the caller's own row only), the row, the old file, the audit. */
async function replaceAvatar(
  tx: Tx,
  request: FastifyRequest,
  userId: number,
  before: string | null,
  after: string | null,
  file: Record<string, unknown> | null,
): Promise<void> {
  await guardUsers(tx, authOf(request), [userId], 'self');
  await tx.update(sysUsers).set({ avatar: after, updatedAt: new Date() }).where(eq(sysUsers.id, userId));
  const old = avatarFileId(before);
  // The old image's row goes (its bytes with the next start's sweep): its address stops answering.
  if (old) await tx.delete(files).where(and(eq(files.id, old), eq(files.purpose, AVATAR_PURPOSE)));
  await recordAudit(tx, request, {
    action: after ? 'user.avatar' : 'user.avatarRemove',
    entity: 'user',
    entityId: userId,
    before: { avatar: before },
    after: { avatar: after, ...(file ? { file } : {}) },
  });
}

/** The stored avatar `fileId` when it is one (a removed or replaced one is not). */
export async function avatarFile(db: AppDatabase, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.purpose, AVATAR_PURPOSE)));
  return row ?? null;
}
