import { iconAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { addIcon, deleteIcon, iconList } from './service';

/** 系统管理 › 图标管理 (docs/auth.md "Icons"). */
export const iconAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, iconAdminCalls.list, () => iconList(db));
  route(app, iconAdminCalls.add, (request) => addIcon(db, request, request.body.name));
  route(app, iconAdminCalls.delete, (request) => deleteIcon(db, request, request.body.name));
};
