import { enterpriseUserCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { eq, sql } from 'drizzle-orm';
import { sysEnterprises } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { route } from '../../http/call-route';
import { authOf } from '../auth/authenticate';
import { sendXlsx } from '../../lib/list/xlsx';
import { userExport, userPage } from '../user-admin/list';
import { ENTERPRISE_USERS } from '../user-admin/realm';
import { addUser, deleteUsers, freezeUsers, resetPassword, updateUser, userBindRoles } from '../user-admin/writes';

/** What a centre user is told (docs/auth.md "Enterprise administrators"). */
export const NOT_REGISTERED_MESSAGE = '企业管理仅供注册审核通过的企业使用，本单位的账号请在系统管理 › 用户管理中维护';

/**
 * 企业管理 › 用户管理 is for enterprises that registered (their information comes from an
 * approved application): the centre's own accounts are managed in 系统管理 › 用户管理 under
 * its data rules, which this realm (its own rules on 企业用户管理, no organisations) would
 * step around.
 */
async function checkRegisteredEnterprise(db: AppDatabase, enterpriseId: number): Promise<void> {
  const [enterprise] = await db
    .select({ registered: sql<boolean>`${sysEnterprises.registerApplyId} is not null` })
    .from(sysEnterprises)
    .where(eq(sysEnterprises.id, enterpriseId));
  if (!enterprise?.registered) throw new ApiError('403', NOT_REGISTERED_MESSAGE);
}

/**
 * 企业管理 › 用户管理 (docs/auth.md "Enterprise administrators"): an approved enterprise's
 * administrator manages the accounts of their own enterprise — the same service, data scope
 * and ceiling as 系统管理 › 用户管理 (user-admin/list.ts and writes.ts, realm `ENTERPRISE_USERS`
 * in realm.ts), with the enterprise's own codes and only the roles the centre marks grantable
 * to enterprises.
 */
export const enterpriseUserRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  const realm = ENTERPRISE_USERS;
  // The centre's users are refused whatever they send (after the permission check, before the body's).
  app.addHook('preValidation', async (request) => checkRegisteredEnterprise(db, authOf(request).user.enterpriseId));

  route(app, enterpriseUserCalls.page, (request) => userPage(db, request, request.body, realm));
  // 导出 as 系统管理 › 用户管理's, the enterprise's accounts only (a file; a refusal before the first byte is an envelope).
  route(app, enterpriseUserCalls.export, async (request, reply) => {
    const { columns, batches } = await userExport(db, request, request.body, realm);
    return sendXlsx(reply, {
      filename: '用户列表.xlsx',
      sheetName: '用户',
      columns,
      batches,
    });
  });
  route(app, enterpriseUserCalls.add, (request) => addUser(db, request, request.body, realm));
  route(app, enterpriseUserCalls.update, (request) => updateUser(db, request, request.body, realm));
  route(app, enterpriseUserCalls.delete, (request) => deleteUsers(db, request, request.body.ids, realm));
  route(app, enterpriseUserCalls.freeze, (request) => freezeUsers(db, request, request.body, realm));
  route(app, enterpriseUserCalls.password, (request) => resetPassword(db, request, request.body, realm));
  route(app, enterpriseUserCalls.bindRoles, (request) => userBindRoles(db, request, request.body.id, realm));
};
