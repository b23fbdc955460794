import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  AddedRoleResponse,
  AddRoleBody,
  AdminRolePageResponse,
  DelRoleBody,
  ListRequest,
  RoleDeletedResponse,
  RolePermissionsBody,
  RolePermissionsResponse,
  RoleUpdatedResponse,
  SaveRolePermissionsBody,
  UpdRoleBody,
} from './schema';
import {
  addRole,
  deleteRoles,
  ROLE_ADD_PERMISSION,
  ROLE_DELETE_PERMISSION,
  ROLE_EDIT_PERMISSION,
  ROLE_GRANT_PERMISSION,
  ROLE_LIST_PERMISSION,
  rolePage,
  rolePermissions,
  saveRolePermissions,
  updateRole,
} from './service';

/** 系统管理 › 角色管理 (docs/auth.md "Role administration"). */
export const roleAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/role/getRolePage',
    {
      config: { permission: ROLE_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminRolePageResponse } },
    },
    async (request) => ok(await rolePage(db, request.body)),
  );

  app.post(
    '/rest/role/addRole',
    {
      config: { permission: ROLE_ADD_PERMISSION },
      schema: { body: AddRoleBody, response: { 200: AddedRoleResponse } },
    },
    async (request) => ok(await addRole(db, request, request.body)),
  );

  app.post(
    '/rest/role/updRole',
    {
      config: { permission: ROLE_EDIT_PERMISSION },
      schema: { body: UpdRoleBody, response: { 200: RoleUpdatedResponse } },
    },
    async (request) => ok(await updateRole(db, request, request.body)),
  );

  app.post(
    '/rest/role/delRole',
    {
      config: { permission: ROLE_DELETE_PERMISSION },
      schema: { body: DelRoleBody, response: { 200: RoleDeletedResponse } },
    },
    async (request) => ok(await deleteRoles(db, request, request.body.ids)),
  );

  app.post(
    '/rest/role/getRolePermissions',
    {
      config: { permission: ROLE_GRANT_PERMISSION },
      schema: { body: RolePermissionsBody, response: { 200: RolePermissionsResponse } },
    },
    async (request) => ok(await rolePermissions(db, Number(request.body.id))),
  );

  app.post(
    '/rest/role/saveRolePermissions',
    {
      config: { permission: ROLE_GRANT_PERMISSION },
      schema: { body: SaveRolePermissionsBody, response: { 200: RoleUpdatedResponse } },
    },
    async (request) => ok(await saveRolePermissions(db, request, request.body)),
  );
};
