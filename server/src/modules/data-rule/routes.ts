import { dataRuleCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { addDataRule, dataRuleOptions, dataRulePage, deleteDataRules, updateDataRule } from './service';

/** 系统管理 › 数据权限 (docs/auth.md "Data permissions"). */
export const dataRuleRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, dataRuleCalls.page, (request) => dataRulePage(db, request.body));
  route(app, dataRuleCalls.options, () => dataRuleOptions(db));
  route(app, dataRuleCalls.add, (request) => addDataRule(db, request, request.body));
  route(app, dataRuleCalls.update, (request) => updateDataRule(db, request, request.body));
  route(app, dataRuleCalls.delete, (request) => deleteDataRules(db, request, request.body.ids));
};
