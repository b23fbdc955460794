import { regionCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { getChildRegions, getRegionGroups, RESERVATION_AREA_GROUP } from './service';

/** Regions (GB/T 2260 tree), offices and the Xinjiang reservation areas (spec §7). */
export const regionRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  /** The reservation pages' area groups, kept per change (docs/architecture.md "Public answer cache"). */
  const areas = new PublicAnswerCache({ tables: ['region_groups', 'regions'], maxEntries: 1 });

  route(app, regionCalls.children, async (request) => ({ regions: await getChildRegions(db, request.body.code) }));

  route(app, regionCalls.groups, async (request) => ({
    regionGroups: await getRegionGroups(db, request.body.code),
  }));

  route(app, regionCalls.reservationAreas, (request, reply) =>
    areas.send(db, request, reply, RESERVATION_AREA_GROUP, async () => ({
      regionGroupList: await getRegionGroups(db, RESERVATION_AREA_GROUP),
    })),
  );
};
