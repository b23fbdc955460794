import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN, TOKEN_EXPIRE_MS, storage } from '../storage';
import { ApiError } from './api-error';
import { REQUEST_TIMEOUT_MS, createRequestClient, queryString } from './client';
import { resetRequestHooks, setRequestHooks } from './hooks';

/** Calls as `@cotton/sdk/calls` declares them. */
const GET = (path: `/${string}`) => ({ method: 'GET', path }) as const;
const POST = (path: `/${string}`) => ({ method: 'POST', path }) as const;

interface FakeAnswer {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

interface FakeCall {
  method: string;
  url: string;
  data: unknown;
  headers: Headers;
  signal: AbortSignal | undefined;
}

/**
 * A `fetch` that records each request and answers with `answer` (a JSON body for an object,
 * text for a string, the blob itself for a Blob); it honours the request's signal like the
 * browser's (an abort rejects with an AbortError).
 */
function fakeAdapter(answer: FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<never>)) {
  const calls: FakeCall[] = [];
  const adapter = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FakeCall = {
      method: String(init.method).toLowerCase(),
      url: String(input),
      data: init.body,
      headers: new Headers(init.headers),
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    if (call.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const a = typeof answer === 'function' ? await answer(call) : answer;
    const status = a.status ?? 200;
    const isBlob = a.data instanceof Blob;
    const text = typeof a.data === 'string' ? a.data : isBlob ? '' : JSON.stringify(a.data ?? null);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(a.headers ?? {}),
      body: null,
      text: async () => (isBlob ? (a.data as Blob).text() : text),
      blob: async () => (isBlob ? (a.data as Blob) : new Blob([text], { type: 'application/json' })),
    } as unknown as Response;
  }) as typeof fetch;
  return { adapter, calls };
}

