import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { OperationKind } from '@cotton/sdk/contracts';
import type { AppDatabase } from '../../db/client';
import { sysOperationLog } from '../../db/schema/index';
import { RTN_OK } from '../../http/envelope';
import { maskedParams } from './mask';

/**
 * 操作日志 (docs/architecture.md "Logs"): every call of a protected write route is recorded
 * by this hook — who, which route, what was sent (secrets masked), the outcome and how long
 * it took — without the module doing anything. An admin route is one declaring a permission
 * code (`config.permission: 'system:…'`); it is a write unless it is a GET or its last path
 * segment starts with a read verb (`get…`, `query…`, `search…`, …). `config.operationLog`
 * overrides that either way (`true` also takes in a route open to any logged-in user).
 * Before / after come from the audit rows the services write (audit.ts), which carry the
 * request's `operationKey`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `true`: logged although its name reads like a read; `false`: never logged (e.g. page-visit counting). */
    operationLog?: boolean;
  }
  interface FastifyRequest {
    /** Set on logged write routes once the request is through its checks; the audit rows written for it carry it. */
    operationKey: string | null;
    /**
     * What a route whose permission and body are declared by data (a plugin entity's calls)
     * tells 操作日志 once it knows them (`describeOperation`): the code it checked, and the
     * words of the fields it takes. Null: the route's own declaration says.
     */
    operationWords: { permission: string; fieldLabels: Record<string, string> } | null;
  }
  interface FastifyInstance {
    /** Every route the operation log records, in declaration order (for the guard test). */
    operationRoutes: Array<{ method: string; url: string }>;
  }
}

/**
 * The words of the fields each logged route takes: the `title`s of its body schema (nested
 * objects and array items too), by `<METHOD> <url>`. 操作日志's detail names a sent or changed
 * field with them — the declaration that wrote it — rather than with the wire name.
 */
const ROUTE_FIELD_LABELS = new Map<string, Record<string, string>>();

function collectTitles(schema: unknown, into: Record<string, string>, depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 6) return;
  const node = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
  for (const [field, property] of Object.entries(node.properties ?? {})) {
    const title = (property as { title?: unknown }).title;
    if (typeof title === 'string' && title !== '' && !(field in into)) into[field] = title;
    collectTitles(property, into, depth + 1);
  }
  collectTitles(node.items, into, depth + 1);
  for (const option of node.anyOf ?? []) collectTitles(option, into, depth + 1);
}

/** The longest permission code a 操作日志 row keeps (its column; a menu node's code is as long). */
const MAX_PERMISSION = 64;

/**
 * Tells 操作日志 the permission code `request` was checked against and the words of its body's
 * fields, for a route that learns them from data (a plugin entity's declaration): the row's
 * action is then named by the code's menu and button, and its detail names the fields.
 */
export function describeOperation(
  request: FastifyRequest,
  words: { permission: string; fieldLabels: Record<string, string> },
): void {
  request.operationWords = words;
}

/** The field words of a logged route's body (see ROUTE_FIELD_LABELS); empty when it declares none. */
export function routeFieldLabels(method: string, url: string): Record<string, string> {
  return ROUTE_FIELD_LABELS.get(`${method} ${url}`) ?? {};
}

const READ_VERB = /^(?:get|query|search|list|find|count|check|val|load|preview|download|import_?template)/i;

/** Whether a protected route's calls are operations (writes) by its method and name alone. */
export function isWriteRoute(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  const last = url.split('/').filter(Boolean).pop() ?? '';
  return !READ_VERB.test(last);
}

const KIND_VERBS: Array<[RegExp, OperationKind]> = [
  [/^(?:add|create|insert|install)/i, 'add'],
  [/^(?:upd|update|edit|modify|save|set|change|reset|activate|enable|disable|freeze|unfreeze)/i, 'update'],
  [/^(?:del|delete|remove|uninstall|unbind|clear|purge)/i, 'delete'],
  [/^import/i, 'import'],
  [/^export/i, 'export'],
];

/** 新增 / 修改 / 删除 / 导入 / 导出 / 其他, from the route's last path segment. */
export function operationKind(url: string): OperationKind {
  const last = url.split('/').filter(Boolean).pop() ?? '';
  for (const [verb, kind] of KIND_VERBS) if (verb.test(last)) return kind;
  return 'other';
}

