import type { AnswerOf, BodyOf, BrowserCall, QueryOf } from '../contracts/call';
import type { Envelope } from '../contracts/envelope';
import { ApiError } from './api-error';
import { getRequestHooks } from './hooks';

/** HTTP and upload timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 90_000;

export interface RequestConfig {
  /** Extra headers; an explicit `Authorization` wins over the stored token. */
  headers?: Record<string, string>;
  timeout?: number;
  signal?: AbortSignal;
  /**
   * Resolve the whole response body without unwrapping the envelope, for the few login
   * endpoints that do not answer with one. HTTP errors still reject.
   */
  raw?: boolean;
}

/** The spec's multipart fields, appended to the form when given. */
export interface UploadConfig extends RequestConfig {
  sendSystemName?: string;
  sendSystemCode?: string;
  receiveSystemName?: string;
  receiveSystemCode?: string;
}

/** What a call sends: its query (GET) or its JSON body (POST). */
export type CallInput<C extends BrowserCall> = C['method'] extends 'GET' ? QueryOf<C> : BodyOf<C>;

/** The input (optional when the call takes none) and the request's options. */
export type CallArgs<C extends BrowserCall> =
  undefined extends CallInput<C>
    ? [input?: CallInput<C>, config?: RequestConfig]
    : [input: CallInput<C>, config?: RequestConfig];

export interface RequestClient {
  /**
   * Sends a call of `@cotton/sdk/calls`: a GET with its query, a POST with its JSON body
   * (`{}` when none); resolves the envelope's `dataSet`, typed by the call's declaration.
   */
  call<C extends BrowserCall>(call: C, ...args: CallArgs<C>): Promise<AnswerOf<C>>;
  /** POST JSON; resolves the envelope's `dataSet`. */
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<T>;
  /**
   * GET with query parameters; resolves the envelope's `dataSet`. The parameters are flat
   * (`queryString`): values, or arrays of values sent as the key repeated; a nested object
   * or array is refused with a `TypeError` before anything is sent.
   */
  get<T = unknown>(url: string, params?: object, config?: RequestConfig): Promise<T>;
  /** Multipart POST of `form` plus the system fields and `requestTime`. */
  upload<C extends BrowserCall>(call: C, form: FormData, config?: UploadConfig): Promise<AnswerOf<C>>;
  /**
   * Fetches a file as a blob and saves it. POSTs `data` as JSON when given, else GETs.
   * The name is `filename`, else the response's Content-Disposition, else the URL's last
   * segment. An empty file warns 文件下载失败 and rejects. `onProgress` hears the bytes
   * received so far (a streamed file has no known total).
   */
  download<C extends BrowserCall>(
    call: C,
    data?: CallInput<C>,
    filename?: string,
    options?: DownloadOptions,
  ): Promise<void>;
}

export interface DownloadOptions {
  onProgress?: (loadedBytes: number) => void;
}

export interface CreateRequestClientOptions {
  /** Defaults to same origin. */
  baseURL?: string;
  timeout?: number;
  /** For tests: answers requests instead of the network (the browser's `fetch` by default). */
  fetch?: typeof fetch;
}

const DEFAULT_FAILURE = '请求失败';
const DOWNLOAD_FAILED = '文件下载失败';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isEnvelope(body: unknown): body is Envelope<unknown> & Record<string, unknown> {
  return isObject(body) && 'rtnCode' in body;
}

