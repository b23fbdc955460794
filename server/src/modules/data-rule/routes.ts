import { dataRuleCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { addDataRule, dataRuleExport, dataRuleOptions, dataRulePage, deleteDataRules, updateDataRule } from './service';

/** 系统管理 › 数据权限 (docs/auth.md "Data permissions"). */
export const dataRuleRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, dataRuleCalls.page, (request) => dataRulePage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, dataRuleCalls.export, async (request, reply) => {
    const { columns, batches } = await dataRuleExport(db, request.body);
    return sendXlsx(reply, {
      filename: '数据权限.xlsx',
      sheetName: '数据权限',
      columns,
      batches,
    });
  });

  route(app, dataRuleCalls.options, () => dataRuleOptions(db));
  route(app, dataRuleCalls.add, (request) => addDataRule(db, request, request.body));
  route(app, dataRuleCalls.update, (request) => updateDataRule(db, request, request.body));
  route(app, dataRuleCalls.delete, (request) => deleteDataRules(db, request, request.body.ids));
};