/** Success and the refusal's message, from the envelope the route answered (a file: its status). */
function outcomeOf(
  reply: FastifyReply,
  payload: unknown,
): { success: boolean; rtnCode: string | null; message: string | null } {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const body = JSON.parse(payload) as { rtnCode?: unknown; rtnMessage?: unknown };
      if (typeof body.rtnCode === 'string') {
        const success = body.rtnCode === RTN_OK;
        const message = success || typeof body.rtnMessage !== 'string' ? null : body.rtnMessage.slice(0, 256);
        return { success, rtnCode: body.rtnCode.slice(0, 8), message };
      }
    } catch {
      // Not an envelope: judged by the status below.
    }
  }
  return { success: reply.statusCode < 400, rtnCode: null, message: null };
}

async function record(db: AppDatabase, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const auth = request.auth;
  // Anonymous calls (401) are nobody's operation.
  if (!auth) return;
  const outcome = outcomeOf(reply, payload);
  // A request refused as malformed (schema, hostile text) never reached the route: not an
  // operation. One refused by the permission check is kept: someone tried.
  if (!request.operationKey) {
    if (outcome.rtnCode !== '403') return;
    request.operationKey = randomUUID();
  }
  const url = request.routeOptions.url ?? request.url.split('?', 1)[0];
  await db.insert(sysOperationLog).values({
    operationKey: request.operationKey,
    userId: auth.user.id,
    loginName: auth.user.loginName,
    realname: auth.user.realname,
    orgId: auth.user.orgId,
    method: request.method.slice(0, 8),
    url: url.slice(0, 128),
    permission:
      request.operationWords && request.operationWords.permission.length <= MAX_PERMISSION
        ? request.operationWords.permission
        : (request.routeOptions.config.permission ?? null),
    fieldLabels: request.operationWords?.fieldLabels ?? null,
    kind: operationKind(url),
    params: maskedParams(request.body),
    success: outcome.success,
    rtnCode: outcome.rtnCode,
    message: outcome.message,
    ip: request.ip?.slice(0, 64) ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
    durationMs: Math.max(0, Math.round(reply.elapsedTime)),
  });
}

/**
 * Installs the hook on the root instance, before the routes are declared and before any
 * other `onSend` hook (the compression's turns the answer into bytes; this one reads the
 * envelope first). The row is written when the answer is sent, so it exists by the time
 * the caller reads the answer; the duration is Fastify's, from the request's arrival.
 */
export function registerOperationLog(app: FastifyInstance, db: AppDatabase): void {
  app.decorateRequest('operationKey', null);
  app.decorateRequest('operationWords', null);
  app.decorate('operationRoutes', [] as Array<{ method: string; url: string }>);
  const logged = new Set<string>();

  const start: preHandlerHookHandler = async function (request) {
    request.operationKey = randomUUID();
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!logged.has(`${request.method} ${request.routeOptions.url}`)) return payload;
    try {
      await record(db, request, reply, payload);
    } catch (error) {
      // The answer still goes out: a lost log row is logged, never the caller's failure.
      request.log.error({ err: error }, '操作日志写入失败');
    }
    return payload;
  });

  app.addHook('onRoute', (route) => {
    const config = route.config;
    if (config?.permission === undefined || config.operationLog === false) return;
    // Routes open to any logged-in user act on the user's own account: logged only when they opt in.
    if (config.permission === null && config.operationLog !== true) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) =>
      config.operationLog === true ? method !== 'HEAD' : isWriteRoute(method, route.url),
    );
    if (methods.length === 0) return;
    const labels: Record<string, string> = {};
    collectTitles((route.schema as { body?: unknown } | undefined)?.body, labels);
    for (const method of methods) {
      app.operationRoutes.push({ method, url: route.url });
      logged.add(`${method} ${route.url}`);
      ROUTE_FIELD_LABELS.set(`${method} ${route.url}`, labels);
    }
    // Last of the route's checks: after the schemas and the global preHandlers (refusedInput).
    const existing = route.preHandler;
    route.preHandler = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), start];
  });
}
