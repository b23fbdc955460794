import { Message } from '@arco-design/web-react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import type { ContentBrief } from '@cotton/sdk/contracts';
import { cmsCalls } from '@cotton/sdk/calls';
import { ROTATE_INTERVAL_MS } from './banner-carousel';
import { CmsBoard } from './cms-board';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

const content = (id: string, catalogCode: string, title: string, extra: Partial<ContentBrief> = {}): ContentBrief => ({
  id,
  catalogId: '1',
  catalogCode,
  catalogTitle: catalogCode,
  title,
  summary: null,
  contentType: 'ARTICLE',
  coverUrl: null,
  linkUrl: null,
  author: null,
  source: null,
  publishTime: '2026-03-15 09:30:00',
  sort: 0,
  ...extra,
});

const INDEX = {
  banners: [
    content('1', 'banner', '公开透明 服务棉花产业高质量发展', {
      coverUrl: '/cms/banner-1.svg',
      linkUrl: '/home#supervision',
    }),
    content('2', 'banner', '仓单查询 批次质量一目了然', { coverUrl: '/cms/banner-2.svg', linkUrl: '/home#receipt' }),
    content('3', 'banner', '全国监管仓库 费用标准在线查询', {
      coverUrl: '/cms/banner-3.svg',
      linkUrl: 'https://example.com/',
    }),
  ],
  news: [content('11', 'news', '2025/26年度新疆棉花公证检验量突破500万吨')],
  notices: [content('21', 'notice', '关于2026年清明节期间交易安排的通知', { publishTime: '2026-03-16 10:00:00' })],
};

beforeEach(() => {
  post.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderBoard() {
  return render(
    <MemoryRouter>
      <CmsBoard />
    </MemoryRouter>,
  );
}

describe('CmsBoard', () => {
  it('shows the banners, news and notices of /rest/cms/index, linking articles to the service page', async () => {
    post.mockResolvedValue(INDEX);
    renderBoard();
    const news = await screen.findByTestId('home-news');
    expect(post).toHaveBeenCalledWith(cmsCalls.index, {});
    const newsLink = within(news).getByTestId('home-news-item');
    expect(newsLink).toHaveTextContent('2025/26年度新疆棉花公证检验量突破500万吨');
    expect(newsLink).toHaveAttribute('href', '/service?code=news&activeKey=news&id=11');
    expect(news).toHaveTextContent('03-15');
    expect(within(news).getByText('更多 >')).toHaveAttribute('href', '/service?code=news&activeKey=news');
    const notice = within(screen.getByTestId('home-notices')).getByTestId('home-notices-item');
    expect(notice).toHaveAttribute('href', '/service?code=notice&activeKey=notice&id=21');
    const banners = screen.getAllByTestId('home-banner');
    expect(banners.map((banner) => banner.getAttribute('href'))).toEqual([
      '/home#supervision',
      '/home#receipt',
      'https://example.com/',
    ]);
    expect(banners[2]).toHaveAttribute('target', '_blank');
    expect(banners[0].querySelector('img')).toHaveAttribute('src', '/cms/banner-1.svg');
  });

  it('rotates the banners every 5 s and lets a dot choose one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    post.mockResolvedValue(INDEX);
    renderBoard();
    await screen.findByTestId('home-banners');
    const shown = () =>
      screen.getAllByTestId('home-banner').findIndex((banner) => banner.getAttribute('aria-hidden') === 'false');
    expect(shown()).toBe(0);
    act(() => vi.advanceTimersByTime(ROTATE_INTERVAL_MS));
    expect(shown()).toBe(1);
    fireEvent.click(screen.getAllByTestId('home-banner-dot')[2]);
    expect(shown()).toBe(2);

    // The keyboard focus in the carousel holds the slide still; leaving it lets it move on.
    act(() => screen.getAllByTestId('home-banner')[2].focus());
    act(() => vi.advanceTimersByTime(ROTATE_INTERVAL_MS * 2));
    expect(shown()).toBe(2);
    act(() => screen.getAllByTestId('home-banner-dot')[0].focus());
    act(() => vi.advanceTimersByTime(ROTATE_INTERVAL_MS));
    expect(shown()).toBe(2);
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(ROTATE_INTERVAL_MS));
    expect(shown()).toBe(0);
  });

  it('a failed call shows the server message as a toast', async () => {
    const toast = vi.spyOn(Message, 'error').mockImplementation(() => () => undefined);
    const { ApiError } = await import('@cotton/sdk');
    post.mockRejectedValue(new ApiError('503', '数据服务暂不可用，请稍后再试'));
    renderBoard();
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('数据服务暂不可用，请稍后再试'));
    toast.mockRestore();
  });
});
