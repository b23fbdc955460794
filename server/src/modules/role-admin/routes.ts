import { roleAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import {
  addRole,
  deleteRoles,
  roleExport,
  rolePage,
  rolePermissions,
  saveRolePermissions,
  updateRole,
} from './service';

/** 系统管理 › 角色管理 (docs/auth.md "Role administration"). */
export const roleAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, roleAdminCalls.page, (request) => rolePage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, roleAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await roleExport(db, request.body);
    return sendXlsx(reply, {
      filename: '角色列表.xlsx',
      sheetName: '角色',
      columns,
      batches,
    });
  });

  route(app, roleAdminCalls.add, (request) => addRole(db, request, request.body));
  route(app, roleAdminCalls.update, (request) => updateRole(db, request, request.body));
  route(app, roleAdminCalls.delete, (request) => deleteRoles(db, request, request.body.ids));
  route(app, roleAdminCalls.permissions, (request) => rolePermissions(db, Number(request.body.id)));
  route(app, roleAdminCalls.savePermissions, (request) => saveRolePermissions(db, request, request.body));
};
