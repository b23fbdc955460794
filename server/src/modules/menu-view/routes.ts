import { menuViewCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { addMenuView, visitedMenus } from './service';

/** 最近访问 and 常用功能 (docs/auth.md "Menu visits"): any logged-in user, their own visits only. */
export const menuViewRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, menuViewCalls.add, (request) => addMenuView(db, request, request.body.path));
  route(app, menuViewCalls.recent, (request) => visitedMenus(db, request, 'recent'));
  route(app, menuViewCalls.frequent, (request) => visitedMenus(db, request, 'frequent'));
};
