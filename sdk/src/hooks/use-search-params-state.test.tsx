import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchParamsState } from './use-search-params-state';

const DEFAULTS = { keyWord: '', pageNum: '1', area: '' };

function setup(initialEntry = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialEntry]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [state, update] = useSearchParamsState(DEFAULTS);
      const location = useLocation();
      return { state, update, search: location.search, navigation: useNavigationType() };
    },
    { wrapper },
  );
}

describe('useSearchParamsState', () => {
  afterEach(cleanup);

  it('reads defaults when the URL has nothing', () => {
    const { result } = setup();
    expect(result.current.state).toEqual(DEFAULTS);
    expect(result.current.search).toBe('');
  });

  it('reads values from the URL', () => {
    const { result } = setup('/list?keyWord=%E6%A3%89&pageNum=3&other=x');
    expect(result.current.state).toEqual({ keyWord: '棉', pageNum: '3', area: '' });
  });

  it('writes changes and leaves defaults out of the URL', () => {
    const { result } = setup('/list?other=x');
    act(() => result.current.update({ keyWord: '新疆', pageNum: '2' }));
    expect(result.current.state).toEqual({ keyWord: '新疆', pageNum: '2', area: '' });
    expect(new URLSearchParams(result.current.search).get('other')).toBe('x');
    act(() => result.current.update({ pageNum: '1', keyWord: '' }));
    expect(result.current.search).toBe('?other=x');
    expect(result.current.state).toEqual(DEFAULTS);
  });

  it('keeps state and update identities while nothing changes', () => {
    const { result, rerender } = setup('/list?pageNum=2');
    const { state, update } = result.current;
    rerender();
    expect(result.current.state).toBe(state);
    expect(result.current.update).toBe(update);
    act(() => result.current.update({ area: '1' }));
    expect(result.current.state).not.toBe(state);
    expect(result.current.update).toBe(update);
  });

  it('pushes a history entry by default and replaces on request', () => {
    const { result } = setup();
    act(() => result.current.update({ pageNum: '2' }));
    expect(result.current.navigation).toBe('PUSH');
    act(() => result.current.update({ pageNum: '3' }, { replace: true }));
    expect(result.current.navigation).toBe('REPLACE');
    expect(result.current.search).toBe('?pageNum=3');
  });
});
