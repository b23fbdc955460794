import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../request/api-error';
import { useQuery } from './use-query';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useQuery', () => {
  let messageError: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    messageError = vi.fn();
    vi.spyOn(Message, 'error').mockImplementation(messageError as unknown as typeof Message.error);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads on mount', async () => {
    const { result } = renderHook(() => useQuery(() => Promise.resolve(42), []));
    expect(result.current.loading).toBe(true);
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBe(42);
    expect(result.current.error).toBeNull();
  });

  it('reloads when deps change and drops stale answers', async () => {
    const answers = { a: deferred<string>(), b: deferred<string>() };
    const { result, rerender } = renderHook(
      ({ key }: { key: 'a' | 'b' }) => useQuery(() => answers[key].promise, [key]),
      {
        initialProps: { key: 'a' },
      },
    );
    rerender({ key: 'b' });
    await act(async () => answers.b.resolve('B'));
    expect(result.current.data).toBe('B');
    await act(async () => answers.a.resolve('A'));
    expect(result.current.data).toBe('B');
    expect(result.current.loading).toBe(false);
  });

  it('keeps the previous data while a new load runs', async () => {
    const second = deferred<number>();
    const { result, rerender } = renderHook(
      ({ n }: { n: number }) => useQuery(() => (n === 1 ? Promise.resolve(1) : second.promise), [n]),
      {
        initialProps: { n: 1 },
      },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    rerender({ n: 2 });
    expect(result.current.loading).toBe(true);
    expect(result.current.data).toBe(1);
    await act(async () => second.resolve(2));
    expect(result.current.data).toBe(2);
  });

  it('says loading from the very render that brings new deps, never the old answer as settled', async () => {
    const second = deferred<number>();
    const seen: Array<{ n: number; loading: boolean; data: number | undefined }> = [];
    const { result, rerender } = renderHook(
      ({ n }: { n: number }) => {
        const query = useQuery(() => (n === 1 ? Promise.resolve(1) : second.promise), [n]);
        seen.push({ n, loading: query.loading, data: query.data });
        return query;
      },
      { initialProps: { n: 1 } },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    seen.length = 0;
    rerender({ n: 2 });
    // Every render with deps 2 before its answer: loading, whatever data it still shows.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((render) => render.n === 2 && !render.loading)).toEqual([]);
    await act(async () => second.resolve(2));
    expect(result.current).toMatchObject({ data: 2, loading: false });
  });

  it('clears a failure in the render of a reload', async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useQuery(() => (fail ? Promise.reject(new ApiError('500', '服务异常')) : Promise.resolve('ok')), [], {
        silent: true,
      }),
    );
    await waitFor(() => expect(result.current.error).not.toBeNull());
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ data: 'ok', loading: false, error: null }));
  });

  it('shows an error message and exposes the ApiError', async () => {
    const { result } = renderHook(() => useQuery(() => Promise.reject(new ApiError('404', '仓库不存在：WH999')), []));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toMatchObject({ code: '404', message: '仓库不存在：WH999' });
    expect(result.current.data).toBeUndefined();
    expect(messageError).toHaveBeenCalledWith('仓库不存在：WH999');
  });

  it('wraps other errors in an ApiError', async () => {
    const { result } = renderHook(() => useQuery(() => Promise.reject(new Error('boom')), []));
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe('boom');
  });

  it('does not show handled errors or when silent', async () => {
    const handled = renderHook(() =>
      useQuery(() => Promise.reject(new ApiError('401', '未授权，请重新登录', true)), []),
    );
    await waitFor(() => expect(handled.result.current.error).not.toBeNull());
    const silent = renderHook(() => useQuery(() => Promise.reject(new ApiError('500', 'x')), [], { silent: true }));
    await waitFor(() => expect(silent.result.current.error).not.toBeNull());
    expect(messageError).not.toHaveBeenCalled();
  });

  it('reload runs the load again', async () => {
    let n = 0;
    const { result } = renderHook(() => useQuery(() => Promise.resolve(++n), []));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it('ignores an answer that arrives after unmount', async () => {
    const answer = deferred<number>();
    const { unmount } = renderHook(() => useQuery(() => answer.promise, []));
    unmount();
    await act(async () => answer.reject(new ApiError('500', 'late')));
    expect(messageError).not.toHaveBeenCalled();
  });

  it('shows badRequestMessage instead of the server message for a 400, once', async () => {
    const failing = () =>
      Promise.reject(new ApiError('400', '参数错误：searchParam.warehouseAreaType（仓库区域类型）只能是 1 或 2'));
    const options = { badRequestMessage: '筛选条件无效，已恢复默认' };
    const { result } = renderHook(() => useQuery(failing, [], options));
    await waitFor(() => expect(result.current.error?.code).toBe('400'));
    expect(messageError).toHaveBeenCalledWith({ id: 'cotton-bad-request', content: '筛选条件无效，已恢复默认' });
    expect(JSON.stringify(messageError.mock.calls)).not.toContain('searchParam');
  });

  it('keeps the server message for other failures even with badRequestMessage', async () => {
    const { result } = renderHook(() =>
      useQuery(() => Promise.reject(new ApiError('503', '数据服务暂不可用，请稍后再试')), [], {
        badRequestMessage: '筛选条件无效',
      }),
    );
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(messageError).toHaveBeenCalledWith('数据服务暂不可用，请稍后再试');
  });

  it('asks the server during the first render, not after the page is committed, and only once', async () => {
    const answer = deferred<number>();
    const load = vi.fn(() => answer.promise);
    const callsInRender: number[] = [];
    const { result } = renderHook(() => {
      const query = useQuery(load, []);
      callsInRender.push(load.mock.calls.length);
      return query;
    });
    // Already asked while the first render ran (before any effect).
    expect(callsInRender[0]).toBe(1);
    await act(async () => answer.resolve(7));
    expect(result.current.data).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
    act(() => result.current.reload());
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a first load that fails at once is told once, and asks again on new deps', async () => {
    const load = vi.fn((key: string) =>
      key === 'bad' ? Promise.reject(new ApiError('500', '数据服务暂不可用')) : Promise.resolve(key),
    );
    const { result, rerender } = renderHook(({ key }: { key: string }) => useQuery(() => load(key), [key]), {
      initialProps: { key: 'bad' },
    });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(messageError).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    rerender({ key: 'good' });
    await waitFor(() => expect(result.current.data).toBe('good'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
