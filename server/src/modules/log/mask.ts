/**
 * What a log keeps of a request's body: secrets masked, files named, long text cut, the
 * whole at most {@link MAX_PARAMS_LENGTH} characters. The rule is by key name, so a field
 * added later is masked without anyone remembering to.
 */

/** Keys whose values are never stored: passwords, tokens, tickets, captchas and verification codes. */
const SECRET_KEY =
  /pass|pwd|secret|token|ticket|captcha|credential|authorization|cookie|signature|(?:sms|verify|valid|check|auth|phone|mobile|login)_?code/i;

export const MASK = '******';
export const MAX_PARAMS_LENGTH = 4000;
const MAX_TEXT = 500;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;

/**
 * Inside a body's nested records (an SMS's `variables`, a form's parts) a bare `code` is as
 * likely a verification code as not: masked there. At the top it names a template or a record.
 */
const NESTED_SECRET_KEY = /^(?:code|password)$/i;

export function isSecretKey(key: string, nested = false): boolean {
  return SECRET_KEY.test(key) || (nested && NESTED_SECRET_KEY.test(key));
}

function masked(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return '[文件]';
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => masked(item, depth + 1));
  if (typeof value === 'object') {
    // A multipart file part (`@fastify/multipart`) carries its name; the bytes are not kept.
    const record = value as Record<string, unknown>;
    if (typeof record.filename === 'string' && ('file' in record || 'toBuffer' in record))
      return `[文件 ${record.filename.slice(0, 100)}]`;
    return Object.fromEntries(
      Object.entries(record)
        .slice(0, MAX_ITEMS)
        .map(([key, item]) => [key, isSecretKey(key, depth > 0) ? MASK : masked(item, depth + 1)]),
    );
  }
  return null;
}

/** The body as JSON text for the log (null when there is nothing worth keeping). */
export function maskedParams(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return null;
  const text = JSON.stringify(masked(body, 0));
  return text.length > MAX_PARAMS_LENGTH ? `${text.slice(0, MAX_PARAMS_LENGTH - 1)}…` : text;
}

/** `value` without the keys that could hold a secret (one level: the audit rows' records). */
export function withoutSecrets(record: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!record) return null;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, isSecretKey(key) ? MASK : item]));
}
