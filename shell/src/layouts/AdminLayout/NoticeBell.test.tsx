import { NOTICE_READ_EVENT, request } from '@cotton/sdk';
import type { HeaderNotice } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeCalls } from '@cotton/sdk/calls';
import { NOTICE_POLL_MS, NoticeBell } from './NoticeBell';

// Only the transport is faked.
const post = vi.fn();
vi.spyOn(request, 'call').mockImplementation(post);

let answer: HeaderNotice;
const notice = (id: string, title: string) => ({
  id,
  title,
  content: '正文',
  type: '1',
  publishTime: '2026-03-18T00:05:00Z',
  authorName: '张伟',
  read: false,
});

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/project/display', element: <NoticeBell /> },
      { path: '/account/notice', element: <h1>我的消息页</h1> },
    ],
    { initialEntries: ['/project/display'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const bell = () => screen.getByTestId('notice-bell');

beforeEach(() => {
  answer = { unreadCount: 0, latest: [] };
  post.mockReset();
  post.mockImplementation(async () => answer);
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

describe('NoticeBell', () => {
  it('shows the unread count and counts again every poll, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = { unreadCount: 2, latest: [notice('7', '年度结算安排'), notice('6', '系统升级')] };
    renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', '2'));
    expect(post).toHaveBeenCalledWith(noticeCalls.header, {});

    answer = { unreadCount: 3, latest: [notice('8', '新公告'), ...answer.latest] };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_POLL_MS);
    });
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', '3'));
    expect(bell()).toHaveAccessibleName('消息，3 条未读');
  });

  it('counts again at once when a page marks notices read', async () => {
    answer = { unreadCount: 1, latest: [notice('7', '年度结算安排')] };
    renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', '1'));
    answer = { unreadCount: 0, latest: [] };
    act(() => {
      window.dispatchEvent(new Event(NOTICE_READ_EVENT));
    });
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', '0'));
    expect(bell()).toHaveAccessibleName('消息');
  });

  it('lists the latest unread and opens one in 我的消息; 查看全部 opens the page', async () => {
    answer = { unreadCount: 1, latest: [notice('7', '年度结算安排')] };
    const router = renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', '1'));
    fireEvent.click(bell());
    // 00:05 UTC is 08:05 in China, whatever the zone the test runs in; the tooltip names it.
    const time = (await screen.findByTestId('notice-bell-item-7')).querySelector('span:last-child');
    expect(time).toHaveTextContent('03-18 08:05');
    expect(time).toHaveAttribute('title', '2026-03-18 08:05 北京时间');
    fireEvent.click(screen.getByTestId('notice-bell-item-7'));
    await screen.findByText('我的消息页');
    expect(router.state.location.pathname + router.state.location.search).toBe('/account/notice?id=7');
  });

  it('keeps the last count when the call fails', async () => {
    answer = { unreadCount: 4, latest: [] };
    renderBell();
    await waitFor(() => expect(bell()).toHaveAttribute('data-unread', '4'));
    post.mockRejectedValue(new Error('网络异常'));
    act(() => {
      window.dispatchEvent(new Event(NOTICE_READ_EVENT));
    });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(bell()).toHaveAttribute('data-unread', '4');
  });

  it('asks nothing while an initial password must be changed first', async () => {
    setSession({ token: 'tok', mustChangePassword: true });
    renderBell();
    await act(async () => {
      window.dispatchEvent(new Event(NOTICE_READ_EVENT));
    });
    expect(screen.queryByTestId('notice-bell')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});
