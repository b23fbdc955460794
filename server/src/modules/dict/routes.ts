import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { DictListResponse, DictListsResponse, GetDictListBody, GetDictListsBody } from './schema';
import { checkDictSource, getDictLists } from './service';

/** Dictionaries (spec §7 "Regions and dictionaries"). */
export const dictRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
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
    async (request) => ok({ dictLists: await getDictLists(db, request.body.dictCategorys) }),
  );
};
