import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { authOf, holds } from '../auth/authenticate';
import { EmptyBody, OverviewSummaryResponse } from './schema';
import { overviewSummary, REGISTER_REVIEW_PERMISSION } from './service';

/** 工作台 (/project/display) figures: every logged-in user's home page. */
export const overviewRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/overview/summary',
    { config: { permission: null }, schema: { body: EmptyBody, response: { 200: OverviewSummaryResponse } } },
    async (request) => ok(await overviewSummary(db, holds(authOf(request), REGISTER_REVIEW_PERMISSION))),
  );
};
