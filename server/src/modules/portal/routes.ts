import { portalCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache } from '../../lib/public-answer-cache';
import { buildPortalConfig, defaultSiteSettings } from './service';

/** Site-wide settings the shell reads at boot: name, environment label, footer, nav, login options (GET or POST). */
export const portalRoutes: FastifyPluginAsync<{ db: AppDatabase; config: Config }> = async (app, { db, config }) => {
  /**
   * Read by every page load: kept per change of the default site's row (docs/architecture.md
   * "Public answer cache"); the configuration part is the process's own and never changes.
   */
  const answers = new PublicAnswerCache({ tables: ['cms_sites'], maxEntries: 1 });

  const handler = async (request: FastifyRequest, reply: FastifyReply) =>
    answers.send(db, request, reply, 'portal', async () => buildPortalConfig(config, await defaultSiteSettings(db)));
  route(app, portalCalls.config, handler);
  route(app, portalCalls.configByPost, handler);
};
