import { filesCalls, pathHead } from '@cotton/sdk/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { CmsImageUploaded } from '@cotton/sdk/contracts';
import { REGISTER_FILE_MAX_BYTES } from '@cotton/sdk/validators';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../../db/client';
import { cmsContentFiles, cmsContents, files } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { cleanFileName, keepReceivedFile, receivedFileProblem } from '../files/service';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import { recordAudit } from '../shared/audit';

/**
 * Images of articles and banners (docs/architecture.md "Content management and complaints"):
 * uploaded by staff through `/rest/cmsAdmin/uploadImage` (PNG or JPEG by content, whatever the
 * name), stored like every file (files/store.ts) with purpose `cms-image`, and served at
 * `/file/cms/<id>` — to anyone while a published content shows it, else only with a signed,
 * short-lived address (what the editor and the preview use). Uploading takes
 * `cmsAdminCodes.contentAdd` or `contentEdit`: a new article needs its images as much as an
 * edited one.
 */

export const CMS_IMAGE_PURPOSE = 'cms-image';
export const CMS_IMAGE_MESSAGES = {
  notImage: '只能上传 PNG 或 JPEG 图片',
  unknown: '图片不存在或已失效，请重新上传',
} as const;

const IMAGE_TYPES = new Set(['png', 'jpg']);
/** `/file/cms/<id>` with or without the signature the back office adds (`&` may be HTML-escaped). */
const IMAGE_REF = /\/file\/cms\/([0-9a-f]{32})(?:\?exp=\d{13}&(?:amp;)?sig=[A-Za-z0-9_-]{1,128})?/g;

export const cmsImagePath = (fileId: string) => `/file/cms/${fileId}`;

/** Stores one uploaded image (audited); anything not PNG/JPEG by its bytes is refused and removed. */
export async function storeCmsImage(
  db: AppDatabase,
  request: FastifyRequest,
  store: FileStore,
  signer: FileSigner,
  file: MultipartFile,
): Promise<CmsImageUploaded> {
  const userId = authOf(request).user.id;
  const received = await store.receive(file.file, REGISTER_FILE_MAX_BYTES);
  const problem = received.ok
    ? received.type && IMAGE_TYPES.has(received.type)
      ? receivedFileProblem(received, 'image')
      : CMS_IMAGE_MESSAGES.notImage
    : receivedFileProblem(received, 'image');
  if (problem || !received.ok) {
    await store.discard(received);
    const noSpace = !received.ok && received.reason === 'noSpace';
    throw new ApiError(noSpace ? '503' : '400', problem ?? CMS_IMAGE_MESSAGES.notImage);
  }
  const name = cleanFileName(file.filename, received.type!);
  const id = await keepReceivedFile(
    db,
    store,
    received,
    { name, ownerUserId: userId, ownerIp: request.ip, purpose: CMS_IMAGE_PURPOSE },
    {
      alongside: (tx, id) =>
        recordAudit(tx, request, {
          action: 'cms.image.upload',
          entity: 'file',
          entityId: id,
          after: { name, type: received.type, size: received.size, purpose: CMS_IMAGE_PURPOSE },
        }),
    },
  );
  return { fileId: id, url: cmsImagePath(id), previewUrl: await signedImageUrl(signer, id) };
}

/** `/file/cms/<id>?exp=…&sig=…`: shows the image to whoever holds it for the next minutes. */
export async function signedImageUrl(signer: FileSigner, fileId: string): Promise<string> {
  return (await signer.previewUrl(fileId)).replace(pathHead(filesCalls.preview), '/file/cms/');
}

/** `text` with every image address as stored: `/file/cms/<id>`, the signatures dropped. */
export function unsignImages(text: string): string {
  return text.replace(IMAGE_REF, (_whole, id: string) => cmsImagePath(id));
}

/** The ids of the uploaded images `text` shows. */
export function imageIdsIn(text: string): string[] {
  return [...new Set([...text.matchAll(IMAGE_REF)].map((match) => match[1]))];
}

/** `html` with every uploaded image signed, for the back office to show before it is published. */
export async function signImages(signer: FileSigner, html: string): Promise<string> {
  const ids = imageIdsIn(html);
  if (ids.length === 0) return html;
  const signed = new Map<string, string>();
  for (const id of ids) signed.set(id, (await signedImageUrl(signer, id)).replace(/&/g, '&amp;'));
  return unsignImages(html).replace(IMAGE_REF, (_whole, id: string) => signed.get(id) ?? cmsImagePath(id));
}

/**
 * Records which images content `contentId` shows and attaches them (so the sweep of loose
 * uploads keeps them); an id that is no CMS image is a 400.
 */
export async function holdImages(tx: Tx, contentId: number, ids: string[]): Promise<void> {
  if (ids.length > 0) {
    const found = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, ids), eq(files.purpose, CMS_IMAGE_PURPOSE)));
    if (found.length !== ids.length) throw new ApiError('400', CMS_IMAGE_MESSAGES.unknown);
    await tx
      .update(files)
      .set({ attachedAt: new Date() })
      .where(and(inArray(files.id, ids), isNull(files.attachedAt)));
  }
  await tx.delete(cmsContentFiles).where(eq(cmsContentFiles.contentId, contentId));
  if (ids.length > 0) await tx.insert(cmsContentFiles).values(ids.map((fileId) => ({ contentId, fileId })));
}

/** Whether a published content shows the image: then anyone may see it. */
export async function isPublishedImage(db: AppDatabase, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cmsContents.id })
    .from(cmsContentFiles)
    .innerJoin(cmsContents, eq(cmsContents.id, cmsContentFiles.contentId))
    .where(and(eq(cmsContentFiles.fileId, fileId), eq(cmsContents.status, '1')))
    .limit(1);
  return row !== undefined;
}
