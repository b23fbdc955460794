import { REST_PREFIX, type Envelope } from '@cotton/sdk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The call envelope `{ rtnCode, rtnMessage, dataSet }`: its codes and messages, `ApiError`,
 * and the success and failure answers. The error handler that sends every failure is
 * envelope-handler.ts.
 *
 * Every `/rest/…` answer is HTTP 200, errors included: the outcome is in `rtnCode`
 * (`'0000'` success, otherwise the codes below). Clients (the SDK's request client) read
 * `rtnCode`, never the HTTP status. Static files keep real HTTP statuses.
 */

export const RTN_OK = '0000';
export const RTN_OK_MESSAGE = '成功';

export type RtnErrorCode =
  '400' | '401' | '403' | '404' | '429' | '500' | '503' | '504' | '1001' | '1002' | '1003' | '1004' | '1005';

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
export const BAD_URL_MESSAGE = '请求地址格式错误';

/** The envelope's type and schema are the wire contract's (`@cotton/sdk/contracts`). */
export type { Envelope };

/** A failure the client is told about: the code and the Chinese message it shows. */
export class ApiError extends Error {
  readonly rtnCode: RtnErrorCode;
  /** Details of the refusal sent as the envelope's `dataSet` (e.g. a form's field messages); null by default. */
  readonly dataSet: unknown;

  constructor(rtnCode: RtnErrorCode, message: string = DEFAULT_MESSAGES[rtnCode], dataSet: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.rtnCode = rtnCode;
    this.dataSet = dataSet;
  }
}

export const notFound = (message: string) => new ApiError('404', message);

/** The success envelope. */
export function ok<T>(dataSet: T): Envelope<T> {
  return { rtnCode: RTN_OK, rtnMessage: RTN_OK_MESSAGE, dataSet };
}

/** Whether `url` is an envelope call's (`/rest`, `/rest/…`): a failure there answers HTTP 200. */
export function isRestPath(url: string): boolean {
  const path = url.split('?', 1)[0];
  return path === REST_PREFIX || path.startsWith(`${REST_PREFIX}/`);
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
  const body: Envelope<unknown> = { rtnCode: error.rtnCode, rtnMessage: error.message, dataSet: error.dataSet ?? null };
  return reply
    .code(isRestPath(request.url) ? 200 : HTTP_STATUS[error.rtnCode])
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}
