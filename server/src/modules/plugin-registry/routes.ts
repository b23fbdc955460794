import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { EmptyBody } from '@cotton/sdk/contracts';
import { PluginsResponse } from './schema';
import { listEnabledPlugins } from './service';

/** The public plugin manifest list the shell loads at boot (GET or POST). */
export const pluginRegistryRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  /** Read by every page load: kept per change of the registry (docs/architecture.md "Public answer cache"). */
  const answers = new PublicAnswerCache({ tables: ['plugin_registry'], maxEntries: 1 });

  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    answers.send(db, request, reply, 'enabled', async () => ({ plugins: await listEnabledPlugins(db) }));
  app.get('/rest/anon/plugins', { schema: { response: { 200: PluginsResponse } } }, handler);
  app.post('/rest/anon/plugins', { schema: { body: EmptyBody, response: { 200: PluginsResponse } } }, handler);
};
