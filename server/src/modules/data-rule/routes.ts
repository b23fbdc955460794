import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  AddDataRuleBody,
  AddedDataRuleResponse,
  AdminDataRulePageResponse,
  DataRuleDeletedResponse,
  DataRuleOptionsResponse,
  DataRuleUpdatedResponse,
  DelDataRuleBody,
  EmptyBody,
  ListRequest,
  UpdDataRuleBody,
} from './schema';
import {
  addDataRule,
  DATA_RULE_ADD_PERMISSION,
  DATA_RULE_DELETE_PERMISSION,
  DATA_RULE_EDIT_PERMISSION,
  DATA_RULE_LIST_PERMISSION,
  dataRuleOptions,
  dataRulePage,
  deleteDataRules,
  updateDataRule,
} from './service';

/** 系统管理 › 数据权限 (docs/auth.md "Data permissions"). */
export const dataRuleRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/datapermission/getDataRulePage',
    {
      config: { permission: DATA_RULE_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminDataRulePageResponse } },
    },
    async (request) => ok(await dataRulePage(db, request.body)),
  );

  app.post(
    '/rest/datapermission/getDataRuleOptions',
    {
      config: { permission: DATA_RULE_LIST_PERMISSION },
      schema: { body: EmptyBody, response: { 200: DataRuleOptionsResponse } },
    },
    async () => ok(await dataRuleOptions(db)),
  );

  app.post(
    '/rest/datapermission/addDataRule',
    {
      config: { permission: DATA_RULE_ADD_PERMISSION },
      schema: { body: AddDataRuleBody, response: { 200: AddedDataRuleResponse } },
    },
    async (request) => ok(await addDataRule(db, request, request.body)),
  );

  app.post(
    '/rest/datapermission/updDataRule',
    {
      config: { permission: DATA_RULE_EDIT_PERMISSION },
      schema: { body: UpdDataRuleBody, response: { 200: DataRuleUpdatedResponse } },
    },
    async (request) => ok(await updateDataRule(db, request, request.body)),
  );

  app.post(
    '/rest/datapermission/delDataRule',
    {
      config: { permission: DATA_RULE_DELETE_PERMISSION },
      schema: { body: DelDataRuleBody, response: { 200: DataRuleDeletedResponse } },
    },
    async (request) => ok(await deleteDataRules(db, request, request.body.ids)),
  );
};
