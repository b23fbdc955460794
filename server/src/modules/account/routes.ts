import fastifyMultipart from '@fastify/multipart';
import { Type } from '@fastify/type-provider-typebox';
import { accountCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, FILE_ID_PATTERN } from '@cotton/sdk/validators';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { FILE_MESSAGES } from '../files/service';
import { CONTENT_TYPES, type SniffedType } from '../files/sniff';
import type { FileStore } from '../files/store';
import { smsSenderFor } from '../sms/sender';
import { avatarFile, removeAvatar, setAvatar } from './avatar';
import { accountCenter, checkOldPassword, sendBindPhoneCode, updatePassword, updateUserDefault } from './service';

/** 个人中心 (docs/auth.md): every logged-in user manages their own account. */
export const accountRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase; store: FileStore }> = async (
  app,
  { db, store },
) => {
  const sender = smsSenderFor(app.config, app.log);

  route(app, accountCalls.center, (request) => accountCenter(db, authOf(request)));
  route(app, accountCalls.updateDefaults, (request) => updateUserDefault(db, request, authOf(request), request.body));
  route(app, accountCalls.sendBindPhoneCode, (request) =>
    sendBindPhoneCode(db, sender, authOf(request), request.body.phone, request.ip),
  );
  route(app, accountCalls.checkPassword, async (request) => {
    await checkOldPassword(db, authOf(request), request.body.oldPassword, request.ip);
    return null;
  });
  route(app, accountCalls.updatePassword, (request) => updatePassword(db, authOf(request), request.body, request.ip));

  // The avatar upload alone parses multipart: one image of at most AVATAR_MAX_BYTES (a larger
  // one is cut and marked, and answered 头像图片不能超过 512KB).
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fileSize: AVATAR_MAX_BYTES, fields: 2, fieldNameSize: 64, fieldSize: 256, parts: 3 },
    });
    route(upload, accountCalls.uploadAvatar, { config: { operationLog: true } }, async (request) => {
      if (!request.isMultipart()) throw new ApiError('400', AVATAR_MESSAGES.noFile);
      const file = await request.file();
      if (!file) throw new ApiError('400', AVATAR_MESSAGES.noFile);
      return setAvatar(db, request, store, file);
    });
  });
  route(app, accountCalls.removeAvatar, { config: { operationLog: true } }, (request) => removeAvatar(db, request));

  // The image itself: public (an <img> carries no token), only while it is someone's avatar.
  app.get<{ Params: { id: string } }>(
    '/file/avatar/:id',
    { schema: { params: Type.Object({ id: Type.String({ maxLength: 32, pattern: FILE_ID_PATTERN.source }) }) } },
    async (request, reply) => {
      const row = await avatarFile(db, request.params.id);
      const bytes = row && (await store.read(row.sha256));
      if (!row || !bytes) throw new ApiError('404', FILE_MESSAGES.unknown);
      return reply
        .header('content-type', CONTENT_TYPES[row.type as SniffedType] ?? 'application/octet-stream')
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(bytes);
    },
  );
};
