import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The call envelope `{ rtnCode, rtnMessage, dataSet }` and the one error handler.
 *
 * Every `/rest/…` answer is HTTP 200, errors included: the outcome is in `rtnCode`
 * (`'0000'` success, otherwise the codes below). Clients (the SDK's request client) read
 * `rtnCode`, never the HTTP status. Static files keep real HTTP statuses.
 */

export const RTN_OK = '0000';
export const RTN_OK_MESSAGE = '成功';

export type RtnErrorCode = '400' | '401' | '403' | '404' | '429' | '500' | '503' | '504' | '1001' | '1002' | '1003' | '1004' | '1005';

export const DEFAULT_MESSAGES: Record<RtnErrorCode, string> = {
  '400': '参数错误',
  '401': '未授权，请重新登录',
  '403': '没有权限访问该功能',
  '404': '接口不存在',
  '429': '请求过于频繁，请稍后再试',
  '500': '服务器内部错误，请稍后再试',
  '503': '数据服务暂不可用，请稍后再试',
  // docs/auth.md
  '504': '校验未通过',
  '1001': '业务代码、用户名或密码错误',
  '1002': '登录失败次数过多，请 15 分钟后再试',
  '1003': '请先完成滑块验证',
  '1004': '账号已被冻结，请联系管理员',
  '1005': '验证码错误或已过期',
};

export const MALFORMED_REQUEST_MESSAGE = '请求格式错误';

export interface Envelope<T> {
  rtnCode: string;
  rtnMessage: string;
  dataSet: T;
}

/** A failure the client is told about: the code and the Chinese message it shows. */
export class ApiError extends Error {
  readonly rtnCode: RtnErrorCode;

  constructor(rtnCode: RtnErrorCode, message: string = DEFAULT_MESSAGES[rtnCode]) {
    super(message);
    this.name = 'ApiError';
    this.rtnCode = rtnCode;
  }
}

export const notFound = (message: string) => new ApiError('404', message);

/** The success envelope. */
export function ok<T>(dataSet: T): Envelope<T> {
  return { rtnCode: RTN_OK, rtnMessage: RTN_OK_MESSAGE, dataSet };
}

/** Response schema of a call whose `dataSet` is `dataSet`. */
export function envelopeSchema<T extends TSchema>(dataSet: T) {
  return Type.Object({ rtnCode: Type.String(), rtnMessage: Type.String(), dataSet });
}

export function isRestPath(url: string): boolean {
  const path = url.split('?', 1)[0];
  return path === '/rest' || path.startsWith('/rest/');
}

const HTTP_STATUS: Record<RtnErrorCode, number> = {
  '400': 400,
  '401': 401,
  '403': 403,
  '404': 404,
  '429': 429,
  '500': 500,
  '503': 503,
  // Refusals of a rule or a login: the request itself was fine.
  '504': 200,
  '1001': 200,
  '1002': 200,
  '1003': 200,
  '1004': 200,
  '1005': 200,
};

/**
 * Sends a failure envelope: HTTP 200 for `/rest/…`, the matching HTTP status otherwise.
 * The payload is serialised here so that a route's response schema (which describes its
 * success `dataSet`) is not applied to `dataSet: null`.
 */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const body: Envelope<null> = { rtnCode: error.rtnCode, rtnMessage: error.message, dataSet: null };
  return reply
    .code(isRestPath(request.url) ? 200 : HTTP_STATUS[error.rtnCode])
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

// ---------------------------------------------------------------------------------------
// Validation messages

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

function fieldPath(instancePath: string, child?: string): string {
  const segments = instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) segments.push(child);
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

function titled(path: string, schema: unknown): string {
  const title = schema && typeof schema === 'object' ? (schema as { title?: unknown }).title : undefined;
  return typeof title === 'string' ? `${path}（${title}）` : path;
}

/** `pageSize 不能大于 100`, but `pageSize（每页条数）不能大于 100`: no space after a full-width bracket. */
function phrase(field: string, rule: string): string {
  return `${DEFAULT_MESSAGES['400']}：${field}${field.endsWith('）') ? '' : ' '}${rule}`;
}

/** `参数错误：<field> <rule>` for the first schema violation, in Chinese. */
export function describeValidationIssue(issue: ValidationIssue): string {
  const { keyword, params, parentSchema } = issue;
  if (keyword === 'required') {
    const missing = String(params.missingProperty);
    const properties = (parentSchema?.properties ?? {}) as Record<string, unknown>;
    return phrase(titled(fieldPath(issue.instancePath, missing), properties[missing]), '不能为空');
  }
  if (keyword === 'additionalProperties') {
    return `${DEFAULT_MESSAGES['400']}：不支持的字段 ${fieldPath(issue.instancePath, String(params.additionalProperty))}`;
  }
  const path = fieldPath(issue.instancePath);
  if (path === '' && keyword === 'type') return `${DEFAULT_MESSAGES['400']}：请求体必须是 JSON 对象`;

  const field = titled(path || '请求体', parentSchema);
  const custom = parentSchema?.errorMessage;
  if (typeof custom === 'string' && ['pattern', 'format', 'enum', 'const'].includes(keyword)) {
    return phrase(field, custom);
  }
  const limit = params.limit;
  const rule = (() => {
    switch (keyword) {
      case 'type':
        return `应为${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
      case 'minimum':
        return `不能小于 ${limit}`;
      case 'maximum':
        return `不能大于 ${limit}`;
      case 'exclusiveMinimum':
        return `必须大于 ${limit}`;
      case 'exclusiveMaximum':
        return `必须小于 ${limit}`;
      case 'minLength':
        return limit === 1 ? '不能为空' : `长度不能少于 ${limit} 个字符`;
      case 'maxLength':
        return `长度不能超过 ${limit} 个字符`;
      case 'minItems':
        return `至少包含 ${limit} 项`;
      case 'maxItems':
        return `最多包含 ${limit} 项`;
      case 'enum':
        return `只能是 ${(params.allowedValues as unknown[]).join('、')}`;
      case 'const':
        return `只能是 ${String(params.allowedValue)}`;
      case 'pattern':
      case 'format':
        return '格式不正确';
      default:
        return '不合法';
    }
  })();
  return phrase(field, rule);
}

/**
 * Ajv options for Fastify: `verbose` hands the failing schema to the error handler (for
 * titles and `errorMessage`), and `errorMessage` is declared as an annotation so that
 * strict mode accepts it.
 */
export const ajvOptions: NonNullable<FastifyServerOptions['ajv']> = {
  customOptions: { verbose: true },
  plugins: [
    <A extends { addKeyword(keyword: string): unknown }>(ajv: A): A => {
      ajv.addKeyword('errorMessage');
      return ajv;
    },
  ],
};

// ---------------------------------------------------------------------------------------
// Classifying failures

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  severity?: unknown;
  cause?: unknown;
  validation?: unknown;
}

function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 8) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = /PGlite is closed|Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(
    (link) =>
      (typeof link.code === 'string' && (UNAVAILABLE_CODES.has(link.code) || link.code.startsWith('08'))) ||
      (typeof link.message === 'string' && UNAVAILABLE_MESSAGES.test(link.message)),
  );
}

function isDatabaseError(error: unknown): boolean {
  return causeChain(error).some(
    (link) =>
      link.name === 'DrizzleQueryError' ||
      (typeof link.code === 'string' && /^[0-9A-Z]{5}$/.test(link.code) && link.severity !== undefined),
  );
}

/** What the client is told about `error`, and whether it is our fault (logged as an error). */
export function classifyError(error: unknown): { failure: ApiError; internal: boolean } {
  if (error instanceof ApiError) return { failure: error, internal: false };
  const link = (error ?? {}) as ErrorLike;

  if (Array.isArray(link.validation) && link.validation.length > 0) {
    return { failure: new ApiError('400', describeValidationIssue(link.validation[0] as ValidationIssue)), internal: false };
  }
  const code = typeof link.code === 'string' ? link.code : '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { failure: new ApiError('400', `${MALFORMED_REQUEST_MESSAGE}：请求体过大`), internal: false };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { failure: new ApiError('400', `${MALFORMED_REQUEST_MESSAGE}：请使用 application/json`), internal: false };
  }
  if (code.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError) {
    return { failure: new ApiError('400', MALFORMED_REQUEST_MESSAGE), internal: false };
  }
  if (isDatabaseUnavailable(error)) return { failure: new ApiError('503'), internal: true };
  if (isDatabaseError(error)) return { failure: new ApiError('500'), internal: true };

  const status = typeof link.statusCode === 'number' ? link.statusCode : 500;
  if (status === 404) return { failure: new ApiError('404'), internal: false };
  if (status === 429) return { failure: new ApiError('429'), internal: false };
  if (status === 401) return { failure: new ApiError('401'), internal: false };
  if (status === 403) return { failure: new ApiError('403'), internal: false };
  if (status >= 400 && status < 500) return { failure: new ApiError('400', MALFORMED_REQUEST_MESSAGE), internal: false };
  return { failure: new ApiError('500'), internal: true };
}

/**
 * Installs the error handler and the JSON body parser on the root instance (every module
 * inherits them). Failures are logged: ours (500, 503) at error level with the stack,
 * the client's at info level; the client never sees a stack or SQL text.
 */
export function registerEnvelope(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // An empty body counts as `{}`: some clients send none for calls without parameters.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
  });

  app.setErrorHandler((error, request, reply) => {
    const { failure, internal } = classifyError(error);
    if (internal) {
      request.log.error({ err: error, rtnCode: failure.rtnCode }, failure.message);
    } else {
      request.log.info({ rtnCode: failure.rtnCode, rtnMessage: failure.message }, 'request refused');
    }
    return sendFailure(request, reply, failure);
  });
}
