import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  AddedOrgResponse,
  AddOrgBody,
  AdminOrgTreeResponse,
  DelOrgBody,
  EmptyBody,
  OrgDeletedResponse,
  OrgUpdatedResponse,
  UpdOrgBody,
} from './schema';
import {
  addOrg,
  deleteOrg,
  ORG_ADD_PERMISSION,
  ORG_DELETE_PERMISSION,
  ORG_EDIT_PERMISSION,
  ORG_LIST_PERMISSION,
  orgTree,
  updateOrg,
} from './service';

/** 系统管理 › 机构管理 (docs/auth.md "Organisations, posts and data permissions"). */
export const orgAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/organ/getOrganTree',
    {
      config: { permission: ORG_LIST_PERMISSION },
      schema: { body: EmptyBody, response: { 200: AdminOrgTreeResponse } },
    },
    async (request) => ok(await orgTree(db, request)),
  );

  app.post(
    '/rest/organ/addOrgan',
    { config: { permission: ORG_ADD_PERMISSION }, schema: { body: AddOrgBody, response: { 200: AddedOrgResponse } } },
    async (request) => ok(await addOrg(db, request, request.body)),
  );

  app.post(
    '/rest/organ/updOrgan',
    {
      config: { permission: ORG_EDIT_PERMISSION },
      schema: { body: UpdOrgBody, response: { 200: OrgUpdatedResponse } },
    },
    async (request) => ok(await updateOrg(db, request, request.body)),
  );

  app.post(
    '/rest/organ/delOrgan',
    {
      config: { permission: ORG_DELETE_PERMISSION },
      schema: { body: DelOrgBody, response: { 200: OrgDeletedResponse } },
    },
    async (request) => ok(await deleteOrg(db, request, request.body.id)),
  );
};
