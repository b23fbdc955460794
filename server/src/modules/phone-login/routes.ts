import { loginCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import { agreementRefusal } from '../auth/agreement';
import { noteLogin } from '../log/login-log';
import { jeecgFailure } from './login-result';
import { PHONE_LOGIN_UNAVAILABLE_MESSAGE, phoneLogin, sendLoginCode } from './service';
import { smsSenderFor } from '../sms/sender';

/**
 * Login with an SMS code (docs/auth.md: `POST /account/sms`, `POST /sys/phoneLogin`). In
 * production without an SMS gateway both calls refuse with a clear message and the portal
 * configuration tells the login page to hide the phone tab.
 */
export const phoneLoginRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase }> = async (app, { db }) => {
  const sender = smsSenderFor(app.config, app.log);

  route(app, loginCalls.sendSms, async (request) => {
    if (!sender) throw new ApiError('504', PHONE_LOGIN_UNAVAILABLE_MESSAGE);
    return sendLoginCode(db, sender, request.body.mobile, request.ip);
  });

  // No envelope (jeecg's answer).
  route(app, loginCalls.phoneLogin, { config: { loginLog: 'phone' } }, async (request) => {
    noteLogin(request.loginNote, { account: request.body.mobile.trim() });
    if (!sender) return jeecgFailure(PHONE_LOGIN_UNAVAILABLE_MESSAGE);
    const refusal = await agreementRefusal(db, request.body.agreed === '1');
    if (refusal) return jeecgFailure(refusal);
    return phoneLogin(db, {
      mobile: request.body.mobile,
      captcha: request.body.captcha,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
      note: request.loginNote,
    });
  });
};
