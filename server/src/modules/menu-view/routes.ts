import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { AddMenuViewBody, MenuViewedResponse, VisitedMenusResponse } from './schema';
import { addMenuView, visitedMenus } from './service';

/** 最近访问 and 常用功能 (docs/auth.md "Menu visits"): any logged-in user, their own visits only. */
export const menuViewRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/menu/addMenuView',
    { config: { permission: null }, schema: { body: AddMenuViewBody, response: { 200: MenuViewedResponse } } },
    async (request) => ok(await addMenuView(db, request, request.body.path)),
  );

  app.post(
    '/rest/menu/UserNearMenuList',
    { config: { permission: null }, schema: { response: { 200: VisitedMenusResponse } } },
    async (request) => ok(await visitedMenus(db, request, 'recent')),
  );

  app.post(
    '/rest/menu/UserMenuList',
    { config: { permission: null }, schema: { response: { 200: VisitedMenusResponse } } },
    async (request) => ok(await visitedMenus(db, request, 'frequent')),
  );
};
