import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { EmptyBody } from '@cotton/sdk/contracts';
import { PluginsResponse } from './schema';
import { listEnabledPlugins } from './service';

/** The public plugin manifest list the shell loads at boot (GET or POST). */
export const pluginRegistryRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const handler = async () => ok({ plugins: await listEnabledPlugins(db) });
  app.get('/rest/anon/plugins', { schema: { response: { 200: PluginsResponse } } }, handler);
  app.post('/rest/anon/plugins', { schema: { body: EmptyBody, response: { 200: PluginsResponse } } }, handler);
};
