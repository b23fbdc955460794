import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { PublicAnswerCache, stableKey } from '../../lib/public-answer-cache';
import { DictListResponse, DictListsResponse, GetDictListBody, GetDictListsBody } from './schema';
import { checkDictSource, DICT_TABLES, getDictLists } from './service';

/** Dictionaries (spec §7 "Regions and dictionaries"). */
export const dictRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  /** The public pages' dictionaries, kept per change (docs/architecture.md "Public answer cache"). */
  const lists = new PublicAnswerCache({ tables: DICT_TABLES, maxEntries: 512 });

  app.post(
    '/rest/dict/getdictlist',
    { schema: { body: GetDictListBody, response: { 200: DictListResponse } } },
    async (request) => {
      const { categoryCode } = request.body;
      checkDictSource(request.body);
      const lists = await getDictLists(db, [categoryCode]);
      return ok({ dictList: lists[categoryCode] });
    },
  );

  app.post(
    '/rest/dict/getdictlists',
    { schema: { body: GetDictListsBody, response: { 200: DictListsResponse } } },
    async (request, reply) =>
      lists.send(db, request, reply, stableKey(request.body.dictCategorys), async () => ({
        dictLists: await getDictLists(db, request.body.dictCategorys),
      })),
  );
};
