import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { ok } from '../../http/envelope';
import { EmptyBody } from '@cotton/sdk/contracts';
import {
  AllRegionResponse,
  GetRegionGroupsBody,
  GetRegionsBody,
  RegionGroupsResponse,
  RegionsResponse,
} from './schema';
import { getChildRegions, getRegionGroups, RESERVATION_AREA_GROUP } from './service';

/** Regions (GB/T 2260 tree), offices and the Xinjiang reservation areas (spec §7). */
export const regionRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  /** The reservation pages' area groups, kept per change (docs/architecture.md "Public answer cache"). */
  const areas = new PublicAnswerCache({ tables: ['region_groups', 'regions'], maxEntries: 1 });

  app.post(
    '/rest/region/getregions',
    { schema: { body: GetRegionsBody, response: { 200: RegionsResponse } } },
    async (request) => ok({ regions: await getChildRegions(db, request.body.code) }),
  );

  app.post(
    '/rest/region/getregiongroups',
    { schema: { body: GetRegionGroupsBody, response: { 200: RegionGroupsResponse } } },
    async (request) => ok({ regionGroups: await getRegionGroups(db, request.body.code) }),
  );

  app.post(
    '/rest/anon/queryAllRegion',
    { schema: { body: EmptyBody, response: { 200: AllRegionResponse } } },
    async (request, reply) =>
      areas.send(db, request, reply, RESERVATION_AREA_GROUP, async () => ({
        regionGroupList: await getRegionGroups(db, RESERVATION_AREA_GROUP),
      })),
  );
};
