import { Message } from '@arco-design/web-react';
import { ApiError } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OVERVIEW_SUMMARY_URL } from '../../api';
import { summary } from '../../test/fixtures';
import { ProjectDisplay } from './index';

const post = vi.hoisted(() => vi.fn());

// Only the transport is faked.
vi.mock('@cotton/sdk', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cotton/sdk')>();
  vi.spyOn(actual.request, 'post').mockImplementation(post);
  return actual;
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/project/display']}>
      <ProjectDisplay />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: string) => {
    if (url === OVERVIEW_SUMMARY_URL) return summary();
    throw new Error(`unexpected call ${url}`);
  });
  setSession({
    token: 't',
    user: {
      uid: '1',
      loginName: 'admin',
      nickName: '管理员',
      realname: '张伟',
      avatar: null,
      phone: null,
      email: null,
      enterpriseCode: 'CNCE',
      enterpriseName: '全国棉花交易市场',
    },
    siteDisplayName: '棉花交易市场综合业务平台',
  });
});

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('ProjectDisplay', () => {
  it('greets the user by the hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 8, 15));
    renderPage();
    expect(screen.getByTestId('overview-greeting')).toHaveTextContent('早上好，张伟');
    expect(screen.getByText(/欢迎使用棉花交易市场综合业务平台/)).toHaveTextContent('全国棉花交易市场');
    await screen.findByTestId('overview-cards');
  });

  it('shows a skeleton, then each figure as a link to its screen', async () => {
    renderPage();
    expect(screen.getByTestId('overview-loading')).toBeInTheDocument();
    const cards = await screen.findByTestId('overview-cards');
    expect(post).toHaveBeenCalledWith(OVERVIEW_SUMMARY_URL, {});

    const warehouses = within(cards).getByTestId('overview-card-warehouses');
    expect(warehouses.tagName).toBe('A');
    expect(warehouses).toHaveAttribute('href', '/warehouse');
    expect(warehouses).toHaveTextContent('仓库总数');
    expect(warehouses).toHaveTextContent('1,286');
    expect(warehouses).toHaveTextContent('新疆 402');
    expect(warehouses).toHaveTextContent('内地 884');

    const receipts = within(cards).getByTestId('overview-card-receipts');
    expect(receipts).toHaveAttribute('href', '/bid');
    expect(receipts).toHaveTextContent('仓单总数');
    expect(receipts).toHaveTextContent('35,120');

    const appointments = within(cards).getByTestId('overview-card-appointments');
    expect(appointments).toHaveAttribute('href', '/reservation');
    expect(appointments).toHaveTextContent('本周预约');
    expect(appointments).toHaveTextContent('57');
    expect(appointments).toHaveTextContent('预约量 12,345.50 吨');

    const registrations = within(cards).getByTestId('overview-card-registrations');
    expect(registrations).toHaveTextContent('待审核注册申请');
    expect(registrations).toHaveTextContent('3');
    // No review screen yet: a plain figure, not a link that leads nowhere.
    expect(registrations.tagName).toBe('DIV');
  });

  it('hides the registration card when the value is null, but not when it is 0', async () => {
    post.mockResolvedValueOnce(summary({ registrationsAwaitingReview: null }));
    const { unmount } = renderPage();
    const cards = await screen.findByTestId('overview-cards');
    expect(within(cards).queryByTestId('overview-card-registrations')).not.toBeInTheDocument();
    expect(within(cards).queryByText('待审核注册申请')).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('link')).toHaveLength(3);
    unmount();

    post.mockResolvedValueOnce(summary({ registrationsAwaitingReview: 0 }));
    renderPage();
    expect(await screen.findByTestId('overview-card-registrations')).toHaveTextContent('0');
  });

  it('shows the server message and retries', async () => {
    const toast = vi.spyOn(Message, 'error');
    post.mockRejectedValueOnce(new ApiError('403', '没有权限访问该功能'));
    renderPage();
    const failed = await screen.findByTestId('overview-error');
    expect(failed).toHaveTextContent('数据概览加载失败');
    expect(failed).toHaveTextContent('没有权限访问该功能');
    // The page shows the failure itself: no toast on top.
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();

    fireEvent.click(screen.getByTestId('overview-retry'));
    expect(await screen.findByTestId('overview-cards')).toBeInTheDocument();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  });
});
