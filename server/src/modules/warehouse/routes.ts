import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { QueryWhsDetailBody, QueryWhsPageBody, WhsDetailResponse, WhsPageResponse } from './schema';
import { queryWarehouseDetail, queryWarehousePage } from './service';

/** Public warehouse list and detail (spec §2 /warehouse, §7 public queries). */
export const warehouseRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/anon/queryWhsPage',
    { schema: { body: QueryWhsPageBody, response: { 200: WhsPageResponse } } },
    async (request) => ok(await queryWarehousePage(db, request.body)),
  );

  app.post(
    '/rest/anon/queryWhsDetail',
    { schema: { body: QueryWhsDetailBody, response: { 200: WhsDetailResponse } } },
    async (request) => ok(await queryWarehouseDetail(db, request.body.whsCode)),
  );
};
