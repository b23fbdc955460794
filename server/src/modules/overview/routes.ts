import { overviewCalls, overviewCodes } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { authOf, holds } from '../auth/authenticate';
import { overviewSummary } from './service';

/** 工作台 (/project/display) figures: every logged-in user's home page. */
export const overviewRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, overviewCalls.summary, (request) =>
    overviewSummary(db, holds(authOf(request), overviewCodes.registrations)),
  );
};
