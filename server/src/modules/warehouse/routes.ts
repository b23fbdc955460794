import { warehouseCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache, stableKey } from '../../lib/public-answer-cache';
import { queryWarehouseDetail, queryWarehousePage } from './service';

/** Public warehouse list and detail (spec §2 /warehouse, §7 public queries). */
export const warehouseRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  /** Kept per change of the tables read (docs/architecture.md "Public answer cache"). */
  const pages = new PublicAnswerCache({ tables: ['warehouses', 'regions'] });
  const details = new PublicAnswerCache({ tables: ['warehouses', 'regions', 'region_groups', 'freight_yards'] });

  route(app, warehouseCalls.page, (request, reply) =>
    pages.send(db, request, reply, stableKey(request.body), () => queryWarehousePage(db, request.body)),
  );

  route(app, warehouseCalls.detail, (request, reply) =>
    details.send(db, request, reply, request.body.whsCode.trim(), () => queryWarehouseDetail(db, request.body.whsCode)),
  );
};