function messageOf(body: unknown): string {
  if (!isObject(body)) return '';
  for (const key of ['rtnMessage', 'error', 'message']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

/** Builds the error for a failed answer, telling the host about 401 and 510 first. */
function failure(code: string, message: string, data: unknown = null): ApiError {
  const hooks = getRequestHooks();
  if (code === '401') {
    const text = message || '未授权，请重新登录';
    hooks.onUnauthorized(text);
    return new ApiError(code, text, true);
  }
  if (code === '510') {
    const text = message || DEFAULT_FAILURE;
    hooks.onWarning(text);
    return new ApiError(code, text, true);
  }
  return new ApiError(code, message || DEFAULT_FAILURE, false, data);
}

// Blob.text() is missing in older browsers (and jsdom); FileReader is everywhere.
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

// Blob answers (downloads) that carry an error are JSON envelopes in disguise.
async function readBlobBody(body: unknown): Promise<unknown> {
  if (!(body instanceof Blob) || !/json/i.test(body.type)) return body;
  try {
    return JSON.parse(await blobText(body));
  } catch {
    return body;
  }
}

function unwrap(body: unknown, raw: boolean): unknown {
  if (raw) return body;
  if (!isEnvelope(body)) throw new ApiError('BAD_RESPONSE', messageOf(body) || DEFAULT_FAILURE);
  if (String(body.rtnCode) === '0000') return body.dataSet;
  throw failure(String(body.rtnCode), messageOf(body), body.dataSet ?? null);
}

/**
 * `?a=1&b=x&b=y`, the query as the server reads it (Fastify's parser, fast-querystring): null
 * and undefined left out, dates in ISO form, an array as its key repeated (the server reads
 * a repeated key as an array, and a route declaring an array reads one value as an array of
 * one). The server reads no bracket forms — axios's `b[]=x` or `a[b]=1` would reach a route
 * as keys named `b[]` and `a[b]` — and no route takes a structured query, so a nested object,
 * or an array inside an array or holding objects, is refused with a `TypeError` naming the
 * key: a structured value belongs in a POST body.
 */
export function queryString(params: object | undefined): string {
  if (!params) return '';
  const encode = (value: string) =>
    encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
  const text = (key: string, value: unknown) => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'object')
      throw new TypeError(
        `查询参数 ${key} 是嵌套的对象或数组：GET 的查询串只能是平铺的值（或值的数组，按同名参数重复发送），服务器不解析 a[b]=1 这类写法；结构化的参数请用 POST 请求体发送`,
      );
    return String(value);
  };
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null) parts.push(`${encode(key)}=${encode(text(key, item))}`);
    } else {
      parts.push(`${encode(key)}=${encode(text(key, value))}`);
    }
  }
  return parts.join('&');
}

/** A JSON body parsed, other text as it is (what axios resolved). */
function parseBody(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The body as a blob, telling `onProgress` the bytes received so far. */
async function readBlob(response: Response, onProgress?: (loadedBytes: number) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    onProgress(loaded);
  }
  return new Blob(parts, { type });
}

