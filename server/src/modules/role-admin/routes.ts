import { roleAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { addRole, deleteRoles, rolePage, rolePermissions, saveRolePermissions, updateRole } from './service';

/** 系统管理 › 角色管理 (docs/auth.md "Role administration"). */
export const roleAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, roleAdminCalls.page, (request) => rolePage(db, request.body));
  route(app, roleAdminCalls.add, (request) => addRole(db, request, request.body));
  route(app, roleAdminCalls.update, (request) => updateRole(db, request, request.body));
  route(app, roleAdminCalls.delete, (request) => deleteRoles(db, request, request.body.ids));
  route(app, roleAdminCalls.permissions, (request) => rolePermissions(db, Number(request.body.id)));
  route(app, roleAdminCalls.savePermissions, (request) => saveRolePermissions(db, request, request.body));
};
