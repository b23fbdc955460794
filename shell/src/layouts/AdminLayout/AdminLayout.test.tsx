import { getSessionService, request, type SessionService } from '@cotton/sdk';
import { accountCalls } from '@cotton/sdk/calls';
import { clearSession, setPortalConfig, setSession, setSessionService } from '@cotton/sdk/host';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStateFrom, setAuthState } from '../../auth/auth-store';
import { initData, testUser } from '../../auth/fixtures';
import { saveCurrentApp } from '../../auth/current-app';
import { getPreferences } from '../../theme/theme';
import { portalConfig } from '../../test-support';
import { AdminLayout } from './AdminLayout';

let previous: SessionService;
let service: {
  logout: ReturnType<typeof vi.fn<() => Promise<void>>>;
  reload: ReturnType<typeof vi.fn<() => Promise<void>>>;
};

function renderLayout(path = '/project/display') {
  const router = createMemoryRouter(
    [
      {
        element: <AdminLayout />,
        children: [
          { path: '/project/display', element: <h1>工作台内容</h1> },
          { path: '/system/sms', element: <h1>短信日志内容</h1> },
          { path: '/account/center', element: <h1>个人中心内容</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  previous = getSessionService();
  service = {
    logout: vi.fn<() => Promise<void>>(async () => undefined),
    reload: vi.fn<() => Promise<void>>(async () => undefined),
  };
  setSessionService(service);
  setPortalConfig(portalConfig());
  setSession({ token: 'tok', user: testUser, siteDisplayName: '棉花交易门户' });
  setAuthState(authStateFrom(initData(['dashboard:view', 'system:sms:list'])));
});

afterEach(() => {
  saveCurrentApp(testUser.uid, null);
  setSessionService(previous);
  clearSession();
  setAuthState(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AdminLayout', () => {
  it.each([
    [8, '早上好'],
    [10, '上午好'],
    [12, '中午好'],
    [15, '下午好'],
    [21, '晚上好'],
  ])('at %i o’clock China time greets %s and the user', (hour, greeting) => {
    // The hour in China (UTC+8), not in the zone the test (or a browser) runs in.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(Date.UTC(2026, 0, 5, hour - 8, 30)) });
    renderLayout();
    expect(screen.getByTestId('admin-greeting')).toHaveTextContent(`${greeting}，张三`);
  });

  it('keeps a user with an initial password in 个人中心 until it is changed', async () => {
    setSession({ mustChangePassword: true });
    const router = renderLayout('/system/sms');
    expect(await screen.findByText('个人中心内容')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/center');
    expect(screen.queryByText('短信日志内容')).not.toBeInTheDocument();
  });

  it('shows the site name, the red environment label, the side menu with icons, and the page', () => {
    renderLayout();
    expect(screen.getByText('棉花交易门户')).toBeInTheDocument();
    expect(screen.getByTestId('env-label')).toHaveTextContent('测试环境');
    const menu = screen.getByTestId('admin-menu');
    expect(menu).toHaveTextContent('工作台');
    expect(menu).toHaveTextContent('系统管理');
    // 个人中心 is hidden from the side menu: the user menu has it.
    expect(menu).not.toHaveTextContent('个人中心');
    expect(menu.querySelector('svg[data-icon="dashboard"] path')).toHaveAttribute('d', 'M3 3h8v8H3z');
    expect(screen.getByRole('heading', { name: '工作台内容' })).toBeInTheDocument();
  });

  it('hides the environment label in production', () => {
    setPortalConfig(portalConfig({ production: true }));
    renderLayout();
    expect(screen.queryByTestId('env-label')).toBeNull();
  });

  it('opens 个人中心 and logs out through the session service', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout();
    await user.hover(screen.getByTestId('admin-user-menu'));
    await user.click(await screen.findByText('个人中心'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/center'));
    await user.click(screen.getByTestId('admin-user-menu'));
    await user.click(await screen.findByText('退出登录'));
    expect(service.logout).toHaveBeenCalledOnce();
  });

  it('opens a local app in place and another site in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout();
    await user.click(screen.getByTestId('admin-apps'));
    await user.click(await screen.findByTestId('app-portal'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/sms'));
    await user.click(screen.getByTestId('admin-apps'));
    expect(await screen.findByTestId('app-other')).toHaveTextContent('交易系统（新窗口）');
    await user.click(screen.getByTestId('app-other'));
    expect(open).toHaveBeenCalledWith('https://trade.example/', '_blank', 'noopener,noreferrer');
    await act(async () => undefined);
  });

  it('an app switches the side menu to its menus, remembered for the user, until 全部菜单', async () => {
    const apps = [
      { appCode: 'desk', appName: '工作台应用', visitUrl: '/project/display', icon: null, menus: ['dashboard:view'] },
      { appCode: 'other', appName: '交易系统', visitUrl: 'https://trade.example/', icon: null, menus: [] },
    ];
    const withApps = () => setAuthState(authStateFrom(initData(['dashboard:view', 'system:sms:list'], { apps })));
    withApps();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const router = renderLayout('/system/sms');
    const menu = () => screen.getByTestId('admin-menu');
    expect(within(menu()).getByText('系统管理')).toBeInTheDocument();

    await user.click(screen.getByTestId('admin-apps'));
    await user.click(await screen.findByTestId('app-desk'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/display'));
    expect(screen.getByTestId('admin-apps')).toHaveTextContent('应用：工作台应用');
    expect(within(menu()).getByText('工作台')).toBeInTheDocument();
    expect(within(menu()).queryByText('系统管理')).toBeNull();

    // After a reload the same user finds the same app's menu.
    cleanup();
    withApps();
    renderLayout();
    expect(screen.getByTestId('admin-apps')).toHaveTextContent('应用：工作台应用');
    expect(within(menu()).queryByText('系统管理')).toBeNull();

    await user.click(screen.getByTestId('admin-apps'));
    await user.click(await screen.findByTestId('app-all'));
    expect(screen.getByTestId('admin-apps')).toHaveTextContent(/^应用$/);
    expect(within(menu()).getByText('系统管理')).toBeInTheDocument();
  });

  it('puts the menu across the header in the top layout, with its groups as sub-menus', async () => {
    setAuthState(
      authStateFrom(
        initData(['dashboard:view', 'system:sms:list'], {
          preferences: { menuLayout: 'top', theme: 'light', primaryColor: '#165DFF' },
        }),
      ),
    );
    renderLayout();
    const menu = screen.getByTestId('admin-menu');
    expect(menu).toHaveAttribute('data-menu-layout', 'top');
    expect(screen.getByTestId('admin-header')).toContainElement(menu);
    expect(menu).toHaveTextContent('工作台');
    expect(menu).toHaveTextContent('系统管理');
    expect(document.querySelector('.arco-layout-sider')).toBeNull();
  });

  it('previews 布局与主题 at once, saves it on the server, and goes back on 取消', async () => {
    const saved = { menuLayout: 'top', theme: 'dark', primaryColor: '#722ED1' } as const;
    // The header's bell asks for unread notices too: only the save answers the user.
    vi.spyOn(request, 'post').mockImplementation(async () => ({ unreadCount: 0, latest: [] }));
    const call = vi
      .spyOn(request, 'call')
      .mockImplementation((async (called: unknown) =>
        called === accountCalls.updateDefaults
          ? { userInfo: testUser, preferences: saved }
          : { unreadCount: 0, latest: [] }) as typeof request.call);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderLayout();
    await user.click(screen.getByTestId('admin-user-menu'));
    await user.click(await screen.findByText('布局与主题'));
    await user.click(await screen.findByTestId('theme-mode-dark'));
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    await user.click(screen.getByTestId('theme-cancel'));
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(getPreferences()?.theme).toBe('light');

    await user.click(screen.getByTestId('admin-user-menu'));
    await user.click(await screen.findByText('布局与主题'));
    await user.click(await screen.findByTestId('theme-layout-top'));
    expect(screen.getByTestId('admin-menu')).toHaveAttribute('data-menu-layout', 'top');
    await user.click(screen.getByTestId('theme-mode-dark'));
    await user.click(screen.getByRole('radio', { name: '暗夜紫' }));
    await user.click(screen.getByTestId('theme-save'));
    expect(call).toHaveBeenCalledWith(accountCalls.updateDefaults, { preferences: saved });
    await waitFor(() => expect(localStorage.getItem('dandelion__preferences')).toContain('#722ED1'));
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('var(--purple-6)');
  });
});
