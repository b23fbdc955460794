import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { ApiError, ok } from '../../http/envelope';
import type { FileStore } from '../files/store';
import { ARCHIVE_LIMITS, ARCHIVE_MESSAGES } from './archive';
import {
  ActivatePluginVersionBody,
  AdminPluginPageResponse,
  ListRequest,
  PluginChangedResponse,
  PluginIdBody,
  PluginInstalledResponse,
  PluginUninstalledResponse,
  PluginVersionsResponse,
} from './schema';
import {
  activatePluginVersion,
  installPlugin,
  PLUGIN_INSTALL_PERMISSION,
  PLUGIN_LIST_PERMISSION,
  PLUGIN_MANAGE_PERMISSION,
  pluginPage,
  pluginVersionsOf,
  setPluginEnabled,
  uninstallPlugin,
} from './service';

export interface PluginAdminRoutesOptions {
  db: AppDatabase;
  store: FileStore;
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
export const pluginAdminRoutes: FastifyPluginAsyncTypebox<PluginAdminRoutesOptions> = async (app, { db, store }) => {
  app.post(
    '/rest/plugin/getPluginPage',
    {
      config: { permission: PLUGIN_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminPluginPageResponse } },
    },
    async (request) => ok(await pluginPage(db, request.body)),
  );

  app.post(
    '/rest/plugin/getPluginVersions',
    {
      config: { permission: PLUGIN_LIST_PERMISSION },
      schema: { body: PluginIdBody, response: { 200: PluginVersionsResponse } },
    },
    async (request) => ok(await pluginVersionsOf(db, request.body.id)),
  );

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
    uploads.post(
      '/rest/plugin/installPlugin',
      {
        config: { permission: PLUGIN_INSTALL_PERMISSION },
        schema: { response: { 200: PluginInstalledResponse } },
      },
      async (request) => {
        const { archive, activate } = await readInstallForm(request);
        return ok(await installPlugin(db, store, request, archive, activate));
      },
    );
  });

  app.post(
    '/rest/plugin/activateVersion',
    {
      config: { permission: PLUGIN_MANAGE_PERMISSION },
      schema: { body: ActivatePluginVersionBody, response: { 200: PluginChangedResponse } },
    },
    async (request) => ok(await activatePluginVersion(db, request, request.body.id, request.body.version)),
  );

  app.post(
    '/rest/plugin/enablePlugin',
    {
      config: { permission: PLUGIN_MANAGE_PERMISSION },
      schema: { body: PluginIdBody, response: { 200: PluginChangedResponse } },
    },
    async (request) => ok(await setPluginEnabled(db, request, request.body.id, true)),
  );

  app.post(
    '/rest/plugin/disablePlugin',
    {
      config: { permission: PLUGIN_MANAGE_PERMISSION },
      schema: { body: PluginIdBody, response: { 200: PluginChangedResponse } },
    },
    async (request) => ok(await setPluginEnabled(db, request, request.body.id, false)),
  );

  app.post(
    '/rest/plugin/uninstallPlugin',
    {
      config: { permission: PLUGIN_MANAGE_PERMISSION },
      schema: { body: PluginIdBody, response: { 200: PluginUninstalledResponse } },
    },
    async (request) => ok(await uninstallPlugin(db, request, request.body.id)),
  );
};
