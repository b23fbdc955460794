import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { EmptyBody } from '@cotton/sdk/contracts';
import { FinancialProductDetailResponse, FinancialServiceResponse, QueryFinancialProductDetailBody } from './schema';
import { queryFinancialProductDetail, queryFinancialService } from './service';

/** The public financial service page (spec §2 /financialService, §9 financing products). */
export const financeRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/anon/queryFinancialService',
    { schema: { body: EmptyBody, response: { 200: FinancialServiceResponse } } },
    async () => ok(await queryFinancialService(db)),
  );

  app.post(
    '/rest/anon/queryFinancialProductDetail',
    { schema: { body: QueryFinancialProductDetailBody, response: { 200: FinancialProductDetailResponse } } },
    async (request) => ok(await queryFinancialProductDetail(db, request.body.id)),
  );
};
