import { orgAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { addOrg, deleteOrg, orgTree, updateOrg } from './service';

/** 系统管理 › 机构管理 (docs/auth.md "Organisations, posts and data permissions"). */
export const orgAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, orgAdminCalls.tree, (request) => orgTree(db, request));
  route(app, orgAdminCalls.add, (request) => addOrg(db, request, request.body));
  route(app, orgAdminCalls.update, (request) => updateOrg(db, request, request.body));
  route(app, orgAdminCalls.delete, (request) => deleteOrg(db, request, request.body.id));
};
