import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import {
  AddedUserResponse,
  AddUserBody,
  AdminUserPageResponse,
  AllUserBody,
  ListBatchDeleteBody,
  ListExportBody,
  ListDeletedResponse,
  ListImportResultResponse,
  ListRequest,
  UpdatedResponse,
  UpdFrozenUserBody,
  UpdPwdUserBody,
  UpdUserBody,
  UserBindRolesBody,
  UserBindRolesResponse,
  UserIdsBody,
  UserOptionsResponse,
} from './schema';
import {
  addUser,
  allUsers,
  deleteUsers,
  freezeUsers,
  resetPassword,
  updateUser,
  USER_ADD_PERMISSION,
  USER_DELETE_PERMISSION,
  USER_EDIT_PERMISSION,
  USER_EXPORT_COLUMNS,
  USER_EXPORT_PERMISSION,
  USER_LIST_PERMISSION,
  userBindRoles,
  userPage,
  userExport,
  usersByIds,
} from './service';
import { pickColumns, sendXlsx } from '../../lib/list/xlsx';
import { readSheet, readUpload, registerImportUpload, sendImportTemplate } from '../../lib/list/xlsx-import';
import { importUsers, USER_IMPORT_PERMISSION, USER_IMPORT_SHEET } from './import';
import { userThirdAccountRoutes } from './third-accounts';

/** 系统管理 › 用户管理 (docs/auth.md "User administration"). */
export const userAdminRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/rest/user/getUserPage',
    {
      config: { permission: USER_LIST_PERMISSION },
      schema: { body: ListRequest, response: { 200: AdminUserPageResponse } },
    },
    async (request) => ok(await userPage(db, request, request.body)),
  );

  app.post(
    '/rest/user/AddUser',
    {
      config: { permission: USER_ADD_PERMISSION },
      schema: { body: AddUserBody, response: { 200: AddedUserResponse } },
    },
    async (request) => ok(await addUser(db, request, request.body)),
  );

  app.post(
    '/rest/user/UpdUser',
    { config: { permission: USER_EDIT_PERMISSION }, schema: { body: UpdUserBody, response: { 200: UpdatedResponse } } },
    async (request) => ok(await updateUser(db, request, request.body)),
  );

  app.post(
    '/rest/user/DelUser',
    {
      config: { permission: USER_DELETE_PERMISSION },
      schema: { body: ListBatchDeleteBody, response: { 200: ListDeletedResponse } },
    },
    async (request) => ok(await deleteUsers(db, request, request.body.ids)),
  );

  app.post(
    '/rest/user/UpdFrozenUser',
    {
      config: { permission: USER_EDIT_PERMISSION },
      schema: { body: UpdFrozenUserBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await freezeUsers(db, request, request.body)),
  );

  app.post(
    '/rest/user/UpdPwdUser',
    {
      config: { permission: USER_EDIT_PERMISSION },
      schema: { body: UpdPwdUserBody, response: { 200: UpdatedResponse } },
    },
    async (request) => ok(await resetPassword(db, request, request.body)),
  );

  app.post(
    '/rest/user/getUserBindRoles',
    {
      config: { permission: USER_LIST_PERMISSION },
      schema: { body: UserBindRolesBody, response: { 200: UserBindRolesResponse } },
    },
    async (request) => ok(await userBindRoles(db, request, request.body.id)),
  );

  app.post(
    '/rest/user/getAllUser',
    {
      config: { permission: USER_LIST_PERMISSION },
      schema: { body: AllUserBody, response: { 200: UserOptionsResponse } },
    },
    async (request) => ok(await allUsers(db, request, request.body.keyword)),
  );

  app.post(
    '/rest/user/getUserIdsUser',
    {
      config: { permission: USER_LIST_PERMISSION },
      schema: { body: UserIdsBody, response: { 200: UserOptionsResponse } },
    },
    async (request) => ok(await usersByIds(db, request, request.body.ids)),
  );

  app.post(
    '/rest/user/exportXls',
    // A file, not an envelope: no response schema; a refusal before the first byte is an envelope.
    { config: { permission: USER_EXPORT_PERMISSION }, schema: { body: ListExportBody } },
    async (request, reply) => {
      const { columns, batches } = await userExport(db, request, request.body);
      return sendXlsx(reply, {
        filename: '用户列表.xlsx',
        sheetName: '用户',
        // The columns shown (`field`), else all.
        columns: pickColumns(USER_EXPORT_COLUMNS, columns),
        batches,
      });
    },
  );

  app.post(
    '/rest/user/importTemplate',
    // The template: the import's header row (required columns marked *).
    { config: { permission: USER_IMPORT_PERMISSION }, schema: {} },
    async (_request, reply) =>
      sendImportTemplate(reply, { filename: '用户导入模板.xlsx', sheetName: '用户', sheet: USER_IMPORT_SHEET }),
  );

  // The file comes as multipart, parsed only here (one file of at most 2 MB).
  await app.register(async (upload) => {
    await registerImportUpload(upload);
    upload.post(
      '/rest/user/importXls',
      { config: { permission: USER_IMPORT_PERMISSION }, schema: { response: { 200: ListImportResultResponse } } },
      async (request) =>
        ok(await importUsers(db, request, await readSheet(await readUpload(request), USER_IMPORT_SHEET))),
    );
  });

  // 第三方账号: a user's third-party login bindings (getUserThirdAccounts, delUserThirdAccount).
  await app.register(userThirdAccountRoutes, { db });
};
