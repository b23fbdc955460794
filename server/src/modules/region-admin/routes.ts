import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { ok } from '../../http/envelope';
import {
  AddedResponse,
  AddRegionBody,
  AdminRegionPageResponse,
  ListExportBody,
  ListRequest,
  RegionStatusBody,
  UpdatedResponse,
  UpdRegionBody,
} from './schema';
import {
  addRegion,
  REGION_ADD_PERMISSION,
  REGION_EDIT_PERMISSION,
  REGION_EXPORT_COLUMNS,
  REGION_LIST_PERMISSION,
  regionExport,
  regionPage,
  setRegionStatus,
  updateRegion,
} from './service';

/** 系统管理 › 区域管理 (`/rest/region/…` of the back office; the public calls are in modules/region). */
export const regionAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/region/getRegionPage',
    {
      config: { permission: REGION_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminRegionPageResponse } },
    },
    async (request) => ok(await regionPage(db, request.body)),
  );

  app.post(
    '/rest/region/exportXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: REGION_LIST_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await regionExport(db, request.body);
      return sendXlsx(reply, {
        filename: '区域.xlsx',
        sheetName: '区域',
        columns: pickColumns(REGION_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/region/addRegion',
    {
      config: { permission: REGION_ADD_PERMISSION },
      schema: { body: AddRegionBody, response: { 200: AddedResponse } },
    },
    async (request) => ok(await addRegion(db, request, request.body)),
  );

  app.post(
    '/rest/region/updRegion',
    {
      config: { permission: REGION_EDIT_PERMISSION },
      schema: { body: UpdRegionBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await updateRegion(db, request, request.body)),
  );

  app.post(
    '/rest/region/updRegionStatus',
    {
      config: { permission: REGION_EDIT_PERMISSION },
      schema: { body: RegionStatusBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await setRegionStatus(db, request, request.body.code, request.body.status)),
  );
};
