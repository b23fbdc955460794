import { loginCalls } from '@cotton/sdk/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOGIN_ERRORS, type LoginErrorCode } from '@cotton/sdk/validators';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { LOGIN_COOKIE, LOGIN_COOKIE_PATH } from '../auth/login-cookie';
import { localRedirect } from '../auth/login-form';
import { issueLoginTicket, LOGIN_TICKET_TTL_MS } from '../auth/login-ticket';
import { noteLogin } from '../log/login-log';
import { serializeCookie } from '../shared/cookie';
import { route } from '../../http/call-route';
import { CAS_CLIENT_NAME, serviceUrlOfCallback, userOfCasAccount, validateServiceTicket } from './service';

export interface CasOptions {
  db: AppDatabase;
  config: Config;
}

/** Back to the login page, which shows the code's message (`LOGIN_ERRORS` of the SDK). */
const casError = (code: LoginErrorCode) => `/login?casError=${code}`;

/**
 * Single sign-on with CAS (docs/auth.md): the CAS server sends the browser to
 * `GET /callback?client_name=cas_client&ticket=…`; the ticket is validated, the CAS user
 * mapped to a local user, and the login page finishes with `/cas/client/validateLogin`
 * like the form login. (`POST /callback` is the form login, in the auth module.)
 */
export const casRoutes: FastifyPluginAsyncTypebox<CasOptions> = async (app, { db, config }) => {
  route(app, loginCalls.casCallback, { config: { loginLog: 'cas' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { client_name: clientName, ticket, service } = request.query;
    if (!config.casServerUrl || clientName !== CAS_CLIENT_NAME) return reply.redirect(casError('cas-disabled'));
    if (!ticket) return reply.redirect(casError('cas-no-ticket'));

    let validation;
    try {
      validation = await validateServiceTicket(config.casServerUrl, serviceUrlOfCallback(config, request.url), ticket);
    } catch (failure) {
      request.log.warn({ err: failure }, 'CAS ticket validation failed');
      return reply.redirect(casError('cas-unavailable'));
    }
    if (!validation.ok) {
      request.log.info({ code: validation.code, casMessage: validation.message }, 'CAS ticket refused');
      return reply.redirect(casError('cas-invalid-ticket'));
    }
    noteLogin(request.loginNote, { account: validation.user });
    const user = await userOfCasAccount(db, validation.user, validation.attributes);
    if ('error' in user) {
      request.log.info({ casUser: validation.user, code: user.error }, LOGIN_ERRORS[user.error]);
      return reply.redirect(casError(user.error));
    }
    noteLogin(request.loginNote, { userId: user.userId });
    const loginTicket = await issueLoginTicket(db, user.userId, CAS_CLIENT_NAME);
    // The form login's cookie (read by /cas/client/validateLogin), but SameSite=Lax: this
    // request is a top-level navigation coming from the CAS site, and the login page's call
    // right after it must carry the cookie.
    reply.header(
      'set-cookie',
      serializeCookie(LOGIN_COOKIE, loginTicket, {
        path: LOGIN_COOKIE_PATH,
        maxAge: LOGIN_TICKET_TTL_MS / 1000,
        sameSite: 'Lax',
        secure: config.publicUrl.startsWith('https://'),
      }),
    );
    return reply.redirect(`/login?casLogin=1&redirect=${encodeURIComponent(localRedirect(service))}`);
  });
};
