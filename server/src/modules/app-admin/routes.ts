import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  AddAppBody,
  AddedAppResponse,
  AdminAppPageResponse,
  AppDeletedResponse,
  AppFormOptionsResponse,
  AppUpdatedResponse,
  DelAppBody,
  EmptyBody,
  ListRequest,
  UpdAppBody,
} from './schema';
import {
  addApp,
  APP_ADD_PERMISSION,
  APP_DELETE_PERMISSION,
  APP_EDIT_PERMISSION,
  APP_LIST_PERMISSION,
  appOptions,
  appPage,
  deleteApps,
  updateApp,
} from './service';

/** 系统管理 › 应用管理 (docs/auth.md "App administration"). */
export const appAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/app/getAppPage',
    {
      config: { permission: APP_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminAppPageResponse } },
    },
    async (request) => ok(await appPage(db, request.body)),
  );

  app.post(
    '/rest/app/getAppOptions',
    {
      config: { permission: APP_LIST_PERMISSION },
      schema: { body: EmptyBody, response: { 200: AppFormOptionsResponse } },
    },
    async () => ok(await appOptions(db)),
  );

  app.post(
    '/rest/app/addApp',
    {
      config: { permission: APP_ADD_PERMISSION },
      schema: { body: AddAppBody, response: { 200: AddedAppResponse } },
    },
    async (request) => ok(await addApp(db, request, request.body)),
  );

  app.post(
    '/rest/app/updApp',
    {
      config: { permission: APP_EDIT_PERMISSION },
      schema: { body: UpdAppBody, response: { 200: AppUpdatedResponse } },
    },
    async (request) => ok(await updateApp(db, request, request.body)),
  );

  app.post(
    '/rest/app/delApp',
    {
      config: { permission: APP_DELETE_PERMISSION },
      schema: { body: DelAppBody, response: { 200: AppDeletedResponse } },
    },
    async (request) => ok(await deleteApps(db, request, request.body.ids)),
  );
};
