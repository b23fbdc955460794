import { accountCalls, loginCalls, sessionCalls } from '@cotton/sdk/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { ApiError } from '../../http/envelope';
import { resolveSession, type SessionRecord, type SessionUser } from './session';

/**
 * Authentication and permission check (docs/auth.md "Permission check on the server").
 * A route declares `config: { permission: 'code' }` (the user must hold the code) or
 * `config: { permission: null }` (any logged-in user); without `permission` it is public
 * (`route()` sets it from the call's declaration).
 * The check runs as the route's first `onRequest` hook, before the body is parsed and
 * validated, so an anonymous caller always gets `401` whatever it sent.
 */

export interface RequestAuth {
  user: SessionUser;
  session: SessionRecord;
  /** The token the request carried. */
  token: string;
  /** Every permission code (menus and buttons) the user holds: no repeats, in no particular order. */
  permissionCodes: string[];
  /** A role of the user holds every code, codes created later and codes no menu names included. */
  holdsAll: boolean;
}

/** Whether the caller holds `code` (ask this, not `permissionCodes`: the holder of every code holds codes no menu names). */
export function holds(auth: Pick<RequestAuth, 'permissionCodes' | 'holdsAll'>, code: string): boolean {
  return auth.holdsAll || auth.permissionCodes.includes(code);
}

/** A protected route as declared (for the permission matrix and diagnostics). */
export interface ProtectedRoute {
  method: string;
  url: string;
  permission: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'code'`: the user needs this permission; `null`: any logged-in user; absent: public. */
    permission?: string | null;
  }
  interface FastifyRequest {
    /** Set by the permission check on protected routes. */
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** Resolves the request's token or refuses with `401` (usable as a hook of any route). */
    authenticate: onRequestHookHandler;
    /** Every route declared with a `config.permission`, in declaration order. */
    protectedRoutes: ProtectedRoute[];
  }
}

export const UNAUTHORIZED_MESSAGE = '未授权，请重新登录';
export const FORBIDDEN_MESSAGE = '没有权限访问该功能';
export const CHANGE_PASSWORD_FIRST_MESSAGE = '请先修改初始密码';

/**
 * What a user with an initial password may call until they change it (docs/auth.md "Initial
 * passwords"): the session's start, 个人中心 and its password change, logout.
 */
export const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set(
  [
    sessionCalls.init,
    accountCalls.center,
    accountCalls.checkPassword,
    accountCalls.updatePassword,
    loginCalls.logout,
  ].map((call) => call.path),
);

/** The token of `Authorization` (an optional `Bearer ` prefix) or `X-Access-Token`. */
export function requestToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const pick = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  const authorization = pick(request.headers.authorization)
    .replace(/^Bearer\s+/i, '')
    .trim();
  if (authorization && !/\s/.test(authorization)) return authorization;
  const accessToken = pick(request.headers['x-access-token']);
  return accessToken || null;
}

/** Resolves the request's session (null when anonymous, expired or revoked); caches it on the request. */
export async function authenticateRequest(db: AppDatabase, request: FastifyRequest): Promise<RequestAuth | null> {
  if (request.auth) return request.auth;
  const token = requestToken(request);
  const resolved = await resolveSession(db, token);
  if (!resolved || !token) return null;
  request.auth = { ...resolved, token };
  return request.auth;
}

/** The request's auth on a protected route (the check has run). */
export function authOf(request: Pick<FastifyRequest, 'auth'>): RequestAuth {
  if (!request.auth) throw new ApiError('401', UNAUTHORIZED_MESSAGE);
  return request.auth;
}

/**
 * Installs the check on the root instance. Call before the routes are declared: the
 * `onRoute` hook adds the check to every route that declares `config.permission`.
 */
export function registerAuthentication(app: FastifyInstance, db: AppDatabase): void {
  app.decorateRequest('auth', null);
  app.decorate('protectedRoutes', [] as ProtectedRoute[]);

  const authenticate: onRequestHookHandler = async function (request) {
    if (!(await authenticateRequest(db, request))) throw new ApiError('401', UNAUTHORIZED_MESSAGE);
  };
  app.decorate('authenticate', authenticate);

  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission === undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') app.protectedRoutes.push({ method, url: route.url, permission });
    }
    const check: onRequestHookHandler = async function (request) {
      const auth = await authenticateRequest(db, request);
      if (!auth) throw new ApiError('401', UNAUTHORIZED_MESSAGE);
      if (auth.user.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(route.url))
        throw new ApiError('403', CHANGE_PASSWORD_FIRST_MESSAGE);
      if (permission !== null && !holds(auth, permission)) throw new ApiError('403', FORBIDDEN_MESSAGE);
    };
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
