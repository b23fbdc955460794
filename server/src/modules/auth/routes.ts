import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../http/envelope';
import { classifyError } from '../../http/error-classification';
import { readCookie } from '../shared/cookie';
import { getLoginAgreement, requireCheckedAgreement } from './agreement';
import { authOf, requestToken } from './authenticate';
import { initData } from './init';
import { LOGIN_COOKIE, loginCookie } from './login-cookie';
import { formLogin } from './login-form';
import { loginKeyCache } from './login-key';
import { LOGIN_MESSAGES } from './login-messages';
import {
  AgreementResponse,
  FormLoginQuery,
  EmptyBody,
  FormLoginBody,
  FormLoginResponse,
  InitResponse,
  LoginPublicKeyResponse,
  LogoutQuery,
  LogoutResponse,
  RequireCheckedBody,
  RequireCheckedResponse,
  SliderChallengeResponse,
  SliderVerifyBody,
  SliderVerifyResponse,
  ValidateLoginResponse,
} from './schema';
import { consumeLoginTicket, LOGIN_TICKET_TTL_MS } from './login-ticket';
import { createSession, findUser, isActive, revokeSession, toUserInfo } from './session';
import { createSliderChallenge, verifySlider } from './slider';

/** Where `POST /logout` sends the browser to end the CAS session as well; `null` without CAS. */
function ssoLogoutUrl(casServerUrl: string | null, publicUrl: string): string | null {
  return casServerUrl ? `${casServerUrl}/logout?service=${encodeURIComponent(`${publicUrl}/home`)}` : null;
}

/**
 * Form login and session calls (docs/auth.md "Login calls", "After login"): the slider,
 * the login key, the login agreement, `POST /callback?client_name=form_client`,
 * `GET /cas/client/validateLogin`, `POST /logout` and `POST /rest/auth/init`.
 */
export const authRoutes: FastifyPluginAsyncTypebox<{ db: AppDatabase; config: Config }> = async (
  app,
  { db, config },
) => {
  const loginKey = loginKeyCache(db, config.loginRsaPrivateKey);
  // Made (generating a 2048-bit key takes a tenth of a second) or read when the server
  // starts, not while the first visitor of the login page waits.
  app.addHook('onReady', async () => {
    await loginKey();
  });
  const secureCookie = config.publicUrl.startsWith('https://');

  app.post(
    '/rest/anon/slider/challenge',
    { schema: { body: EmptyBody, response: { 200: SliderChallengeResponse } } },
    async (request) => ok(await createSliderChallenge(db, request.ip)),
  );

  app.post(
    '/rest/anon/slider/verify',
    { schema: { body: SliderVerifyBody, response: { 200: SliderVerifyResponse } } },
    async (request) => ok(await verifySlider(db, { ...request.body, ip: request.ip })),
  );

  app.post(
    '/rest/anon/loginPublicKey',
    { schema: { body: EmptyBody, response: { 200: LoginPublicKeyResponse } } },
    async () => ok({ publicKey: (await loginKey()).publicKeyPem }),
  );

  app.post(
    '/rest/loginagreement/getloginagreement',
    { schema: { body: EmptyBody, response: { 200: AgreementResponse } } },
    async () => ok(await getLoginAgreement(db)),
  );

  app.post(
    '/rest/loginagreement/requirecheckedagreement',
    { schema: { body: RequireCheckedBody, response: { 200: RequireCheckedResponse } } },
    async (request) => ok(await requireCheckedAgreement(db, request.body.customCode)),
  );

  // The form login answers an envelope with HTTP 200 whatever goes wrong (it is not under
  // /rest, where that is the rule): the login page reads rtnCode and rtnMessage.
  await app.register(async (form) => {
    await form.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fields: 4, fieldNameSize: 64, fieldSize: 2048, files: 0, parts: 4, headerPairs: 50 },
    });
    form.setErrorHandler((error, request, reply) => {
      const { failure, internal } = classifyError(error);
      if (internal) request.log.error({ err: error, rtnCode: failure.rtnCode }, failure.message);
      else request.log.info({ rtnCode: failure.rtnCode, rtnMessage: failure.message }, 'login refused');
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ rtnCode: failure.rtnCode, rtnMessage: failure.message, dataSet: null }));
    });
    form.withTypeProvider<import('@fastify/type-provider-typebox').TypeBoxTypeProvider>().post(
      '/callback',
      {
        config: { loginLog: 'form' },
        schema: { querystring: FormLoginQuery, body: FormLoginBody, response: { 200: FormLoginResponse } },
      },
      async (request, reply) => {
        const { ticket, redirect } = await formLogin(db, await loginKey(), {
          authorization: request.body.Authorization,
          ip: request.ip,
          service: request.query.service,
          note: request.loginNote,
        });
        reply.header('set-cookie', loginCookie(ticket, LOGIN_TICKET_TTL_MS / 1000, secureCookie));
        return ok({ redirect });
      },
    );
  });

  app.get(
    '/cas/client/validateLogin',
    { schema: { response: { 200: ValidateLoginResponse } } },
    async (request, reply) => {
      reply.header('set-cookie', loginCookie('', 0, secureCookie)).header('cache-control', 'no-store');
      const ticket = await consumeLoginTicket(db, readCookie(request, LOGIN_COOKIE));
      const user = ticket && (await findUser(db, ticket.userId));
      if (!ticket || !user || !isActive(user)) return { success: false, message: LOGIN_MESSAGES.ticket };
      const token = await createSession(db, {
        userId: user.id,
        clientName: ticket.clientName,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { success: true, message: LOGIN_MESSAGES.success, result: { token, userInfo: toUserInfo(user) } };
    },
  );

  app.post('/logout', { schema: { querystring: LogoutQuery, response: { 200: LogoutResponse } } }, async (request) => {
    await revokeSession(db, requestToken(request));
    return ok({ ssoLogoutUrl: ssoLogoutUrl(config.casServerUrl, config.publicUrl) });
  });

  app.post(
    '/rest/auth/init',
    { config: { permission: null }, schema: { body: EmptyBody, response: { 200: InitResponse } } },
    async (request) => ok(await initData(db, authOf(request).user)),
  );
};
