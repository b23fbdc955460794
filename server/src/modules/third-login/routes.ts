import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOGIN_ERRORS, type LoginErrorCode } from '@cotton/sdk/validators';
import { agreementRefusal } from '../auth/agreement';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { JeecgLoginResponse } from '@cotton/sdk/contracts';
import { readCookie, serializeCookie } from '../shared/cookie';
import { configuredProviders, type ThirdLoginProvider } from './provider';
import {
  ProviderCallbackQuery,
  ThirdLoginProviderParams,
  ThirdLoginRenderQuery,
  ThirdLoginTicketParams,
} from './schema';
import { loginWithTicket, ticketForIdentity } from './service';
import { STATE_COOKIE, STATE_TTL_MS, StateSigner } from './state';

export interface ThirdLoginOptions {
  db: AppDatabase;
  config: Config;
  /** Default: the generic OAuth 2 providers of `config.thirdLoginProviders`. */
  providers?: ThirdLoginProvider[];
}

const CALLBACK_PATH = '/thirdLogin/callback';
/** Back to the login page, which shows the code's message (`LOGIN_ERRORS` of the SDK). */
const loginError = (code: LoginErrorCode) => `/login?thirdLoginError=${code}`;

/** Third-party (OAuth 2) login, docs/auth.md and README.md of this folder. */
export const thirdLoginRoutes: FastifyPluginAsyncTypebox<ThirdLoginOptions> = async (
  app,
  { db, config, providers },
) => {
  const byId = new Map((providers ?? configuredProviders(config)).map((provider) => [provider.id, provider]));
  const signer = new StateSigner(db);
  const secure = config.publicUrl.startsWith('https://');
  const redirectUri = (id: string) => `${config.publicUrl}${CALLBACK_PATH}/${encodeURIComponent(id)}`;
  const stateCookie = (id: string, value: string, maxAge: number) =>
    serializeCookie(STATE_COOKIE, value, {
      path: `${CALLBACK_PATH}/${encodeURIComponent(id)}`,
      maxAge,
      sameSite: 'Lax',
      secure,
    });

  app.get(
    '/thirdLogin/render/:provider',
    { schema: { params: ThirdLoginProviderParams, querystring: ThirdLoginRenderQuery } },
    async (request, reply) => {
      const provider = byId.get(request.params.provider);
      if (!provider) return reply.redirect(loginError('third-unknown-provider'));
      if (await agreementRefusal(db, request.query.agreed === '1'))
        return reply.redirect(loginError('third-agreement'));
      const { state, nonce } = await signer.create(provider.id);
      reply.header('set-cookie', stateCookie(provider.id, nonce, STATE_TTL_MS / 1000));
      reply.header('cache-control', 'no-store');
      return reply.redirect(provider.authorizeUrl(state, redirectUri(provider.id)));
    },
  );

  app.get(
    `${CALLBACK_PATH}/:provider`,
    { schema: { params: ThirdLoginProviderParams, querystring: ProviderCallbackQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const provider = byId.get(request.params.provider);
      if (!provider) return reply.redirect(loginError('third-unknown-provider'));
      // The state cookie is spent whatever happens next.
      reply.header('set-cookie', stateCookie(provider.id, '', 0));
      const { code, state, error } = request.query;
      const stateOk = await signer.check(state, provider.id, readCookie(request, STATE_COOKIE));
      if (!stateOk) return reply.redirect(loginError('third-state'));
      if (error || !code) return reply.redirect(loginError('third-declined'));

      let identity;
      try {
        identity = await provider.exchange(code, redirectUri(provider.id));
      } catch (failure) {
        request.log.warn({ err: failure, provider: provider.id }, 'third-party login exchange failed');
        return reply.redirect(loginError('third-failed'));
      }
      const outcome = await ticketForIdentity(db, provider.id, identity);
      if ('error' in outcome) {
        request.log.info(
          { provider: provider.id, externalId: identity.externalId, code: outcome.error },
          LOGIN_ERRORS[outcome.error],
        );
        return reply.redirect(loginError(outcome.error));
      }
      return reply.redirect(`/login?thirdLoginId=${encodeURIComponent(outcome.ticket)}`);
    },
  );

  app.get(
    '/thirdLogin/getLoginUser/:id',
    { schema: { params: ThirdLoginTicketParams, response: { 200: JeecgLoginResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loginWithTicket(db, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
      });
    },
  );
};
