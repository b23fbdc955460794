import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { DuplicateCheckBody, FieldCheckResponse, RuleCheckBody } from './schema';
import { duplicateCheck, ruleCheck } from './service';

/** The forms' duplicate and rule checks: any logged-in user. */
export const fieldCheckRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/common/duplicateCheck',
    { config: { permission: null }, schema: { body: DuplicateCheckBody, response: { 200: FieldCheckResponse } } },
    async (request) => ok(await duplicateCheck(db, request, request.body)),
  );

  app.post(
    '/rest/common/ruleCheck',
    { config: { permission: null }, schema: { body: RuleCheckBody, response: { 200: FieldCheckResponse } } },
    async (request) => ok(ruleCheck(request.body)),
  );
};
