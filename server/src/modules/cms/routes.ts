import { cmsCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { PublicAnswerCache, stableKey } from '../../lib/public-answer-cache';
import {
  pageCatalogContents,
  queryCatalogList,
  queryCatalogTree,
  queryCmsIndex,
  queryContentDetail,
  queryRandomContents,
  queryRotatePictures,
  querySiteDetail,
  querySites,
  searchContents,
} from './service';

/** Content management, read side (spec §7 "Content management"); all public. */
export const cmsRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  /**
   * The answers but the random ones, kept per change of the content tables (docs/architecture.md
   * "Public answer cache"), keyed by the route and its validated body.
   */
  const answers = new PublicAnswerCache({
    tables: ['cms_sites', 'cms_catalogs', 'cms_contents'],
    maxEntries: 4000,
  });
  const keyOf = (request: FastifyRequest) => `${request.routeOptions.url} ${stableKey(request.body)}`;

  route(app, cmsCalls.siteDetail, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), async () => ({
      result: await querySiteDetail(db, request.body.siteCode, request.body.siteId),
    })),
  );
  route(app, cmsCalls.sites, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), async () => ({
      result: await querySites(db, request.body.siteCodes),
    })),
  );
  route(app, cmsCalls.index, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), () => queryCmsIndex(db, request.body.siteCode)),
  );
  route(app, cmsCalls.catalogTree, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), async () => ({
      result: await queryCatalogTree(db, request.body, false),
    })),
  );
  route(app, cmsCalls.catalogTreeWithContents, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), async () => ({
      result: await queryCatalogTree(db, request.body, true),
    })),
  );
  route(app, cmsCalls.catalogList, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), () => queryCatalogList(db, request.body)),
  );
  route(app, cmsCalls.contentPage, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), () => pageCatalogContents(db, request.body)),
  );
  route(app, cmsCalls.contentDetail, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), async () => ({
      result: await queryContentDetail(db, request.body.id),
    })),
  );
  route(app, cmsCalls.rotatePictures, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), async () => ({
      result: await queryRotatePictures(db, request.body.siteCode, request.body.code),
    })),
  );
  route(app, cmsCalls.randomContents, async (request) => ({
    result: await queryRandomContents(db, request.body.code, request.body.siteCode, request.body.count),
  }));
  route(app, cmsCalls.search, (request, reply) =>
    answers.send(db, request, reply, keyOf(request), () => searchContents(db, request.body)),
  );
};
