import { financeCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { queryFinancialProductDetail, queryFinancialService } from './service';

/** The tables the page is read from: its answers are kept per change (docs/architecture.md "Public answer cache"). */
const FINANCE_TABLES = ['financing_products', 'financing_modes', 'finance_advantages', 'finance_contacts'];

/** The public financial service page (spec §2 /financialService, §9 financing products). */
export const financeRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  const services = new PublicAnswerCache({ tables: FINANCE_TABLES, maxEntries: 1 });
  const products = new PublicAnswerCache({ tables: FINANCE_TABLES, maxEntries: 500 });

  route(app, financeCalls.service, (request, reply) =>
    services.send(db, request, reply, 'all', () => queryFinancialService(db)),
  );

  route(app, financeCalls.productDetail, (request, reply) =>
    products.send(db, request, reply, String(request.body.id), () => queryFinancialProductDetail(db, request.body.id)),
  );
};
