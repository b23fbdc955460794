import { Message } from '@arco-design/web-react';
import { NOTICE_READ_EVENT, request } from '@cotton/sdk';
import type { UserNoticeRow } from '@cotton/sdk/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeCalls } from '@cotton/sdk/calls';
import { MyNotices } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

function row(overrides: Partial<UserNoticeRow>): UserNoticeRow {
  return {
    id: '1',
    title: '年度结算安排',
    content: '第一行\n第二行',
    type: '1',
    publishTime: '2026-03-18T08:00:00+08:00',
    authorName: '张伟',
    read: false,
    ...overrides,
  };
}
const ROWS = [row({}), row({ id: '2', title: '系统升级公告', type: '2', read: true })];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);
const readEvents = vi.fn();

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === noticeCalls.userPage) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === noticeCalls.detail)
      return { ...row({ id: '9', title: '链接打开的通知' }), status: '1', audience: 'all', users: [], roles: [] };
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  readEvents.mockReset();
  window.addEventListener(NOTICE_READ_EVENT, readEvents);
});

afterEach(() => {
  window.removeEventListener(NOTICE_READ_EVENT, readEvents);
  vi.mocked(Message.success).mockRestore();
});

// The detail opens with Arco's transitions: slower than the default 5 s on a busy machine.
describe('MyNotices', { timeout: 20_000 }, () => {
  it('opens a notice as text, marks it read once and tells the bell', async () => {
    render(
      <MemoryRouter>
        <MyNotices />
      </MemoryRouter>,
    );
    await user.click(await screen.findByText('年度结算安排'));
    const detail = await screen.findByTestId('my-notice-detail');
    expect(within(detail).getByText(/第一行/)).toHaveTextContent('第一行 第二行');
    await waitFor(() => expect(bodiesOf(noticeCalls.markRead)).toEqual([{ ids: '1' }]));
    expect(readEvents).toHaveBeenCalledTimes(1);
    expect(within(screen.getByTestId('my-notice-1')).queryByTestId('my-notice-unread')).toBeNull();

    await user.click(screen.getByText('系统升级公告'));
    expect(bodiesOf(noticeCalls.markRead)).toHaveLength(1);
  });

  it('filters unread, and marks all read', async () => {
    render(
      <MemoryRouter>
        <MyNotices />
      </MemoryRouter>,
    );
    await screen.findByText('年度结算安排');
    await user.click(screen.getByText('未读'));
    await waitFor(() => expect(bodiesOf(noticeCalls.userPage).at(-1)).toEqual({ pageNum: 1, pageSize: 10, read: '0' }));
    await user.click(screen.getByTestId('my-notices-read-all'));
    await waitFor(() => expect(bodiesOf(noticeCalls.markRead)).toEqual([{ all: true }]));
    expect(readEvents).toHaveBeenCalled();
  });

  it('opens the notice the bell links to', async () => {
    render(
      <MemoryRouter initialEntries={['/account/notice?id=9']}>
        <MyNotices />
      </MemoryRouter>,
    );
    expect(await screen.findByText('链接打开的通知')).toBeInTheDocument();
    expect(bodiesOf(noticeCalls.detail)).toEqual([{ id: '9' }]);
    await waitFor(() => expect(bodiesOf(noticeCalls.markRead)).toEqual([{ ids: '9' }]));
  });
});
