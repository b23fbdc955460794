import fastifyMultipart from '@fastify/multipart';
import { loginCalls, sessionCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { route } from '../../http/call-route';
import { classifyError } from '../../http/error-classification';
import { readCookie } from '../shared/cookie';
import { getLoginAgreement, requireCheckedAgreement } from './agreement';
import { authOf, requestToken } from './authenticate';
import { initData } from './init';
import { LOGIN_COOKIE, loginCookie } from './login-cookie';
import { formLogin } from './login-form';
import { loginKeyCache } from './login-key';
import { LOGIN_MESSAGES } from './login-messages';
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

  route(app, loginCalls.sliderChallenge, (request) => createSliderChallenge(db, request.ip));
  route(app, loginCalls.sliderVerify, (request) => verifySlider(db, { ...request.body, ip: request.ip }));
  route(app, loginCalls.publicKey, async () => ({ publicKey: (await loginKey()).publicKeyPem }));
  route(app, loginCalls.agreement, () => getLoginAgreement(db));
  route(app, loginCalls.agreementChecked, (request) => requireCheckedAgreement(db, request.body.customCode));

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
    route(form, loginCalls.formLogin, { config: { loginLog: 'form' } }, async (request, reply) => {
      const { ticket, redirect } = await formLogin(db, await loginKey(), {
        authorization: request.body.Authorization,
        ip: request.ip,
        service: request.query.service,
        note: request.loginNote,
      });
      reply.header('set-cookie', loginCookie(ticket, LOGIN_TICKET_TTL_MS / 1000, secureCookie));
      return { redirect };
    });
  });

  // No envelope: the login page reads `success`.
  route(app, loginCalls.validateLogin, async (request, reply) => {
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
  });

  route(app, loginCalls.logout, async (request) => {
    await revokeSession(db, requestToken(request));
    return { ssoLogoutUrl: ssoLogoutUrl(config.casServerUrl, config.publicUrl) };
  });

  route(app, sessionCalls.init, (request) => initData(db, authOf(request).user));
};
