import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { JeecgLoginResponse } from '../phone-login/login-result';
import { readCookie, serializeCookie } from './cookie';
import { configuredProviders, type ThirdLoginProvider } from './provider';
import { CallbackQuery, ProviderParams, TicketParams } from './schema';
import { loginWithTicket, ticketForIdentity } from './service';
import { STATE_COOKIE, STATE_TTL_MS, StateSigner } from './state';

export interface ThirdLoginOptions {
  db: AppDatabase;
  config: Config;
  /** Default: the generic OAuth 2 providers of `config.thirdLoginProviders`. */
  providers?: ThirdLoginProvider[];
}

const CALLBACK_PATH = '/thirdLogin/callback';
const UNKNOWN_PROVIDER_MESSAGE = '未配置该第三方登录方式';
const STATE_MESSAGE = '第三方登录已失效，请重新登录';
const DECLINED_MESSAGE = '第三方登录已取消';
const EXCHANGE_MESSAGE = '第三方登录失败，请稍后再试';

const loginError = (message: string) => `/login?thirdLoginError=${encodeURIComponent(message)}`;

/** Third-party (OAuth 2) login, docs/auth.md and README.md of this folder. */
export const thirdLoginRoutes: FastifyPluginAsyncTypebox<ThirdLoginOptions> = async (app, { db, config, providers }) => {
  const byId = new Map((providers ?? configuredProviders(config)).map((provider) => [provider.id, provider]));
  const signer = new StateSigner(db);
  const secure = config.publicUrl.startsWith('https://');
  const redirectUri = (id: string) => `${config.publicUrl}${CALLBACK_PATH}/${encodeURIComponent(id)}`;
  const stateCookie = (id: string, value: string, maxAge: number) =>
    serializeCookie(STATE_COOKIE, value, { path: `${CALLBACK_PATH}/${encodeURIComponent(id)}`, maxAge, sameSite: 'Lax', secure });

  app.get('/thirdLogin/render/:provider', { schema: { params: ProviderParams } }, async (request, reply) => {
    const provider = byId.get(request.params.provider);
    if (!provider) return reply.redirect(loginError(UNKNOWN_PROVIDER_MESSAGE));
    const { state, nonce } = await signer.create(provider.id);
    reply.header('set-cookie', stateCookie(provider.id, nonce, STATE_TTL_MS / 1000));
    reply.header('cache-control', 'no-store');
    return reply.redirect(provider.authorizeUrl(state, redirectUri(provider.id)));
  });

  app.get(`${CALLBACK_PATH}/:provider`, { schema: { params: ProviderParams, querystring: CallbackQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const provider = byId.get(request.params.provider);
    if (!provider) return reply.redirect(loginError(UNKNOWN_PROVIDER_MESSAGE));
    // The state cookie is spent whatever happens next.
    reply.header('set-cookie', stateCookie(provider.id, '', 0));
    const { code, state, error } = request.query;
    const stateOk = await signer.check(state, provider.id, readCookie(request, STATE_COOKIE));
    if (!stateOk) return reply.redirect(loginError(STATE_MESSAGE));
    if (error || !code) return reply.redirect(loginError(DECLINED_MESSAGE));

    let identity;
    try {
      identity = await provider.exchange(code, redirectUri(provider.id));
    } catch (failure) {
      request.log.warn({ err: failure, provider: provider.id }, 'third-party login exchange failed');
      return reply.redirect(loginError(EXCHANGE_MESSAGE));
    }
    const outcome = await ticketForIdentity(db, provider.id, identity);
    if ('error' in outcome) {
      request.log.info({ provider: provider.id, externalId: identity.externalId }, outcome.error);
      return reply.redirect(loginError(outcome.error));
    }
    return reply.redirect(`/login?thirdLoginId=${encodeURIComponent(outcome.ticket)}`);
  });

  app.get(
    '/thirdLogin/getLoginUser/:id',
    { schema: { params: TicketParams, response: { 200: JeecgLoginResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loginWithTicket(db, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
      });
    },
  );
};
