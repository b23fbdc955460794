import axios from 'axios';
import type { AxiosAdapter, AxiosRequestConfig, AxiosResponse } from 'axios';
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

export interface RequestClient {
  /** POST JSON; resolves the envelope's `dataSet`. */
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<T>;
  /** GET with query parameters; resolves the envelope's `dataSet`. */
  get<T = unknown>(url: string, params?: object, config?: RequestConfig): Promise<T>;
  /** Multipart POST of `form` plus the system fields and `requestTime`. */
  upload<T = unknown>(url: string, form: FormData, config?: UploadConfig): Promise<T>;
  /**
   * Fetches a file as a blob and saves it. POSTs `data` as JSON when given, else GETs.
   * The name is `filename`, else the response's Content-Disposition, else the URL's last
   * segment. An empty file warns 文件下载失败 and rejects. `onProgress` hears the bytes
   * received so far (a streamed file has no known total).
   */
  download(url: string, data?: unknown, filename?: string, options?: DownloadOptions): Promise<void>;
}

export interface DownloadOptions {
  onProgress?: (loadedBytes: number) => void;
}

export interface CreateRequestClientOptions {
  /** Defaults to same origin. */
  baseURL?: string;
  timeout?: number;
  /** For tests: answers requests instead of the network. */
  adapter?: AxiosAdapter;
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

async function fromAxiosError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError('CANCELED', '请求已取消', true);
  if (axios.isAxiosError(error)) {
    if (error.response) {
      const body = await readBlobBody(error.response.data);
      if (isEnvelope(body)) return failure(String(body.rtnCode), messageOf(body), body.dataSet ?? null);
      return failure(String(error.response.status), messageOf(body));
    }
    if (error.code === 'ETIMEDOUT') return new ApiError('NETWORK', '请求超时，请稍后再试');
    return new ApiError('NETWORK', '网络异常，请检查网络后重试');
  }
  return new ApiError('UNKNOWN', error instanceof Error && error.message ? error.message : DEFAULT_FAILURE);
}

function unwrap(body: unknown, raw: boolean): unknown {
  if (raw) return body;
  if (!isEnvelope(body)) throw new ApiError('BAD_RESPONSE', messageOf(body) || DEFAULT_FAILURE);
  if (String(body.rtnCode) === '0000') return body.dataSet;
  throw failure(String(body.rtnCode), messageOf(body), body.dataSet ?? null);
}

function toAxiosConfig(config: RequestConfig): AxiosRequestConfig {
  const result: AxiosRequestConfig = {};
  if (config.headers) result.headers = config.headers;
  if (config.timeout !== undefined) result.timeout = config.timeout;
  if (config.signal) result.signal = config.signal;
  return result;
}

function filenameFrom(response: AxiosResponse, url: string): string {
  const disposition = String(response.headers['content-disposition'] ?? '');
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

export function createRequestClient(options: CreateRequestClientOptions = {}): RequestClient {
  const http = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    adapter: options.adapter,
    // Timeouts become ETIMEDOUT instead of the ECONNABORTED that aborts also use.
    transitional: { clarifyTimeoutError: true },
  });

  http.interceptors.request.use((config) => {
    const token = getRequestHooks().getToken();
    if (token) {
      if (!config.headers.has('Authorization')) config.headers.set('Authorization', token);
      if (!config.headers.has('X-Access-Token')) config.headers.set('X-Access-Token', token);
    }
    config.headers.set('X-Requested-With', 'XMLHttpRequest');
    config.headers.set('X-Request-Time', String(Date.now()));
    return config;
  });

  async function send(config: AxiosRequestConfig, raw = false): Promise<unknown> {
    let response: AxiosResponse;
    try {
      response = await http.request(config);
    } catch (error) {
      throw await fromAxiosError(error);
    }
    return unwrap(response.data, raw);
  }

  return {
    post<T>(url: string, data?: unknown, config: RequestConfig = {}) {
      return send({ ...toAxiosConfig(config), method: 'post', url, data: data ?? {} }, config.raw) as Promise<T>;
    },

    get<T>(url: string, params?: object, config: RequestConfig = {}) {
      return send({ ...toAxiosConfig(config), method: 'get', url, params }, config.raw) as Promise<T>;
    },

    upload<T>(url: string, form: FormData, config: UploadConfig = {}) {
      // A copy, so a retry with the caller's form does not append the fields twice.
      const body = new FormData();
      for (const [key, value] of form) body.append(key, value);
      for (const field of UPLOAD_FIELDS) {
        const value = config[field];
        if (value !== undefined && !body.has(field)) body.append(field, value);
      }
      if (!body.has('requestTime')) body.append('requestTime', String(Date.now()));
      return send({ ...toAxiosConfig(config), method: 'post', url, data: body }, config.raw) as Promise<T>;
    },

    async download(url: string, data?: unknown, filename?: string, options: DownloadOptions = {}) {
      let response: AxiosResponse;
      const { onProgress } = options;
      try {
        response = await http.request({
          url,
          method: data === undefined ? 'get' : 'post',
          data,
          responseType: 'blob',
          ...(onProgress ? { onDownloadProgress: (event: { loaded: number }) => onProgress(event.loaded) } : {}),
        });
      } catch (error) {
        throw await fromAxiosError(error);
      }
      const body = await readBlobBody(response.data);
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
