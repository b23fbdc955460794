import { regionAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { importRows, registerListImport } from '../../lib/list/import-rows';
import { regionImport, REGION_IMPORT_SHEET } from './import';
import { addRegion, regionExport, regionPage, setRegionStatus, updateRegion } from './service';

/** 系统管理 › 区域管理 (`/rest/region/…` of the back office; the public calls are in modules/region). */
export const regionAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, regionAdminCalls.page, (request) => regionPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, regionAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await regionExport(db, request.body);
    return sendXlsx(reply, {
      filename: '区域.xlsx',
      sheetName: '区域',
      columns,
      batches,
    });
  });

  route(app, regionAdminCalls.add, (request) => addRegion(db, request, request.body));
  route(app, regionAdminCalls.update, (request) => updateRegion(db, request, request.body));
  route(app, regionAdminCalls.status, (request) =>
    setRegionStatus(db, request, request.body.code, request.body.status),
  );

  await registerListImport(
    app,
    { template: regionAdminCalls.importTemplate, upload: regionAdminCalls.import },
    { filename: '区域导入模板.xlsx', sheetName: '区域', sheet: REGION_IMPORT_SHEET },
    (request, rows) => importRows(db, rows, regionImport(request)),
  );
};
