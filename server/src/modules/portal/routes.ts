import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import { ok } from '../../plugins/envelope';
import { EmptyBody } from '../shared/schema';
import { PortalConfigResponse } from './schema';
import { buildPortalConfig } from './service';

/** Site-wide settings the shell reads at boot: name, environment label, footer, nav, SSO (GET or POST). */
export const portalRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const portalConfig = buildPortalConfig(config);
  const handler = async () => ok(portalConfig);
  app.get('/rest/anon/portalConfig', { schema: { response: { 200: PortalConfigResponse } } }, handler);
  app.post('/rest/anon/portalConfig', { schema: { body: EmptyBody, response: { 200: PortalConfigResponse } } }, handler);
};
