import { dictCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache, stableKey } from '../../lib/public-answer-cache';
import { checkDictSource, DICT_TABLES, getDictLists } from './service';

/** Dictionaries (spec §7 "Regions and dictionaries"). */
export const dictRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  /** The public pages' dictionaries, kept per change (docs/architecture.md "Public answer cache"). */
  const lists = new PublicAnswerCache({ tables: DICT_TABLES, maxEntries: 512 });

  route(app, dictCalls.list, async (request) => {
    const { categoryCode } = request.body;
    checkDictSource(request.body);
    const found = await getDictLists(db, [categoryCode]);
    return { dictList: found[categoryCode] };
  });

  route(app, dictCalls.lists, (request, reply) =>
    lists.send(db, request, reply, stableKey(request.body.dictCategorys), async () => ({
      dictLists: await getDictLists(db, request.body.dictCategorys),
    })),
  );
};
