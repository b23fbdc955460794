import { postAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { importRows, registerListImport } from '../../lib/list/import-rows';
import { postImport, POST_IMPORT_SHEET } from './import';
import { addPost, deletePosts, postExport, postPage, updatePost } from './service';

/** 系统管理 › 岗位管理 (docs/auth.md "Organisations, posts and data permissions"). */
export const postAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, postAdminCalls.page, (request) => postPage(db, request.body));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, postAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await postExport(db, request.body);
    return sendXlsx(reply, {
      filename: '岗位列表.xlsx',
      sheetName: '岗位',
      columns,
      batches,
    });
  });

  route(app, postAdminCalls.add, (request) => addPost(db, request, request.body));
  route(app, postAdminCalls.update, (request) => updatePost(db, request, request.body));
  route(app, postAdminCalls.delete, (request) => deletePosts(db, request, request.body.ids));

  await registerListImport(
    app,
    { template: postAdminCalls.importTemplate, upload: postAdminCalls.import },
    { filename: '岗位导入模板.xlsx', sheetName: '岗位', sheet: POST_IMPORT_SHEET },
    (request, rows) => importRows(db, rows, postImport(request)),
  );
};
