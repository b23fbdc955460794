import { receiptCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import type { ReceiptSearch } from './search-engine';
import { inspectBatch, searchReceipts, suggestNames } from './service';

/** Warehouse receipts and batch quality (issue 3): the search, name suggestions, the batch inspection. */
export const receiptRoutes: FastifyPluginAsync<{ db: AppDatabase; search: ReceiptSearch }> = async (
  app,
  { db, search },
) => {
  /**
   * The batch inspection (a batch's bales unpacked and summarised: tens of ms) is kept per change
   * of the tables it reads (docs/architecture.md "Public answer cache"). The search is not: its
   * answers come from the in-memory index, which follows the receipts on its own schedule.
   */
  const inspections = new PublicAnswerCache({ tables: ['receipt_batches', 'receipt_bale_records'], maxEntries: 1000 });

  // After migrations (listen → ready): start building the search index (seconds for a
  // million receipts; the first searches wait for it).
  app.addHook('onReady', async () => {
    search.current().catch((error: unknown) => app.log.error({ err: error }, '仓单检索索引未能建立，首次查询时重试'));
  });

  route(app, receiptCalls.search, async (request, reply) => {
    const { page, indexMs } = await searchReceipts(db, search, request.body);
    reply.header('server-timing', `index;dur=${indexMs.toFixed(3)}`);
    // Sent as written here, not through the schema-compiled serializer: the answer is built
    // field by field (`toReceiptItem`), so the schema documents it and the tests hold it to
    // it; V8's own JSON.stringify writes the Chinese text of 20 cards in half the time of the
    // serializer's character loop.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(ok(page)));
  });

  route(app, receiptCalls.suggestions, async (request) => ({ result: await suggestNames(search, request.body) }));

  route(app, receiptCalls.inspection, (request, reply) =>
    inspections.send(db, request, reply, request.body.batchCode.trim(), async () => ({
      result: await inspectBatch(db, request.body.batchCode),
    })),
  );
};
