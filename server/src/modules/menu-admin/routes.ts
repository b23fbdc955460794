import { menuAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { sendXlsx } from '../../lib/list/xlsx';
import { menuExport } from './export';
import { deleteMenu, menuTree, moveMenu, saveMenu } from './service';

/** 系统管理 › 菜单管理 (docs/auth.md "Menu administration"). */
export const menuAdminRoutes: FastifyPluginAsync<{ db: AppDatabase; iframeOrigins: readonly string[] }> = async (
  app,
  { db, iframeOrigins },
) => {
  route(app, menuAdminCalls.tree, () => menuTree(db, iframeOrigins));
  route(app, menuAdminCalls.save, (request) => saveMenu(db, request, request.body, iframeOrigins));
  route(app, menuAdminCalls.move, (request) => moveMenu(db, request, Number(request.body.id), request.body.direction));
  route(app, menuAdminCalls.delete, (request) => deleteMenu(db, request, Number(request.body.id)));
  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, menuAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await menuExport(db, request.body);
    return sendXlsx(reply, { filename: '菜单列表.xlsx', sheetName: '菜单', columns, batches });
  });
};
