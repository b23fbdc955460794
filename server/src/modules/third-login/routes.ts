import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LOGIN_ERRORS, THIRD_BIND_RESULTS, type LoginErrorCode, type ThirdBindResult } from '@cotton/sdk/validators';
import { route } from '../../http/call-route';
import { ApiError } from '../../http/envelope';
import { agreementRefusal } from '../auth/agreement';
import { authOf } from '../auth/authenticate';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { loginCalls, thirdAccountCalls } from '@cotton/sdk/contracts';
import { readCookie, serializeCookie } from '../shared/cookie';
import { configuredProviders, type ThirdLoginProvider } from './provider';
import {
  bindIdentity,
  bindingSession,
  hasBinding,
  removeBinding,
  THIRD_ACCOUNT_MESSAGES,
  thirdAccountsOf,
} from './bindings';
import { noteLogin } from '../log/login-log';
import { loginWithTicket, ticketForIdentity } from './service';
import { STATE_COOKIE, STATE_TTL_MS, StateSigner, type BindTarget } from './state';

export interface ThirdLoginOptions {
  db: AppDatabase;
  config: Config;
  /** Default: the generic OAuth 2 providers of `config.thirdLoginProviders`. */
  providers?: ThirdLoginProvider[];
}

/** Back to the login page, which shows the code's message (`LOGIN_ERRORS` of the SDK). */
const loginError = (code: LoginErrorCode) => `/login?thirdLoginError=${code}`;
/** Where a binding ends: the account centre (menu 个人中心), which shows the code's message (`THIRD_BIND_RESULTS`). */
export const ACCOUNT_CENTER_PATH = '/account/center';
/** The callback's address for a provider (`/thirdLogin/callback/<id>`), also the state cookie's path. */
const callbackPath = (id: string) => loginCalls.thirdCallback.path.replace(':provider', encodeURIComponent(id));
const bindResult = (code: ThirdBindResult) => `${ACCOUNT_CENTER_PATH}?thirdBind=${code}`;

