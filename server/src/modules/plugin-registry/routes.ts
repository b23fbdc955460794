import { pluginCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { listEnabledPlugins } from './service';

/** The public plugin manifest list the shell loads at boot (GET or POST). */
export const pluginRegistryRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  /** Read by every page load: kept per change of the registry (docs/architecture.md "Public answer cache"). */
  const answers = new PublicAnswerCache({ tables: ['plugin_registry'], maxEntries: 1 });

  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    answers.send(db, request, reply, 'enabled', async () => ({ plugins: await listEnabledPlugins(db) }));
  route(app, pluginCalls.listGet, handler);
  route(app, pluginCalls.list, handler);
};
