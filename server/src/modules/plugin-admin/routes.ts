import { pluginAdminCalls } from '@cotton/sdk/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import type { PluginSignatureMode } from '../../config';
import type { FileStore } from '../files/store';
import { addPublisherKey, publisherKeys, removePublisherKey } from './signatures';
import { ARCHIVE_LIMITS, ARCHIVE_MESSAGES } from './archive';
import { sendXlsx } from '../../lib/list/xlsx';
import {
  activatePluginVersion,
  installPlugin,
  pluginExport,
  pluginPage,
  pluginVersionsOf,
  setPluginEnabled,
  uninstallPlugin,
} from './service';

export interface PluginAdminRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  /** `PLUGIN_SIGNATURES` (config.ts): what the install asks of an archive's signature. */
  signatures: PluginSignatureMode;
}

/** The multipart install: part `file` (the archive) and, optionally, field `activate` = `1`. */
async function readInstallForm(request: FastifyRequest): Promise<{ archive: Buffer; activate: boolean }> {
  if (!request.isMultipart()) throw new ApiError('400', ARCHIVE_MESSAGES.noFile);
  let archive: Buffer | null = null;
  let activate = false;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || archive) {
        part.file.resume();
        throw new ApiError('400', ARCHIVE_MESSAGES.oneFile);
      }
      archive = await part.toBuffer();
      if (part.file.truncated) throw new ApiError('400', ARCHIVE_MESSAGES.tooLarge);
    } else if (part.fieldname === 'activate') {
      activate = part.value === '1' || part.value === 'true';
    }
  }
  if (!archive || archive.length === 0) throw new ApiError('400', ARCHIVE_MESSAGES.noFile);
  return { archive, activate };
}

/** 系统管理 › 插件管理 (docs/architecture.md "Plugin registry"). */
export const pluginAdminRoutes: FastifyPluginAsync<PluginAdminRoutesOptions> = async (
  app,
  { db, store, signatures },
) => {
  route(app, pluginAdminCalls.page, (request) => pluginPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, pluginAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await pluginExport(db, request.body);
    return sendXlsx(reply, {
      filename: '插件列表.xlsx',
      sheetName: '插件',
      columns,
      batches,
    });
  });
  route(app, pluginAdminCalls.versions, (request) => pluginVersionsOf(db, request.body.id));

  // The one multipart route here: one archive of at most 20 MB and a few short fields.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      // A file over the limit is cut and marked, not thrown: the route answers 插件安装包不能超过 20 MB.
      throwFileSizeLimit: false,
      limits: {
        files: 1,
        fileSize: ARCHIVE_LIMITS.archiveBytes,
        // `activate`, and the request client's `requestTime` and system fields.
        fields: 8,
        fieldNameSize: 64,
        fieldSize: 256,
        parts: 10,
      },
    });
    route(uploads, pluginAdminCalls.install, async (request) => {
      const { archive, activate } = await readInstallForm(request);
      return installPlugin(db, store, request, archive, activate, signatures);
    });
  });

  route(app, pluginAdminCalls.activate, (request) =>
    activatePluginVersion(db, request, request.body.id, request.body.version, signatures),
  );
  route(app, pluginAdminCalls.enable, (request) => setPluginEnabled(db, request, request.body.id, true, signatures));
  route(app, pluginAdminCalls.disable, (request) => setPluginEnabled(db, request, request.body.id, false));
  route(app, pluginAdminCalls.uninstall, (request) => uninstallPlugin(db, request, request.body.id));

  route(app, pluginAdminCalls.publisherKeys, async () => ({ keys: await publisherKeys(db) }));
  route(app, pluginAdminCalls.addPublisherKey, (request) =>
    addPublisherKey(db, request, request.body.name, request.body.publicKey),
  );
  route(app, pluginAdminCalls.removePublisherKey, (request) => removePublisherKey(db, request, request.body.keyId));
};
