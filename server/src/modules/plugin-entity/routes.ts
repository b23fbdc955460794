import { pluginDataCalls, pluginEntityCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { registerFileUpload } from '../files/routes';
import type { FileSigner } from '../files/signing';
import type { FileStore } from '../files/store';
import { sendXlsx } from '../../lib/list/xlsx';
import { readSheet, readUploadForm, registerImportUpload, sendImportTemplate } from '../../lib/list/xlsx-import';
import {
  entityAdd,
  entityDelete,
  entityDetail,
  entityExport,
  entityFile,
  entityForImport,
  entityImport,
  entityPage,
  entityUpdate,
  entityUpload,
  importSheetOf,
} from './service';
import { pluginDataList, pluginDataOf, purgePluginData } from './tables';

/**
 * Plugin entities (docs/architecture.md "Plugin entities"): the calls of every declared entity
 * (`/rest/pluginData/:plugin/:entity/…`), and 插件管理's 插件数据 / 清除数据. The entity calls
 * are open to logged-in users at the route and check the entity's own code in the handler; the
 * writes, the export and the import are in 操作日志.
 */
export interface PluginEntityRoutesOptions {
  db: AppDatabase;
  store: FileStore;
  signer: FileSigner;
}

export const pluginEntityRoutes: FastifyPluginAsync<PluginEntityRoutesOptions> = async (app, { db, store, signer }) => {
  const logged = { config: { operationLog: true } };
  route(app, pluginEntityCalls.page, (request) => entityPage(db, request, request.params, request.body));
  route(app, pluginEntityCalls.detail, (request) => entityDetail(db, request, request.params, request.body.id));
  route(app, pluginEntityCalls.add, logged, (request) => entityAdd(db, request, request.params, request.body));
  route(app, pluginEntityCalls.update, logged, (request) => entityUpdate(db, request, request.params, request.body));
  route(app, pluginEntityCalls.delete, logged, (request) =>
    entityDelete(db, request, request.params, request.body.ids),
  );
  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, pluginEntityCalls.export, logged, async (request, reply) => {
    const { columns, batches, label } = await entityExport(db, request, request.params, request.body);
    return sendXlsx(reply, { filename: `${label}.xlsx`, sheetName: label, columns, batches });
  });
  route(app, pluginEntityCalls.importTemplate, async (request, reply) => {
    const served = await entityForImport(db, request, request.params, 'import');
    const label = served.entity.label;
    return sendImportTemplate(reply, {
      filename: `${label}导入模板.xlsx`,
      sheetName: label,
      sheet: importSheetOf(served),
    });
  });
  await app.register(async (upload) => {
    await registerImportUpload(upload);
    route(upload, pluginEntityCalls.import, logged, async (request) => {
      // The code before the file is read.
      const served = await entityForImport(db, request, request.params, 'import');
      const { bytes } = await readUploadForm(request);
      return entityImport(db, request, served, await readSheet(bytes, importSheetOf(served)));
    });
  });

  // A file field's upload (one file, as the portal's own uploads take it), and a row's file.
  await app.register(async (upload) => {
    await registerFileUpload(upload);
    route(upload, pluginEntityCalls.upload, (request) => entityUpload(db, store, signer, request, request.params));
  });
  route(app, pluginEntityCalls.file, (request) => entityFile(db, signer, request, request.params, request.body));

  route(app, pluginDataCalls.list, () => pluginDataList(db));
  route(app, pluginDataCalls.tables, (request) => pluginDataOf(db, request.body.id));
  route(app, pluginDataCalls.purge, (request) => purgePluginData(db, request, request.body.id, request.body.confirm));
};
