import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { InspectionBody, InspectionResponse, ReceiptPageResponse, ReceiptSearchBody, SuggestionBody, SuggestionsResponse } from './schema';
import { inspectBatch, searchReceipts, suggestNames, TrigramSupport } from './service';

/** Warehouse receipts and batch quality (issue 3): the search, name suggestions, the batch inspection. */
export const receiptRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const trigram = new TrigramSupport(db, app.log);
  // After migrations (listen → ready): create pg_trgm and its indexes where possible.
  app.addHook('onReady', async () => {
    await trigram.available();
  });

  app.post(
    '/rest/esQuery/esqueryWareHouseData/1',
    { schema: { body: ReceiptSearchBody, response: { 200: ReceiptPageResponse } } },
    async (request) => ok(await searchReceipts(db, request.body)),
  );

  app.post(
    '/rest/esQuery/superStgWareHouseDatasearchSuggestions/1',
    { schema: { body: SuggestionBody, response: { 200: SuggestionsResponse } } },
    async (request) => ok({ result: await suggestNames(db, request.body, await trigram.available()) }),
  );

  app.post(
    '/rest/esQuery/factoryBatchWeightInspectquery/1',
    { schema: { body: InspectionBody, response: { 200: InspectionResponse } } },
    async (request) => ok({ result: await inspectBatch(db, request.body.batchCode) }),
  );
};
