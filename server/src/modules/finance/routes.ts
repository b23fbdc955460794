import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { EmptyBody } from '@cotton/sdk/contracts';
import { FinancialProductDetailResponse, FinancialServiceResponse, QueryFinancialProductDetailBody } from './schema';
import { queryFinancialProductDetail, queryFinancialService } from './service';

/** The tables the page is read from: its answers are kept per change (docs/architecture.md "Public answer cache"). */
const FINANCE_TABLES = ['financing_products', 'financing_modes', 'finance_advantages', 'finance_contacts'];

/** The public financial service page (spec §2 /financialService, §9 financing products). */
export const financeRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const services = new PublicAnswerCache({ tables: FINANCE_TABLES, maxEntries: 1 });
  const products = new PublicAnswerCache({ tables: FINANCE_TABLES, maxEntries: 500 });

  app.post(
    '/rest/anon/queryFinancialService',
    { schema: { body: EmptyBody, response: { 200: FinancialServiceResponse } } },
    async (request, reply) => services.send(db, request, reply, 'all', () => queryFinancialService(db)),
  );

  app.post(
    '/rest/anon/queryFinancialProductDetail',
    { schema: { body: QueryFinancialProductDetailBody, response: { 200: FinancialProductDetailResponse } } },
    async (request, reply) =>
      products.send(db, request, reply, String(request.body.id), () =>
        queryFinancialProductDetail(db, request.body.id),
      ),
  );
};