function filenameFrom(response: Response, url: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  const name = encoded?.[1] ?? plain?.[1];
  if (name) {
    try {
      return decodeURIComponent(name.trim());
    } catch {
      return name.trim();
    }
  }
  const last = url.split(/[?#]/)[0].split('/').filter(Boolean).pop();
  return last || 'download';
}

function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking synchronously can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

const UPLOAD_FIELDS = ['sendSystemName', 'sendSystemCode', 'receiveSystemName', 'receiveSystemCode'] as const;

interface Exchange {
  method: 'GET' | 'POST';
  url: string;
  params?: object;
  /** JSON-encoded unless it is a FormData (multipart, the browser writes the boundary). */
  data?: unknown;
  config?: RequestConfig;
  blob?: boolean;
  onProgress?: (loadedBytes: number) => void;
}

export function createRequestClient(options: CreateRequestClientOptions = {}): RequestClient {
  const baseURL = options.baseURL ?? '';
  const defaultTimeout = options.timeout ?? REQUEST_TIMEOUT_MS;

  /**
   * One call: the headers (token, ajax flag, request time), the timeout and the caller's
   * signal; resolves the answer and its body (parsed JSON, text, or a blob), rejects with an
   * `ApiError` for no answer, a timeout, a cancel and any status outside 2xx.
   */
  async function exchange(call: Exchange): Promise<{ response: Response; body: unknown }> {
    const config = call.config ?? {};
    const headers = new Headers(config.headers);
    const token = getRequestHooks().getToken();
    if (token) {
      if (!headers.has('Authorization')) headers.set('Authorization', token);
      if (!headers.has('X-Access-Token')) headers.set('X-Access-Token', token);
    }
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('X-Request-Time', String(Date.now()));
    let body: BodyInit | undefined;
    if (call.data instanceof FormData) body = call.data;
    else if (call.data !== undefined) {
      body = JSON.stringify(call.data);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const query = queryString(call.params);
    const url = `${baseURL}${call.url}${query ? `${call.url.includes('?') ? '&' : '?'}${query}` : ''}`;

    const controller = new AbortController();
    let timedOut = false;
    const timeout = config.timeout ?? defaultTimeout;
    const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
    const cancel = () => controller.abort();
    if (config.signal?.aborted) cancel();
    config.signal?.addEventListener('abort', cancel);
    const fetchImpl = options.fetch ?? fetch;
    try {
      const response = await fetchImpl(url, { method: call.method, headers, body, signal: controller.signal });
      const result =
        call.blob && response.ok ? await readBlob(response, call.onProgress) : parseBody(await response.text());
      if (!response.ok) {
        if (isEnvelope(result)) throw failure(String(result.rtnCode), messageOf(result), result.dataSet ?? null);
        throw failure(String(response.status), messageOf(result));
      }
      return { response, body: result };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new ApiError('NETWORK', '请求超时，请稍后再试');
      if (config.signal?.aborted) throw new ApiError('CANCELED', '请求已取消', true);
      throw new ApiError('NETWORK', '网络异常，请检查网络后重试');
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', cancel);
    }
  }

  async function send(call: Exchange): Promise<unknown> {
    const { body } = await exchange(call);
    return unwrap(body, call.config?.raw === true);
  }

  return {
    post<T>(url: string, data?: unknown, config: RequestConfig = {}) {
      return send({ method: 'POST', url, data: data ?? {}, config }) as Promise<T>;
    },

    get<T>(url: string, params?: object, config: RequestConfig = {}) {
      return send({ method: 'GET', url, params, config }) as Promise<T>;
    },

    call<C extends BrowserCall>(call: C, ...[input, config = {}]: CallArgs<C>) {
      const exchange: Exchange =
        call.method === 'GET'
          ? { method: 'GET', url: call.path, params: input as object | undefined, config }
          : { method: 'POST', url: call.path, data: input ?? {}, config };
      return send(exchange) as Promise<AnswerOf<C>>;
    },

    upload<C extends BrowserCall>(call: C, form: FormData, config: UploadConfig = {}) {
      // A copy, so a retry with the caller's form does not append the fields twice.
      const body = new FormData();
      for (const [key, value] of form) body.append(key, value);
      for (const field of UPLOAD_FIELDS) {
        const value = config[field];
        if (value !== undefined && !body.has(field)) body.append(field, value);
      }
      if (!body.has('requestTime')) body.append('requestTime', String(Date.now()));
      return send({ method: 'POST', url: call.path, data: body, config }) as Promise<AnswerOf<C>>;
    },

    async download<C extends BrowserCall>(
      call: C,
      data?: CallInput<C>,
      filename?: string,
      options: DownloadOptions = {},
    ) {
      const url = call.path;
      const method = call.method;
      const { response, body: received } = await exchange({
        method,
        url,
        ...(method === 'GET' ? { params: data as object | undefined } : { data: data ?? {} }),
        blob: true,
        onProgress: options.onProgress,
      });
      const body = await readBlobBody(received);
      if (isEnvelope(body)) {
        if (String(body.rtnCode) !== '0000') throw failure(String(body.rtnCode), messageOf(body));
      }
      if (!(body instanceof Blob) || body.size === 0) {
        getRequestHooks().onWarning(DOWNLOAD_FAILED);
        throw new ApiError('DOWNLOAD_EMPTY', DOWNLOAD_FAILED, true);
      }
      saveBlob(body, filename || filenameFrom(response, url));
    },
  };
}

/** The portal's client: same origin, 90 s timeout, hooks set by the shell. */
export const request: RequestClient = createRequestClient();
