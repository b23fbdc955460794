import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { cmsCalls } from '@cotton/sdk/calls';
import { brief } from '../../test/fixtures';
import { SearchPage } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (_url: unknown, body: { keyWord: string; pageParameter: { pageNum: number } }) => {
    if (body.keyWord !== '仓单')
      return { keyWord: body.keyWord, pagination: { result: [], totalCount: 0, pageNum: 1, pageSize: 10 } };
    // 23 results: pages 1 and 2 hold 10, page 3 holds 3, later pages none (as the server answers).
    const count = Math.max(0, Math.min(10, 23 - (body.pageParameter.pageNum - 1) * 10));
    const result = Array.from({ length: count }, (_, i) => ({
      ...brief({
        id: String(100 + i + body.pageParameter.pageNum * 10),
        title: `仓单交易结算细则 ${body.pageParameter.pageNum}-${i}`,
        catalogCode: 'tradeRules',
        catalogTitle: '交易规则',
      }),
      snippet: '…货款结算实行T+1日结算，交易市场在买方付清货款后将仓单过户至买方名下…',
    }));
    return {
      keyWord: '仓单',
      pagination: { result, totalCount: 23, pageNum: body.pageParameter.pageNum, pageSize: 10 },
    };
  });
});

afterEach(cleanup);

describe('SearchPage', () => {
  it('searches the keyWord of the URL, highlights it and links each result to its article', async () => {
    renderAt('/search?keyWord=%E4%BB%93%E5%8D%95');
    const results = await screen.findByTestId('search-results');
    expect(post).toHaveBeenCalledWith(cmsCalls.search, {
      keyWord: '仓单',
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    expect(screen.getByTestId('search-summary')).toHaveTextContent('找到与“仓单”相关的内容 23 条');
    const links = within(results).getAllByTestId('search-result');
    expect(links).toHaveLength(10);
    expect(links[0]).toHaveAttribute('href', '/service?activeKey=tradeRules&id=110');
    expect(links[0].querySelector('mark')).toHaveTextContent('仓单');
    expect(results.querySelectorAll('p mark').length).toBe(10);
  });

  it('pages through the results', async () => {
    const router = renderAt('/search?keyWord=仓单');
    await screen.findByTestId('search-results');
    await userEvent.click(screen.getByText('3'));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(cmsCalls.search, {
        keyWord: '仓单',
        pageParameter: { pageNum: 3, pageSize: 10 },
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('pageNum')).toBe('3');
  });

  it('shows 未找到相关内容 when nothing matches, and asks for a keyword when there is none', async () => {
    const router = renderAt('/search?keyWord=不存在');
    expect(await screen.findByText('未找到相关内容')).toBeInTheDocument();
    router.navigate('/search');
    expect(await screen.findByText('请输入关键字搜索')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('goes to the last page from a page past it, never saying “23 条” and 未找到相关内容 at once', async () => {
    const router = renderAt('/search?keyWord=仓单&pageNum=9999');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('pageNum')).toBe('3'));
    expect(router.state.historyAction).toBe('REPLACE');
    const results = await screen.findByTestId('search-results');
    expect(within(results).getAllByTestId('search-result')).toHaveLength(3);
    expect(screen.getByTestId('search-summary')).toHaveTextContent('23 条');
    expect(screen.queryByText('未找到相关内容')).toBeNull();
  });

  it('drops a page number or keyword the server would refuse, with one plain message', async () => {
    const warning = vi.spyOn(Message, 'warning').mockImplementation((() => {}) as never);
    const router = renderAt(`/search?keyWord=${'棉'.repeat(51)}&pageNum=abc`);
    expect(await screen.findByText('请输入关键字搜索')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(post).not.toHaveBeenCalled();
    expect(warning).toHaveBeenCalledWith({ id: 'cotton-invalid-url', content: '链接参数无效，已恢复默认' });
    warning.mockRestore();
  });
});
