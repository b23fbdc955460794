import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { PublicAnswerCache, stableKey } from '../../lib/public-answer-cache';
import { ok } from '../../http/envelope';
import {
  CatalogListBody,
  CatalogListResponse,
  CatalogTreeBody,
  CatalogTreeResponse,
  CatalogTreeWithComponentResponse,
  CmsIndexBody,
  CmsIndexResponse,
  ContentDetailBody,
  ContentDetailResponse,
  ContentListResponse,
  PageContentBody,
  PageContentResponse,
  QuerySitesBody,
  RandomContentsBody,
  RotatePicturesBody,
  SearchContentBody,
  SearchContentResponse,
  SiteDetailBody,
  SiteDetailResponse,
  SitesResponse,
} from './schema';
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
export const cmsRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  /**
   * The answers but the random ones, kept per change of the content tables (docs/architecture.md
   * "Public answer cache"), keyed by the route and its validated body.
   */
  const answers = new PublicAnswerCache({
    tables: ['cms_sites', 'cms_catalogs', 'cms_contents'],
    maxEntries: 4000,
  });

  app.post(
    '/rest/cms_site/querySiteDetailInfo',
    { schema: { body: SiteDetailBody, response: { 200: SiteDetailResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, async () => ({
        result: await querySiteDetail(db, request.body.siteCode, request.body.siteId),
      })),
  );
  app.post(
    '/rest/componentService/querySites',
    { schema: { body: QuerySitesBody, response: { 200: SitesResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, async () => ({
        result: await querySites(db, request.body.siteCodes),
      })),
  );
  app.post(
    '/rest/cms/index',
    { schema: { body: CmsIndexBody, response: { 200: CmsIndexResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, () =>
        queryCmsIndex(db, request.body.siteCode),
      ),
  );
  app.post(
    '/rest/cmsCatalog/queryCatalogTree',
    { schema: { body: CatalogTreeBody, response: { 200: CatalogTreeResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, async () => ({
        result: await queryCatalogTree(db, request.body, false),
      })),
  );
  app.post(
    '/rest/cmsCatalog/queryCatalogTreeWithComponent',
    { schema: { body: CatalogTreeBody, response: { 200: CatalogTreeWithComponentResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, async () => ({
        result: await queryCatalogTree(db, request.body, true),
      })),
  );
  app.post(
    '/rest/cmsCatalog/queryCatalogList',
    { schema: { body: CatalogListBody, response: { 200: CatalogListResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, () =>
        queryCatalogList(db, request.body),
      ),
  );
  app.post(
    '/rest/cmsContent/PageCmsContentAndTemService',
    { schema: { body: PageContentBody, response: { 200: PageContentResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, () =>
        pageCatalogContents(db, request.body),
      ),
  );
  app.post(
    '/rest/cmsContent/contentDetail',
    { schema: { body: ContentDetailBody, response: { 200: ContentDetailResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, async () => ({
        result: await queryContentDetail(db, request.body.id),
      })),
  );
  app.post(
    '/rest/cmsContent/rotatePictures',
    { schema: { body: RotatePicturesBody, response: { 200: ContentListResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, async () => ({
        result: await queryRotatePictures(db, request.body.siteCode, request.body.code),
      })),
  );
  app.post(
    '/rest/cmsContent/randomContents',
    { schema: { body: RandomContentsBody, response: { 200: ContentListResponse } } },
    async (request) =>
      ok({ result: await queryRandomContents(db, request.body.code, request.body.siteCode, request.body.count) }),
  );
  app.post(
    '/rest/cmsContent/searchContent',
    { schema: { body: SearchContentBody, response: { 200: SearchContentResponse } } },
    async (request, reply) =>
      answers.send(db, request, reply, `${request.routeOptions.url} ${stableKey(request.body)}`, () =>
        searchContents(db, request.body),
      ),
  );
};
