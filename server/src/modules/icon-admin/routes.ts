import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { EmptyBody, IconChangedResponse, IconListResponse, IconNameBody } from './schema';
import {
  addIcon,
  deleteIcon,
  ICON_ADD_PERMISSION,
  ICON_DELETE_PERMISSION,
  ICON_LIST_PERMISSION,
  iconList,
} from './service';

/** 系统管理 › 图标管理 (docs/auth.md "Icons"). */
export const iconAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/icon/Geticon',
    { config: { permission: ICON_LIST_PERMISSION }, schema: { body: EmptyBody, response: { 200: IconListResponse } } },
    async () => ok(await iconList(db)),
  );

  app.post(
    '/rest/icon/Addicon',
    {
      config: { permission: ICON_ADD_PERMISSION },
      schema: { body: IconNameBody, response: { 200: IconChangedResponse } },
    },
    async (request) => ok(await addIcon(db, request, request.body.name)),
  );

  app.post(
    '/rest/icon/Delicon',
    {
      config: { permission: ICON_DELETE_PERMISSION },
      schema: { body: IconNameBody, response: { 200: IconChangedResponse } },
    },
    async (request) => ok(await deleteIcon(db, request, request.body.name)),
  );
};
