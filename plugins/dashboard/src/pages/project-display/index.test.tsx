import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { clearSession, setSession } from '@cotton/sdk/host';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuViewCalls, overviewCalls } from '@cotton/sdk/calls';
import { summary } from '../../test/fixtures';
import { ProjectDisplay } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

/** The next summary call answers `answer` (a value, or an error to throw); other calls as before. */
function nextSummary(answer: unknown) {
  const before = post.getMockImplementation()!;
  post.mockImplementation(async (url: unknown) => {
    if (url !== overviewCalls.summary) return before(url);
    post.mockImplementation(before);
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

const summaryCalls = () => post.mock.calls.filter(([url]) => url === overviewCalls.summary).length;

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/project/display']}>
      <ProjectDisplay />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === overviewCalls.summary) return summary();
    if (url === menuViewCalls.recent || url === menuViewCalls.frequent) return { menus: [] };
    throw new Error(`unexpected call ${String(url)}`);
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
  it('greets the user by the hour in China and shows China’s date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2026-11-23 16:15 UTC is 00:15 on the 24th in China, whatever the zone the test runs in.
    vi.setSystemTime(new Date('2026-11-23T16:15:00Z'));
    renderPage();
    expect(screen.getByTestId('overview-greeting')).toHaveTextContent('早上好，张伟');
    expect(screen.getByText(/欢迎使用棉花交易市场综合业务平台/)).toHaveTextContent('2026-11-24');
    expect(screen.getByText(/欢迎使用棉花交易市场综合业务平台/)).toHaveTextContent('全国棉花交易市场');
    await screen.findByTestId('overview-cards');
  });

  it('shows a skeleton, then each figure as a link to its screen', async () => {
    renderPage();
    expect(screen.getByTestId('overview-loading')).toBeInTheDocument();
    const cards = await screen.findByTestId('overview-cards');
    expect(post).toHaveBeenCalledWith(overviewCalls.summary, {});

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
    // Without 注册审核 a plain figure saying who reviews, not a link that leads to 403.
    expect(registrations.tagName).toBe('DIV');
    expect(registrations).toHaveTextContent('由注册审核员在 系统管理 › 注册审核 中办理');
  });

  it('leads a reviewer from the registration figure to 注册审核', async () => {
    setSession({ permissions: ['register:apply:list', 'register:review'] });
    renderPage();
    const registrations = await screen.findByTestId('overview-card-registrations');
    expect(registrations).toHaveAttribute('href', '/system/register');
    expect(registrations).toHaveTextContent('点击进入注册审核');
  });

  it('hides the registration card when the value is null, but not when it is 0', async () => {
    nextSummary(summary({ registrationsAwaitingReview: null }));
    const { unmount } = renderPage();
    const cards = await screen.findByTestId('overview-cards');
    expect(within(cards).queryByTestId('overview-card-registrations')).not.toBeInTheDocument();
    expect(within(cards).queryByText('待审核注册申请')).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('link')).toHaveLength(3);
    unmount();

    nextSummary(summary({ registrationsAwaitingReview: 0 }));
    renderPage();
    expect(await screen.findByTestId('overview-card-registrations')).toHaveTextContent('0');
  });

  it('shows the server message and retries', async () => {
    const toast = vi.spyOn(Message, 'error');
    nextSummary(new ApiError('403', '没有权限访问该功能'));
    renderPage();
    const failed = await screen.findByTestId('overview-error');
    expect(failed).toHaveTextContent('数据概览加载失败');
    expect(failed).toHaveTextContent('没有权限访问该功能');
    // The page shows the failure itself: no toast on top.
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();

    fireEvent.click(screen.getByTestId('overview-retry'));
    expect(await screen.findByTestId('overview-cards')).toBeInTheDocument();
    await waitFor(() => expect(summaryCalls()).toBe(2));
  });

  describe('最近访问 and 常用功能', () => {
    // The instant of a China time (UTC+8), as the server sends it; the page shows it as China time.
    const at = (day: number, hour: number, minute: number) =>
      new Date(Date.UTC(2026, 10, day, hour - 8, minute)).toISOString();
    const menu = (name: string, path: string, viewCount: number, lastViewedAt: string) => ({
      id: path,
      name,
      path,
      icon: null,
      viewCount,
      lastViewedAt,
    });

    it('lists the menu pages opened last and most, as links, without the workbench itself', async () => {
      post.mockImplementation(async (url: unknown) => {
        if (url === overviewCalls.summary) return summary();
        if (url === menuViewCalls.recent)
          return {
            menus: [
              menu('工作台', '/project/display', 9, at(24, 9, 0)),
              menu('角色管理', '/system/role', 1, at(24, 8, 30)),
              menu('用户管理', '/system/user', 3, at(23, 17, 5)),
            ],
          };
        if (url === menuViewCalls.frequent) return { menus: [menu('用户管理', '/system/user', 3, at(23, 17, 5))] };
        throw new Error(`unexpected call ${String(url)}`);
      });
      renderPage();
      const recent = await screen.findByTestId('overview-recent-menus');
      await waitFor(() => expect(within(recent).getAllByRole('link')).toHaveLength(2));
      const links = within(recent).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual(['/system/role', '/system/user']);
      expect(links[0]).toHaveTextContent(/角色管理\s*11-24 08:30/);
      const frequent = screen.getByTestId('overview-frequent-menus');
      await waitFor(() => expect(within(frequent).getByRole('link')).toHaveTextContent(/用户管理\s*3 次/));
    });

    it('says so when nothing was opened yet, and shows a failure in its own card', async () => {
      post.mockImplementation(async (url: unknown) => {
        if (url === overviewCalls.summary) return summary();
        if (url === menuViewCalls.recent) return { menus: [] };
        throw new ApiError('500', '服务器内部错误，请稍后再试');
      });
      renderPage();
      const recent = await screen.findByTestId('overview-recent-menus');
      await waitFor(() => expect(recent).toHaveTextContent('暂无访问记录'));
      await waitFor(() =>
        expect(screen.getByTestId('overview-frequent-menus')).toHaveTextContent('加载失败：服务器内部错误，请稍后再试'),
      );
      expect(screen.getByTestId('overview-cards')).toBeInTheDocument();
    });
  });
});
