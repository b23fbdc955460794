import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LOGIN_ERRORS } from '@cotton/sdk/validators';
import type { LoginMethod } from '@cotton/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sysLoginLog, sysUsers } from '../../db/schema/index';
import { RTN_OK } from '../../http/envelope';

/**
 * 登录日志 (docs/architecture.md "Logs"): a route that finishes a login declares
 * `config.loginLog` with its method, and its answer is recorded when it is sent — the
 * envelope's `rtnCode`, the jeecg answer's `success`, or a redirect to the login page with a
 * login error code. The services add what only they know to `request.loginNote` (the
 * account tried, the user, and a reason more precise than the one the visitor is told:
 * 账号不存在 rather than 用户名或密码错误).
 */

export interface LoginNote {
  /** What was tried: `<业务代码>/<用户名>`, the mobile, the CAS user, `<provider>:<id>`. */
  account?: string;
  userId?: number;
  /** Why it failed, for the administrator; the answer's message when absent. */
  reason?: string;
  /** Not a login after all (e.g. the OAuth callback finishing a binding). */
  skip?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route finishes a login of this method; its outcome goes to 登录日志. */
    loginLog?: LoginMethod;
  }
  interface FastifyRequest {
    /** Set on `config.loginLog` routes; filled in by the login services. */
    loginNote: LoginNote | null;
  }
}

/** Why a form login failed, as the administrator reads it (the visitor is told less). */
export const LOGIN_LOG_REASONS = {
  unknownAccount: '账号不存在',
  wrongPassword: '密码错误',
  frozen: '账号已冻结或企业已停用',
  locked: '失败次数过多，已锁定',
  unknownMobile: '手机号未绑定账号',
} as const;

interface Outcome {
  success: boolean;
  message: string | null;
  userId: number | null;
}

const LOGIN_ERROR_CODES = new Set(Object.keys(LOGIN_ERRORS));

function outcomeOf(reply: FastifyReply, payload: unknown): Outcome | null {
  const location = reply.getHeader('location');
  if (typeof location === 'string' && reply.statusCode >= 300 && reply.statusCode < 400) {
    // Back to the login page: with an error code it failed, otherwise it goes on to finish.
    const query = new URLSearchParams(location.split('?', 2)[1] ?? '');
    for (const value of query.values()) {
      if (LOGIN_ERROR_CODES.has(value))
        return { success: false, message: LOGIN_ERRORS[value as keyof typeof LOGIN_ERRORS], userId: null };
    }
    return { success: true, message: null, userId: null };
  }
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof body.rtnCode === 'string') {
    const success = body.rtnCode === RTN_OK;
    return { success, message: success ? null : String(body.rtnMessage ?? ''), userId: null };
  }
  if (typeof body.success === 'boolean') {
    const result = body.result as { userInfo?: { uid?: unknown } } | undefined;
    const uid = Number(result?.userInfo?.uid);
    return {
      success: body.success,
      message: body.success ? null : String(body.message ?? ''),
      userId: Number.isSafeInteger(uid) && uid > 0 ? uid : null,
    };
  }
  return null;
}

/** The user's login name and organisation (the row's owner for data rules), as they are at the login. */
async function userOf(db: AppDatabase, userId: number | null) {
  if (userId === null) return { loginName: null, orgId: null };
  const [row] = await db
    .select({ loginName: sysUsers.loginName, orgId: sysUsers.orgId })
    .from(sysUsers)
    .where(eq(sysUsers.id, userId));
  return row ?? { loginName: null, orgId: null };
}

/** Told of each login outcome as it is recorded (the operator's counts, modules/ops/metrics.ts). */
export type LoginObserver = (method: LoginMethod, outcome: 'success' | 'failure' | 'locked') => void;

async function record(
  db: AppDatabase,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  observe: LoginObserver | undefined,
) {
  const note = request.loginNote;
  const method = request.routeOptions.config.loginLog;
  if (!note || note.skip || !method) return;
  const outcome = outcomeOf(reply, payload);
  if (!outcome) return;
  observe?.(method, outcome.success ? 'success' : note.reason === LOGIN_LOG_REASONS.locked ? 'locked' : 'failure');
  const userId = note.userId ?? outcome.userId;
  await db.insert(sysLoginLog).values({
    method,
    account: note.account?.slice(0, 96) ?? null,
    userId,
    ...(await userOf(db, userId)),
    success: outcome.success,
    reason: outcome.success ? null : (note.reason ?? outcome.message ?? '登录失败').slice(0, 128),
    ip: request.ip?.slice(0, 64) ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
  });
}

/** Installs the hook on the root instance, before the routes and before any other `onSend` hook (operation.ts). */
export function registerLoginLog(app: FastifyInstance, db: AppDatabase, observe?: LoginObserver): void {
  app.decorateRequest('loginNote', null);
  const start: onRequestHookHandler = async function (request) {
    request.loginNote = {};
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.loginNote) return payload;
    try {
      await record(db, request, reply, payload, observe);
    } catch (error) {
      request.log.error({ err: error }, '登录日志写入失败');
    }
    return payload;
  });
  app.addHook('onRoute', (route) => {
    if (!route.config?.loginLog) return;
    const existing = route.onRequest;
    route.onRequest = [start, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  });
}

/** Adds to the request's login note (nothing when the route keeps no login log). */
export function noteLogin(note: LoginNote | null | undefined, fields: LoginNote): void {
  if (note) Object.assign(note, fields);
}
