import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { AddComplainBody, AddComplainResponse } from './schema';
import { addComplaint } from './service';

/** 投诉建议 from the service centre (spec §7 /rest/complain/addComplain); public, rate-limited per IP. */
export const complainRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/complain/addComplain',
    { schema: { body: AddComplainBody, response: { 200: AddComplainResponse } } },
    async (request) => ok(await addComplaint(db, request.body, request.ip)),
  );
};
