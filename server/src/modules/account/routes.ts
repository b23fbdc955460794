import { accountCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { authOf } from '../auth/authenticate';
import { smsSenderFor } from '../sms/sender';
import { accountCenter, checkOldPassword, sendBindPhoneCode, updatePassword, updateUserDefault } from './service';

/** 个人中心 (docs/auth.md): every logged-in user manages their own account. */
export const accountRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const sender = smsSenderFor(app.config, app.log);

  route(app, accountCalls.center, (request) => accountCenter(db, authOf(request)));
  route(app, accountCalls.updateDefaults, (request) => updateUserDefault(db, request, authOf(request), request.body));
  route(app, accountCalls.sendBindPhoneCode, (request) =>
    sendBindPhoneCode(db, sender, authOf(request), request.body.phone, request.ip),
  );
  route(app, accountCalls.checkPassword, async (request) => {
    await checkOldPassword(db, authOf(request), request.body.oldPassword, request.ip);
    return null;
  });
  route(app, accountCalls.updatePassword, (request) => updatePassword(db, authOf(request), request.body, request.ip));
};
