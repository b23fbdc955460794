import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPageNum, matchesRule, useSearchParamsState } from './use-search-params-state';

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

  describe('with rules', () => {
    afterEach(() => vi.restoreAllMocks());

    function setupRules(initialEntry: string) {
      const warning = vi.spyOn(Message, 'warning').mockImplementation((() => {}) as never);
      const wrapper = ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[initialEntry]}>{children}</MemoryRouter>
      );
      const view = renderHook(
        () => {
          const options = {
            rules: { pageNum: isPageNum, area: matchesRule(/^[12]$/, 8) },
            invalidMessage: '筛选条件无效，已恢复默认',
          };
          // Two components of one page read the same keys: still one message.
          useSearchParamsState(DEFAULTS, options);
          const [state] = useSearchParamsState(DEFAULTS, options);
          return { state, search: useLocation().search, navigation: useNavigationType() };
        },
        { wrapper },
      );
      return { ...view, warning };
    }

    it('uses the defaults instead of values breaking their rule, drops them from the URL and says so once', () => {
      const { result, warning } = setupRules('/list?keyWord=%E6%A3%89&pageNum=abc&area=9');
      expect(result.current.state).toEqual({ keyWord: '棉', pageNum: '1', area: '' });
      expect(new URLSearchParams(result.current.search).toString()).toBe('keyWord=%E6%A3%89');
      expect(result.current.navigation).toBe('REPLACE');
      expect(warning).toHaveBeenCalledWith({ id: 'cotton-invalid-url', content: '筛选条件无效，已恢复默认' });
      // Same id: Arco shows one toast however many times it is called.
      expect(new Set(warning.mock.calls.map(([arg]) => JSON.stringify(arg))).size).toBe(1);
    });

    it('keeps valid values and says nothing', () => {
      const { result, warning } = setupRules('/list?pageNum=3&area=2');
      expect(result.current.state).toEqual({ keyWord: '', pageNum: '3', area: '2' });
      expect(warning).not.toHaveBeenCalled();
    });
  });

  it('isPageNum accepts what PageParameter accepts', () => {
    for (const ok of ['1', '9', '10', '999999', '1000000']) expect(isPageNum(ok)).toBe(true);
    for (const bad of ['0', '-1', '01', '1.5', '1e3', ' 2', 'abc', '', '1000001', '99999999']) {
      expect(isPageNum(bad)).toBe(false);
    }
  });
});
