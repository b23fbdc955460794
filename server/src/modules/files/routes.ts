import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { filesCalls } from '@cotton/sdk/contracts';
import { REGISTER_FILE_MAX_BYTES, registerFilePartKind } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { files } from '../../db/schema/index';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import { authenticateRequest, holds } from '../auth/authenticate';
import {
  dispositionName,
  FILE_MESSAGES,
  FILE_REVIEW_PERMISSION,
  fileInfo,
  storeUpload,
  uploadPart,
  UPLOAD_TOKEN_HEADER,
  verifiedUploadToken,
} from './service';
import type { FileSigner } from './signing';
import { CONTENT_TYPES, type SniffedType } from './sniff';
import type { FileStore } from './store';

/**
 * Multipart for the routes of `app` that take one uploaded file (at most 10 MB) and a few text
 * fields: these two, and a plugin entity's file upload.
 */
export async function registerFileUpload(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    // A file over the limit is cut and marked, not thrown: the store answers 文件大小不能超过10M.
    throwFileSizeLimit: false,
    limits: { files: 1, fileSize: REGISTER_FILE_MAX_BYTES, fields: 8, fieldNameSize: 64, fieldSize: 256, parts: 10 },
  });
}

export interface FileRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

/**
 * Uploads and previews (spec §7 `/webUpload`, `/auth/webUpload`,
 * `/rest/file/queryFileInfoByFileId`; docs/registration.md "Files"). The bytes are served
 * only by `/file/preview/:id` with a signed address — never by the static file server.
 */
export const fileRoutes: FastifyPluginAsyncTypebox<FileRoutesOptions> = async (app, { db, store, signer }) => {
  async function upload(request: FastifyRequest, userId: number | null) {
    if (!request.isMultipart()) throw new ApiError('400', FILE_MESSAGES.noFile);
    const file = await request.file();
    if (!file) throw new ApiError('400', FILE_MESSAGES.noFile);
    // The submission's part the file is for, sent before the file: its content is checked as
    // that field checks it (营业执照 images only: a PDF named .png is 图片格式错误 here, not at submit).
    // Every form upload names its field, so an upload without one is refused, not guessed at.
    const part = uploadPart(file);
    const kind = part === undefined ? undefined : registerFilePartKind(part);
    if (kind === undefined || kind === null) {
      file.file.resume();
      throw new ApiError('400', kind === undefined ? FILE_MESSAGES.noPart : FILE_MESSAGES.unknownPart);
    }
    const token = userId === null ? await verifiedUploadToken(signer, request.headers[UPLOAD_TOKEN_HEADER]) : null;
    return storeUpload(db, store, signer, file, { token, userId, ip: request.ip }, kind);
  }

  // The two upload routes alone parse multipart: one file of at most 10 MB and the spec's few text fields.
  await app.register(async (uploads) => {
    await registerFileUpload(uploads);
    route(uploads, filesCalls.upload, (request) => upload(request, null));
    route(uploads, filesCalls.authUpload, (request) => upload(request, request.auth!.user.id));
  });

  route(app, filesCalls.info, async (request) => {
    const auth = await authenticateRequest(db, request);
    const info = await fileInfo(db, signer, request.body.fileId, {
      token: await verifiedUploadToken(signer, request.headers[UPLOAD_TOKEN_HEADER]),
      userId: auth?.user.id ?? null,
      reviewer: auth !== null && holds(auth, FILE_REVIEW_PERMISSION),
    });
    return { fileVos: [info] };
  });

  // The file itself (or an envelope when refused).
  route(app, filesCalls.preview, async (request, reply) => {
    const { id } = request.params;
    if (!(await signer.isPreview(id, request.query.exp, request.query.sig)))
      throw new ApiError('403', '预览地址已失效，请刷新后重试');
    const [row] = await db.select().from(files).where(eq(files.id, id));
    const bytes = row && (await store.read(row.sha256));
    if (!row || !bytes) throw new ApiError('404', FILE_MESSAGES.unknown);
    return (
      reply
        .header('content-type', CONTENT_TYPES[row.type as SniffedType] ?? 'application/octet-stream')
        .header('content-length', String(row.size))
        .header('content-disposition', `inline; filename*=UTF-8''${dispositionName(row.name)}`)
        .header('x-content-type-options', 'nosniff')
        // A document of its own (an image's sandboxed, of no origin): not keyed by origin as
        // the portal's pages are, or Chrome warns that the origin's pages are keyed unevenly.
        .removeHeader('origin-agent-cluster')
        .header('cache-control', 'private, max-age=600')
        // An image is shown sandboxed; Chrome's PDF viewer does not open in a sandboxed document.
        .header(
          'content-security-policy',
          row.type === 'pdf'
            ? "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'"
            : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .send(bytes)
    );
  });
};
