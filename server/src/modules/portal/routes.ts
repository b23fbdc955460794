import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { EmptyBody } from '@cotton/sdk/contracts';
import { PortalConfigResponse } from './schema';
import { buildPortalConfig, defaultSiteSettings } from './service';

/** Site-wide settings the shell reads at boot: name, environment label, footer, nav, login options (GET or POST). */
export const portalRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase; config: Config }> = async (
  app,
  { db, config },
) => {
  const handler = async () => ok(buildPortalConfig(config, await defaultSiteSettings(db)));
  app.get('/rest/anon/portalConfig', { schema: { response: { 200: PortalConfigResponse } } }, handler);
  app.post(
    '/rest/anon/portalConfig',
    { schema: { body: EmptyBody, response: { 200: PortalConfigResponse } } },
    handler,
  );
};
