import { ApiError, MALFORMED_REQUEST_MESSAGE } from './envelope';
import { describeValidationIssue, firstValidationIssue, type ValidationIssue } from './validation-messages';

/**
 * What a failure is to the client: a schema violation, a broken or oversized body, the
 * database out of reach (`503`) or failing (`500`), an HTTP error of Fastify or a plugin.
 */

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
const UNAVAILABLE_MESSAGES =
  /PGlite is closed|Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end/i;

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

/**
 * A write that lost a race with another (unique key taken, or a referenced row gone since
 * the service checked): the client's to retry, not our failure.
 */
export const CONCURRENT_CHANGE_MESSAGE = '数据刚被其他人修改，请刷新后重试';
const CONFLICT_CODES = new Set(['23505', '23503']);

function isConflict(error: unknown): boolean {
  return causeChain(error).some(
    (link) => typeof link.code === 'string' && CONFLICT_CODES.has(link.code) && link.severity !== undefined,
  );
}

/** The multipart parser's (busboy's) plain errors about a body that breaks off or lacks its boundary. */
const BROKEN_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|\w+ terminated early due to unexpected end of multipart data)$/;

function isBrokenMultipart(link: ErrorLike): boolean {
  return typeof link.message === 'string' && BROKEN_MULTIPART.test(link.message);
}

/** What the client is told about `error`, and whether it is our fault (logged as an error). */
export function classifyError(error: unknown): { failure: ApiError; internal: boolean } {
  if (error instanceof ApiError) return { failure: error, internal: false };
  const link = (error ?? {}) as ErrorLike;

  if (Array.isArray(link.validation) && link.validation.length > 0) {
    return {
      failure: new ApiError('400', describeValidationIssue(firstValidationIssue(link.validation as ValidationIssue[]))),
      internal: false,
    };
  }
  const code = typeof link.code === 'string' ? link.code : '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { failure: new ApiError('400', `${MALFORMED_REQUEST_MESSAGE}：请求体过大`), internal: false };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { failure: new ApiError('400', `${MALFORMED_REQUEST_MESSAGE}：请使用 application/json`), internal: false };
  }
  if (code.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError || isBrokenMultipart(link)) {
    return { failure: new ApiError('400', MALFORMED_REQUEST_MESSAGE), internal: false };
  }
  if (isDatabaseUnavailable(error)) return { failure: new ApiError('503'), internal: true };
  if (isConflict(error)) return { failure: new ApiError('400', CONCURRENT_CHANGE_MESSAGE), internal: false };
  if (isDatabaseError(error)) return { failure: new ApiError('500'), internal: true };

  const status = typeof link.statusCode === 'number' ? link.statusCode : 500;
  if (status === 404) return { failure: new ApiError('404'), internal: false };
  if (status === 429) return { failure: new ApiError('429'), internal: false };
  if (status === 401) return { failure: new ApiError('401'), internal: false };
  if (status === 403) return { failure: new ApiError('403'), internal: false };
  if (status >= 400 && status < 500)
    return { failure: new ApiError('400', MALFORMED_REQUEST_MESSAGE), internal: false };
  return { failure: new ApiError('500'), internal: true };
}
