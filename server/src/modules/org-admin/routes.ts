import { orgAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { importRows, registerListImport } from '../../lib/list/import-rows';
import { sendXlsx } from '../../lib/list/xlsx';
import { orgImport, ORG_IMPORT_SHEET } from './import';
import { parseIdList } from '../shared/id-list';
import { addOrg, deleteOrg, deleteOrgs, orgExport, orgPage, orgTree, updateOrg } from './service';

/** 系统管理 › 机构管理 (docs/auth.md "Organisations, posts and data permissions"). */
export const orgAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, orgAdminCalls.tree, (request) => orgTree(db, request));
  route(app, orgAdminCalls.page, (request) => orgPage(db, request, request.body));
  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, orgAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await orgExport(db, request, request.body);
    return sendXlsx(reply, {
      filename: '机构列表.xlsx',
      sheetName: '机构',
      columns,
      batches,
    });
  });
  route(app, orgAdminCalls.add, (request) => addOrg(db, request, request.body));
  route(app, orgAdminCalls.update, (request) => updateOrg(db, request, request.body));
  route(app, orgAdminCalls.delete, (request) => deleteOrg(db, request, request.body.id));
  route(app, orgAdminCalls.deleteMany, (request) => deleteOrgs(db, request, parseIdList(request.body.ids, '机构编号')));

  await registerListImport(
    app,
    { template: orgAdminCalls.importTemplate, upload: orgAdminCalls.import },
    { filename: '机构导入模板.xlsx', sheetName: '机构', sheet: ORG_IMPORT_SHEET },
    (request, rows) => importRows(db, rows, orgImport(request)),
  );
};
