import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  DelMenuBody,
  DeletedMenuResponse,
  EmptyBody,
  MenuTreeResponse,
  SavedMenuResponse,
  SaveMenuBody,
} from './schema';
import {
  deleteMenu,
  MENU_DELETE_PERMISSION,
  MENU_EDIT_PERMISSION,
  MENU_LIST_PERMISSION,
  menuTree,
  saveMenu,
} from './service';

/** 系统管理 › 菜单管理 (docs/auth.md "Menu administration"). */
export const menuAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/menu/getMenuTree',
    { config: { permission: MENU_LIST_PERMISSION }, schema: { body: EmptyBody, response: { 200: MenuTreeResponse } } },
    async () => ok(await menuTree(db)),
  );

  app.post(
    '/rest/menu/addMenuRel',
    {
      config: { permission: MENU_EDIT_PERMISSION },
      schema: { body: SaveMenuBody, response: { 200: SavedMenuResponse } },
    },
    async (request) => ok(await saveMenu(db, request, request.body)),
  );

  app.post(
    '/rest/menu/delMenuRel',
    {
      config: { permission: MENU_DELETE_PERMISSION },
      schema: { body: DelMenuBody, response: { 200: DeletedMenuResponse } },
    },
    async (request) => ok(await deleteMenu(db, request, Number(request.body.id))),
  );
};
