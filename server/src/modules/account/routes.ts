import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { authOf } from '../auth/authenticate';
import { smsSenderFor } from '../sms/sender';
import {
  AccountCenterResponse,
  EmptyBody,
  NullResponse,
  SendBindPhoneCodeBody,
  SendBindPhoneCodeResponse,
  UpdPwdBody,
  UpdUserDefaultBody,
  UserInfoResponse,
  ValPwdBody,
} from './schema';
import { accountCenter, checkOldPassword, sendBindPhoneCode, updatePassword, updateUserDefault } from './service';

/** 个人中心 (docs/auth.md): every logged-in user manages their own account. */
export const accountRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const sender = smsSenderFor(app.config, app.log);

  app.post(
    '/rest/user/accountCenter',
    { config: { permission: null }, schema: { body: EmptyBody, response: { 200: AccountCenterResponse } } },
    async (request) => ok(await accountCenter(db, authOf(request))),
  );

  app.post(
    '/rest/user/UpdUserDefault',
    { config: { permission: null }, schema: { body: UpdUserDefaultBody, response: { 200: UserInfoResponse } } },
    async (request) => ok(await updateUserDefault(db, request, authOf(request), request.body)),
  );

  app.post(
    '/rest/user/sendBindPhoneCode',
    {
      config: { permission: null },
      schema: { body: SendBindPhoneCodeBody, response: { 200: SendBindPhoneCodeResponse } },
    },
    async (request) => ok(await sendBindPhoneCode(db, sender, authOf(request), request.body.phone, request.ip)),
  );

  app.post(
    '/rest/user/valPwd',
    { config: { permission: null }, schema: { body: ValPwdBody, response: { 200: NullResponse } } },
    async (request) => {
      await checkOldPassword(db, authOf(request), request.body.oldPassword, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/rest/user/UpdPwd',
    { config: { permission: null }, schema: { body: UpdPwdBody, response: { 200: NullResponse } } },
    async (request) => ok(await updatePassword(db, authOf(request), request.body, request.ip)),
  );
};