/** Third-party (OAuth 2) login, docs/auth.md and README.md of this folder. */
export const thirdLoginRoutes: FastifyPluginAsyncTypebox<ThirdLoginOptions> = async (
  app,
  { db, config, providers },
) => {
  const byId = new Map((providers ?? configuredProviders(config)).map((provider) => [provider.id, provider]));
  const names = new Map([...byId.values()].map((provider) => [provider.id, provider.name]));
  const signer = new StateSigner(db);
  const secure = config.publicUrl.startsWith('https://');
  const redirectUri = (id: string) => `${config.publicUrl}${callbackPath(id)}`;
  const stateCookie = (id: string, value: string, maxAge: number) =>
    serializeCookie(STATE_COOKIE, value, {
      path: callbackPath(id),
      maxAge,
      sameSite: 'Lax',
      secure,
    });

  /**
   * The callback of a binding (a valid bind-mode state): the session that started it must
   * still be open; then the provider's account is bound to that session's user.
   */
  async function finishBinding(
    request: FastifyRequest,
    answer: { code?: string; error?: string },
    provider: ThirdLoginProvider,
    target: BindTarget,
  ): Promise<ThirdBindResult> {
    const actor = await bindingSession(db, target);
    if (!actor) return 'session-ended';
    const { code, error } = answer;
    if (error || !code) return 'declined';
    let identity;
    try {
      identity = await provider.exchange(code, redirectUri(provider.id));
    } catch (failure) {
      request.log.warn({ err: failure, provider: provider.id }, 'third-party binding exchange failed');
      return 'failed';
    }
    const outcome = await bindIdentity(db, actor, request.ip, provider.id, identity);
    request.log.info(
      { provider: provider.id, externalId: identity.externalId, userId: actor.user.id, code: outcome },
      THIRD_BIND_RESULTS[outcome],
    );
    return outcome;
  }

  // The account centre's third-party accounts (docs/auth.md "Third-party accounts"): any
  // logged-in user, their own bindings only — the user is always the session's.

  route(app, thirdAccountCalls.mine, async (request) => ({
    accounts: await thirdAccountsOf(db, authOf(request).user.id, names),
    providers: [...byId.values()].map(({ id, name }) => ({ id, name })),
  }));

  route(app, thirdAccountCalls.bindStart, async (request, reply) => {
    const auth = authOf(request);
    const provider = byId.get(request.body.provider);
    if (!provider) throw new ApiError('400', THIRD_ACCOUNT_MESSAGES.unknownProvider);
    if (await hasBinding(db, auth.user.id, provider.id)) throw new ApiError('400', THIRD_ACCOUNT_MESSAGES.alreadyBound);
    const { state, nonce } = await signer.create(provider.id, Date.now(), {
      userId: auth.user.id,
      sessionId: auth.session.id,
    });
    // The browser keeps the nonce (HttpOnly) for the callback: the state only works there.
    reply.header('set-cookie', stateCookie(provider.id, nonce, STATE_TTL_MS / 1000));
    reply.header('cache-control', 'no-store');
    return { authorizeUrl: provider.authorizeUrl(state, redirectUri(provider.id)) };
  });

  route(app, thirdAccountCalls.unbindMine, (request) => {
    const auth = authOf(request);
    return removeBinding(
      db,
      request,
      { userId: auth.user.id, loginName: auth.user.loginName },
      request.body,
      auth.session.id,
    );
  });

  // The browser's navigations (redirects) and the ticket's exchange (no envelope).
  route(app, loginCalls.thirdRender, async (request, reply) => {
    const provider = byId.get(request.params.provider);
    if (!provider) return reply.redirect(loginError('third-unknown-provider'));
    if (await agreementRefusal(db, request.query.agreed === '1')) return reply.redirect(loginError('third-agreement'));
    const { state, nonce } = await signer.create(provider.id);
    reply.header('set-cookie', stateCookie(provider.id, nonce, STATE_TTL_MS / 1000));
    reply.header('cache-control', 'no-store');
    return reply.redirect(provider.authorizeUrl(state, redirectUri(provider.id)));
  });

  route(app, loginCalls.thirdCallback, { config: { loginLog: 'oauth' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const provider = byId.get(request.params.provider);
    if (!provider) return reply.redirect(loginError('third-unknown-provider'));
    // The state cookie is spent whatever happens next.
    reply.header('set-cookie', stateCookie(provider.id, '', 0));
    const { code, state, error } = request.query;
    const checked = await signer.verify(state, provider.id, readCookie(request, STATE_COOKIE));
    // Binding an account to the logged-in user is not a login.
    if (checked.valid ? checked.bind !== null : checked.bindMode) noteLogin(request.loginNote, { skip: true });
    if (!checked.valid) return reply.redirect(checked.bindMode ? bindResult('expired') : loginError('third-state'));
    if (checked.bind)
      return reply.redirect(bindResult(await finishBinding(request, request.query, provider, checked.bind)));
    if (error || !code) return reply.redirect(loginError('third-declined'));

    let identity;
    try {
      identity = await provider.exchange(code, redirectUri(provider.id));
    } catch (failure) {
      request.log.warn({ err: failure, provider: provider.id }, 'third-party login exchange failed');
      return reply.redirect(loginError('third-failed'));
    }
    noteLogin(request.loginNote, { account: `${provider.id}:${identity.externalId}` });
    const outcome = await ticketForIdentity(db, provider.id, identity);
    if ('error' in outcome) {
      request.log.info(
        { provider: provider.id, externalId: identity.externalId, code: outcome.error },
        LOGIN_ERRORS[outcome.error],
      );
      return reply.redirect(loginError(outcome.error));
    }
    return reply.redirect(`/login?thirdLoginId=${encodeURIComponent(outcome.ticket)}`);
  });

  route(app, loginCalls.thirdLoginUser, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loginWithTicket(db, request.params.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
    });
  });
};
