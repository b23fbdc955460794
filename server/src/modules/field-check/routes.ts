import { fieldCheckCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { duplicateCheck, ruleCheck } from './service';

/** The forms' duplicate and rule checks: any logged-in user. */
export const fieldCheckRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, fieldCheckCalls.duplicate, (request) => duplicateCheck(db, request, request.body));
  route(app, fieldCheckCalls.rule, (request) => ruleCheck(request.body));
};
