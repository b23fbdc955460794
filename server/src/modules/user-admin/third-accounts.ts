import { thirdAccountCalls } from '@cotton/sdk/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { sysUsers } from '../../db/schema/index';
import { ApiError } from '../../http/envelope';
import { route } from '../../http/call-route';
import { authOf } from '../auth/authenticate';
import { guardUsers } from '../ceiling/guard';
import { removeBinding, thirdAccountsOf } from '../third-login/bindings';
import { publicProviders } from '../third-login/provider';
import { USER_ADMIN_MESSAGES } from './messages';
import { userScope } from './realm';

/**
 * 用户管理 › 第三方账号 (docs/auth.md "Third-party accounts"): an administrator sees the
 * third-party login bindings of a user and removes them. Registered from routes.ts.
 */

/**
 * The user `id` the administrator may manage, or `404` 用户不存在或已删除: one of the
 * administrator's enterprise that the data permissions of 用户管理 let them see.
 */
export async function thirdAccountTargetUser(
  db: AppDatabase,
  request: FastifyRequest,
  id: number,
): Promise<{ id: number; loginName: string }> {
  // Within the data permissions of 用户管理, as every other user-admin call.
  const { where } = await userScope(db, request);
  const [user] = await db
    .select({ id: sysUsers.id, loginName: sysUsers.loginName })
    .from(sysUsers)
    .where(and(eq(sysUsers.id, id), where));
  if (!user) throw new ApiError('404', USER_ADMIN_MESSAGES.notFound);
  return user;
}

export const userThirdAccountRoutes: FastifyPluginAsync<{ db: AppDatabase }> = async (app, { db }) => {
  // The configured providers' names (a binding of a provider no longer configured shows its id).
  const names = new Map(publicProviders(app.config).map(({ id, name }) => [id, name]));

  route(app, thirdAccountCalls.ofUser, async (request) => {
    const user = await thirdAccountTargetUser(db, request, Number(request.body.id));
    return { accounts: await thirdAccountsOf(db, user.id, names) };
  });

  route(app, thirdAccountCalls.deleteOfUser, async (request) => {
    const user = await thirdAccountTargetUser(db, request, Number(request.body.id));
    await guardUsers(db, authOf(request), [user.id]);
    const { provider, externalId } = request.body;
    // Audited as user.third-unbind; the user's sessions opened through that provider end
    // (the administrator's own session stays, should they be removing their own binding).
    return removeBinding(
      db,
      request,
      { userId: user.id, loginName: user.loginName },
      { provider, externalId },
      authOf(request).session.id,
    );
  });
};
