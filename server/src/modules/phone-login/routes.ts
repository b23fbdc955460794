import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { JeecgLoginResponse } from './login-result';
import { PhoneLoginBody, SendSmsBody, SendSmsResponse } from './schema';
import { phoneLogin, sendLoginCode } from './service';
import { LogOnlySmsSender, type SmsSender } from './sms-sender';

export interface PhoneLoginOptions {
  db: AppDatabase;
  /** The SMS gateway; default {@link LogOnlySmsSender} (records only). */
  smsSender?: SmsSender;
}

/** Login with an SMS code (docs/auth.md: `POST /account/sms`, `POST /sys/phoneLogin`). */
export const phoneLoginRoutes: FastifyPluginAsyncTypebox<PhoneLoginOptions> = async (app, { db, smsSender }) => {
  const sender = smsSender ?? new LogOnlySmsSender(app.config.appEnv === 'production' ? null : app.log);

  app.post(
    '/account/sms',
    { schema: { body: SendSmsBody, response: { 200: SendSmsResponse } } },
    async (request) => ok(await sendLoginCode(db, sender, request.body.mobile, request.ip)),
  );

  app.post('/sys/phoneLogin', { schema: { body: PhoneLoginBody, response: { 200: JeecgLoginResponse } } }, async (request) =>
    phoneLogin(db, {
      mobile: request.body.mobile,
      captcha: request.body.captcha,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
    }),
  );
};