/** A `fetch` that answers only when aborted. */
function hangingFetch() {
  return (async (_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as typeof fetch;
}

const ok = (dataSet: unknown): FakeAnswer => ({ data: { rtnCode: '0000', rtnMessage: '成功', dataSet } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('request client', () => {
  const onUnauthorized = vi.fn<(message: string) => void>();
  const onWarning = vi.fn<(message: string) => void>();

  beforeEach(() => {
    localStorage.clear();
    resetRequestHooks();
    onUnauthorized.mockReset();
    onWarning.mockReset();
    setRequestHooks({ onUnauthorized, onWarning });
  });
  afterEach(() => {
    resetRequestHooks();
    vi.restoreAllMocks();
  });

  describe('envelope', () => {
    it("resolves dataSet on '0000'", async () => {
      const { adapter, calls } = fakeAdapter(ok({ regions: [{ code: '650000' }] }));
      const client = createRequestClient({ fetch: adapter });
      await expect(client.post('/rest/region/getregions', { code: '100000' })).resolves.toEqual({
        regions: [{ code: '650000' }],
      });
      expect(calls[0].method).toBe('post');
      expect(calls[0].url).toBe('/rest/region/getregions');
      expect(JSON.parse(String(calls[0].data))).toEqual({ code: '100000' });
      expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    });

    it('posts {} when no body is given (the server wants JSON objects)', async () => {
      const { adapter, calls } = fakeAdapter(ok(null));
      await createRequestClient({ fetch: adapter }).post('/rest/anon/queryAllRegion');
      expect(JSON.parse(String(calls[0].data))).toEqual({});
    });

    it('sends GET params', async () => {
      const { adapter, calls } = fakeAdapter(ok(1));
      await createRequestClient({ fetch: adapter }).get('/rest/anon/plugins', { a: '1' });
      expect(calls[0].method).toBe('get');
      expect(calls[0].url).toBe('/rest/anon/plugins?a=1');
      expect(calls[0].data).toBeUndefined();
    });

    it('rejects other codes with an ApiError carrying code and rtnMessage', async () => {
      const { adapter } = fakeAdapter({ data: { rtnCode: '404', rtnMessage: '仓库不存在：WH999', dataSet: null } });
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/rest/anon/queryWhsDetail'));
      expect(error.code).toBe('404');
      expect(error.message).toBe('仓库不存在：WH999');
      expect(error.handled).toBe(false);
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(onWarning).not.toHaveBeenCalled();
    });

    it('takes the message from rtnMessage, then error, then message, then 请求失败', async () => {
      const bodies = [
        { rtnCode: '500', rtnMessage: 'a', error: 'b', message: 'c' },
        { rtnCode: '500', rtnMessage: '', error: 'b', message: 'c' },
        { rtnCode: '500', message: 'c' },
        { rtnCode: '500' },
      ];
      const expected = ['a', 'b', 'c', '请求失败'];
      for (const [i, body] of bodies.entries()) {
        const { adapter } = fakeAdapter({ data: body });
        const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
        expect(error.message).toBe(expected[i]);
      }
    });

    it("calls onUnauthorized on '401' and marks the error handled", async () => {
      const { adapter } = fakeAdapter({ data: { rtnCode: '401', rtnMessage: '登录已过期' } });
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
      expect(onUnauthorized).toHaveBeenCalledWith('登录已过期');
      expect(error).toMatchObject({ code: '401', message: '登录已过期', handled: true });
    });

    it("uses 未授权，请重新登录 for a '401' without a message", async () => {
      const { adapter } = fakeAdapter({ data: { rtnCode: '401' } });
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
      expect(onUnauthorized).toHaveBeenCalledWith('未授权，请重新登录');
      expect(error.message).toBe('未授权，请重新登录');
    });

    it("calls onWarning on '510' and marks the error handled", async () => {
      const { adapter } = fakeAdapter({ data: { rtnCode: '510', rtnMessage: '数据已变更' } });
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
      expect(onWarning).toHaveBeenCalledWith('数据已变更');
      expect(error).toMatchObject({ code: '510', handled: true });
    });

    it('treats an envelope in an HTTP error answer like any envelope', async () => {
      const { adapter } = fakeAdapter({ status: 401, data: { rtnCode: '401', rtnMessage: '未登录' } });
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
      expect(onUnauthorized).toHaveBeenCalledWith('未登录');
      expect(error.code).toBe('401');

      const other = fakeAdapter({ status: 500, data: { rtnCode: '500', rtnMessage: '服务器内部错误，请稍后再试' } });
      const error500 = await rejection(createRequestClient({ fetch: other.adapter }).post('/x'));
      expect(error500).toMatchObject({ code: '500', message: '服务器内部错误，请稍后再试', handled: false });
    });

    it('uses the HTTP status as code when the error answer is no envelope', async () => {
      const { adapter } = fakeAdapter({ status: 502, data: '<html>Bad Gateway</html>' });
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
      expect(error).toMatchObject({ code: '502', message: '请求失败' });
    });

    it('rejects a 2xx body that is no envelope, unless raw', async () => {
      const { adapter } = fakeAdapter({ data: { success: true, result: { token: 't' } } });
      const client = createRequestClient({ fetch: adapter });
      expect((await rejection(client.get('/cas/client/validateLogin'))).code).toBe('BAD_RESPONSE');
      await expect(client.get('/cas/client/validateLogin', undefined, { raw: true })).resolves.toEqual({
        success: true,
        result: { token: 't' },
      });
    });
  });

  describe('network', () => {
    it('maps a network failure to NETWORK 网络异常，请检查网络后重试', async () => {
      const { adapter } = fakeAdapter(() => Promise.reject(new TypeError('Failed to fetch')));
      const error = await rejection(createRequestClient({ fetch: adapter }).post('/x'));
      expect(error).toMatchObject({ code: 'NETWORK', message: '网络异常，请检查网络后重试', handled: false });
    });

    it('maps a timeout to NETWORK 请求超时，请稍后再试', async () => {
      const error = await rejection(createRequestClient({ fetch: hangingFetch(), timeout: 5 }).post('/x'));
      expect(error).toMatchObject({ code: 'NETWORK', message: '请求超时，请稍后再试', handled: false });
    });

    it('marks a request cancelled while on its way handled', async () => {
      const controller = new AbortController();
      const pending = createRequestClient({ fetch: hangingFetch() }).get('/x', undefined, {
        signal: controller.signal,
      });
      controller.abort();
      const error = await rejection(pending);
      expect(error).toMatchObject({ code: 'CANCELED', message: '请求已取消', handled: true });
    });

    it('marks a cancelled request handled', async () => {
      const controller = new AbortController();
      controller.abort();
      const { adapter } = fakeAdapter(ok(1));
      const error = await rejection(
        createRequestClient({ fetch: adapter }).post('/x', {}, { signal: controller.signal }),
      );
      expect(error).toMatchObject({ code: 'CANCELED', handled: true });
    });
  });

  describe('headers and config', () => {
    it('sends the stored token, the ajax flag and the request time', async () => {
      vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
      storage.set(ACCESS_TOKEN, 'tok-123', TOKEN_EXPIRE_MS);
      const { adapter, calls } = fakeAdapter(ok(1));
      await createRequestClient({ fetch: adapter }).post('/x');
      const headers = calls[0].headers;
      expect(headers.get('Authorization')).toBe('tok-123');
      expect(headers.get('X-Access-Token')).toBe('tok-123');
      expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(headers.get('X-Request-Time')).toBe('1700000000000');
    });

    it('sends no token headers when logged out', async () => {
      const { adapter, calls } = fakeAdapter(ok(1));
      await createRequestClient({ fetch: adapter }).post('/x');
      expect(calls[0].headers.has('Authorization')).toBe(false);
      expect(calls[0].headers.has('X-Access-Token')).toBe(false);
      expect(calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    });

    it('asks the host hook for the token on every call', async () => {
      let token: string | null = 'first';
      setRequestHooks({ getToken: () => token });
      const { adapter, calls } = fakeAdapter(ok(1));
      const client = createRequestClient({ fetch: adapter });
      await client.post('/x');
      token = null;
      await client.post('/x');
      expect(calls[0].headers.get('Authorization')).toBe('first');
      expect(calls[1].headers.has('Authorization')).toBe(false);
    });

    it('lets an explicit Authorization header win', async () => {
      setRequestHooks({ getToken: () => 'stored' });
      const { adapter, calls } = fakeAdapter(ok(1));
      await createRequestClient({ fetch: adapter }).post('/logout', {}, { headers: { Authorization: 'explicit' } });
      expect(calls[0].headers.get('Authorization')).toBe('explicit');
      expect(calls[0].headers.get('X-Access-Token')).toBe('stored');
    });

    it('times out after 90 000 ms (uploads too), same origin by default', async () => {
      expect(REQUEST_TIMEOUT_MS).toBe(90_000);
      vi.useFakeTimers();
      try {
        const client = createRequestClient({ fetch: hangingFetch() });
        const calls = [() => client.post('/x'), () => client.upload(POST('/webUpload'), new FormData())];
        for (const call of calls) {
          let settled = false;
          const outcome = rejection(call()).finally(() => (settled = true));
          await vi.advanceTimersByTimeAsync(89_999);
          expect(settled).toBe(false);
          await vi.advanceTimersByTimeAsync(1);
          expect(await outcome).toMatchObject({ code: 'NETWORK', message: '请求超时，请稍后再试' });
        }
      } finally {
        vi.useRealTimers();
      }
      const { adapter, calls } = fakeAdapter(ok(1));
      await createRequestClient({ fetch: adapter }).post('/x');
      expect(calls[0].url).toBe('/x');
    });

    it('honours a base URL', async () => {
      const { adapter, calls } = fakeAdapter(ok(1));
      await createRequestClient({ fetch: adapter, baseURL: 'http://api.test' }).post('/x');
      expect(calls[0].url).toBe('http://api.test/x');
    });

    it('writes query parameters as the server reads them: an array as its key repeated', () => {
      expect(queryString(undefined)).toBe('');
      expect(
        queryString({ a: '1', b: ['x', 'y z', null], c: null, d: undefined, e: true, f: 'a:b,c$', g: new Date(0) }),
      ).toBe('a=1&b=x&b=y+z&e=true&f=a:b,c$&g=1970-01-01T00:00:00.000Z');
      expect(queryString({ q: '仓库&1=2' })).toBe(`q=${encodeURIComponent('仓库&1=2')}`);
      // Fastify's parser reads a repeated key as an array (and `b[]=x` as a key named "b[]").
      const read = new URLSearchParams(queryString({ b: ['x', 'y z'], when: [new Date(0)] }));
      expect(read.getAll('b')).toEqual(['x', 'y z']);
      expect(read.getAll('when')).toEqual(['1970-01-01T00:00:00.000Z']);
    });

    it('refuses a nested object or array in the query, naming the key, and sends nothing', async () => {
      // The server reads no bracket forms and no route takes a structured query: a POST body is the place.
      for (const params of [{ range: { from: 1 } }, { rows: [['a']] }, { rows: [{ a: 1 }] }]) {
        const key = Object.keys(params)[0];
        expect(() => queryString(params)).toThrow(TypeError);
        expect(() => queryString(params)).toThrow(`查询参数 ${key} 是嵌套的对象或数组`);
      }
      const { adapter, calls } = fakeAdapter(ok(1));
      await expect(createRequestClient({ fetch: adapter }).get('/x', { filter: { a: 1 } })).rejects.toThrow(
        /查询参数 filter .*请用 POST 请求体/,
      );
      expect(calls).toEqual([]);
    });
  });

  describe('upload', () => {
    it('posts multipart with the system fields and requestTime, leaving the caller form untouched', async () => {
      vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
      const { adapter, calls } = fakeAdapter(ok({ fileId: 'f1' }));
      const form = new FormData();
      form.append('file', new File(['x'], 'a.png', { type: 'image/png' }));
      const result = await createRequestClient({ fetch: adapter }).upload(POST('/webUpload'), form, {
        sendSystemName: '门户',
        sendSystemCode: 'portal',
        receiveSystemName: '文件服务',
        receiveSystemCode: 'file',
      });
      expect(result).toEqual({ fileId: 'f1' });
      const sent = calls[0].data as FormData;
      expect(sent).toBeInstanceOf(FormData);
      expect((sent.get('file') as File).name).toBe('a.png');
      expect(sent.get('sendSystemName')).toBe('门户');
      expect(sent.get('sendSystemCode')).toBe('portal');
      expect(sent.get('receiveSystemName')).toBe('文件服务');
      expect(sent.get('receiveSystemCode')).toBe('file');
      expect(sent.get('requestTime')).toBe('1700000000000');
      expect(form.has('requestTime')).toBe(false);
    });

    it('leaves out the system fields that are not given', async () => {
      const { adapter, calls } = fakeAdapter(ok(null));
      await createRequestClient({ fetch: adapter }).upload(POST('/webUpload'), new FormData());
      const sent = calls[0].data as FormData;
      expect(sent.has('sendSystemName')).toBe(false);
      expect(sent.has('requestTime')).toBe(true);
    });
  });

  describe('download', () => {
    let clicked: HTMLAnchorElement[];

    beforeEach(() => {
      clicked = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      URL.createObjectURL = vi.fn(() => 'blob:fake');
      URL.revokeObjectURL = vi.fn();
    });

    it('saves the blob under the given name (POST when data is given)', async () => {
      const { adapter, calls } = fakeAdapter({ data: new Blob(['a,b\n1,2'], { type: 'text/csv' }) });
      await createRequestClient({ fetch: adapter }).download(POST('/rest/export'), { ids: '1,2' }, '仓库.csv');
      expect(calls[0].method).toBe('post');
      expect(JSON.parse(String(calls[0].data))).toEqual({ ids: '1,2' });
      expect(clicked).toHaveLength(1);
      expect(clicked[0].download).toBe('仓库.csv');
      expect(clicked[0].href).toBe('blob:fake');
      expect(onWarning).not.toHaveBeenCalled();
    });

    it('takes the name from Content-Disposition, else the URL (GET without data)', async () => {
      const { adapter, calls } = fakeAdapter({
        data: new Blob(['x']),
        headers: { 'content-disposition': "attachment; filename*=UTF-8''%E4%BB%93%E5%BA%93.xlsx" },
      });
      await createRequestClient({ fetch: adapter }).download(GET('/files/abc'));
      expect(calls[0].method).toBe('get');
      expect(clicked[0].download).toBe('仓库.xlsx');

      const plain = fakeAdapter({ data: new Blob(['x']) });
      await createRequestClient({ fetch: plain.adapter }).download(GET('/files/report.pdf?x=1'));
      expect(clicked[1].download).toBe('report.pdf');
    });

    it('warns 文件下载失败 and rejects on an empty blob', async () => {
      const { adapter } = fakeAdapter({ data: new Blob([]) });
      const error = await rejection(
        createRequestClient({ fetch: adapter }).download(GET('/files/abc'), undefined, 'a.txt'),
      );
      expect(onWarning).toHaveBeenCalledWith('文件下载失败');
      expect(error).toMatchObject({ code: 'DOWNLOAD_EMPTY', message: '文件下载失败', handled: true });
      expect(clicked).toHaveLength(0);
    });

    it('reads an error envelope sent instead of the file', async () => {
      const body = new Blob([JSON.stringify({ rtnCode: '404', rtnMessage: '文件不存在' })], {
        type: 'application/json',
      });
      const { adapter } = fakeAdapter({ data: body });
      const error = await rejection(createRequestClient({ fetch: adapter }).download(GET('/files/abc')));
      expect(error).toMatchObject({ code: '404', message: '文件不存在' });
      expect(clicked).toHaveLength(0);
    });
  });
});
