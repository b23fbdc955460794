import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache, stableKey } from '../../lib/public-answer-cache';
import { QueryWhsDetailBody, QueryWhsPageBody, WhsDetailResponse, WhsPageResponse } from './schema';
import { queryWarehouseDetail, queryWarehousePage } from './service';

/** Public warehouse list and detail (spec §2 /warehouse, §7 public queries). */
export const warehouseRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  /** Kept per change of the tables read (docs/architecture.md "Public answer cache"). */
  const pages = new PublicAnswerCache({ tables: ['warehouses', 'regions'] });
  const details = new PublicAnswerCache({ tables: ['warehouses', 'regions', 'region_groups', 'freight_yards'] });

  app.post(
    '/rest/anon/queryWhsPage',
    { schema: { body: QueryWhsPageBody, response: { 200: WhsPageResponse } } },
    async (request, reply) =>
      pages.send(db, request, reply, stableKey(request.body), () => queryWarehousePage(db, request.body)),
  );

  app.post(
    '/rest/anon/queryWhsDetail',
    { schema: { body: QueryWhsDetailBody, response: { 200: WhsDetailResponse } } },
    async (request, reply) =>
      details.send(db, request, reply, request.body.whsCode.trim(), () =>
        queryWarehouseDetail(db, request.body.whsCode),
      ),
  );
};
