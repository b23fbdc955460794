/**
 * Why a request failed. `code` is the envelope's `rtnCode` ('400', '401', '404', '510', …),
 * the HTTP status when there was no envelope, or one of our own: 'NETWORK' (no answer or
 * timeout), 'CANCELED', 'BAD_RESPONSE' (not an envelope), 'DOWNLOAD_EMPTY', 'UNKNOWN'.
 */
export class ApiError extends Error {
  readonly code: string;
  /**
   * The user has already been told (401 notification, 510 warning, empty download, a
   * cancelled request): callers should not show the message again.
   */
  readonly handled: boolean;
  /** The failed answer's `dataSet`: details a call documents (a form's field messages), else null. */
  readonly data: unknown;

  constructor(code: string, message: string, handled = false, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.handled = handled;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Any thrown value as an ApiError, so screens deal with one error type. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error && error.message ? error.message : '请求失败';
  return new ApiError('UNKNOWN', message);
}

/**
 * Whether trying the same request again may succeed: no answer (network, timeout), an answer
 * that was not ours (a proxy's page), the server's own trouble (5xx, except 504: a rule of
 * the account centre) or its rate limit. A refused request (400, 404, …) fails the same way
 * every time: offer no 重试 for it.
 */
export function canRetry(error: unknown): boolean {
  const { code } = toApiError(error);
  return code === 'NETWORK' || code === 'BAD_RESPONSE' || code === '429' || (/^5\d\d$/.test(code) && code !== '504');
}
