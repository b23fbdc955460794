import { userAdminCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { userExport, userPage } from './list';
import { allUsers, usersByIds } from './options';
import { addUser, deleteUsers, freezeUsers, resetPassword, updateUser, userBindRoles } from './writes';
import { sendXlsx } from '../../lib/list/xlsx';
import { registerListImport } from '../../lib/list/import-rows';
import { importUsers, USER_IMPORT_SHEET } from './import';
import { userThirdAccountRoutes } from './third-accounts';

/** 系统管理 › 用户管理 (docs/auth.md "User administration"). */
export const userAdminRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  route(app, userAdminCalls.page, (request) => userPage(db, request, request.body));
  route(app, userAdminCalls.add, (request) => addUser(db, request, request.body));
  route(app, userAdminCalls.update, (request) => updateUser(db, request, request.body));
  route(app, userAdminCalls.delete, (request) => deleteUsers(db, request, request.body.ids));
  route(app, userAdminCalls.freeze, (request) => freezeUsers(db, request, request.body));
  route(app, userAdminCalls.password, (request) => resetPassword(db, request, request.body));
  route(app, userAdminCalls.bindRoles, (request) => userBindRoles(db, request, request.body.id));
  route(app, userAdminCalls.all, (request) => allUsers(db, request, request.body.keyword));
  route(app, userAdminCalls.byIds, (request) => usersByIds(db, request, request.body.ids));

  // A file, not an envelope; a refusal before the first byte is an envelope.
  route(app, userAdminCalls.export, async (request, reply) => {
    const { columns, batches } = await userExport(db, request, request.body);
    return sendXlsx(reply, {
      filename: '用户列表.xlsx',
      sheetName: '用户',
      // The columns shown (`field`), else all.
      columns,
      batches,
    });
  });

  // 导入: the template (the header row, required columns marked *) and the file (multipart).
  await registerListImport(
    app,
    { template: userAdminCalls.importTemplate, upload: userAdminCalls.import },
    { filename: '用户导入模板.xlsx', sheetName: '用户', sheet: USER_IMPORT_SHEET },
    (request, rows) => importUsers(db, request, rows),
  );

  // 第三方账号: a user's third-party login bindings (getUserThirdAccounts, delUserThirdAccount).
  await app.register(userThirdAccountRoutes, { db });
};
