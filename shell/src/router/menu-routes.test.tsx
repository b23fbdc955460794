import { type PluginDefinition } from '@cotton/sdk';
import { clearSession, setPortalConfig, setSession } from '@cotton/sdk/host';
import { smsCodes } from '@cotton/sdk/calls';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStateFrom, setAuthState } from '../auth/auth-store';
import { displayMenu, initData, menuNode, testUser } from '../auth/fixtures';
import type { MenuNode } from '@cotton/sdk/contracts';
import { createPluginListStore } from '../plugin-loader/plugin-list-store';
import type { PluginLoader } from '../plugin-loader/plugin-loader';
import { fakeLoader, manifest, portalConfig, renderRoutes, withStubLogin } from '../test-support';
import { buildRoutes } from './routes';

function ProjectDisplay() {
  return <h1>工作台内容</h1>;
}

const dashboard = manifest('dashboard', [], { components: ['ProjectDisplay'] });
const account = manifest('account', [], { components: [] });
const entry = (m: { entry: string }) => new URL(m.entry, 'http://x').pathname;

function renderAt(path: string, loader: PluginLoader, codes = ['dashboard:view']) {
  const auth = authStateFrom(initData(codes));
  setAuthState(auth);
  return renderRoutes(buildRoutes([dashboard, account], auth), path, loader);
}

beforeEach(() => {
  setPortalConfig(portalConfig());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  clearSession();
  setAuthState(null);
  vi.restoreAllMocks();
});

const modules: Record<string, PluginDefinition> = {
  [entry(dashboard)]: { id: 'dashboard', components: { ProjectDisplay } },
  [entry(account)]: { id: 'account', components: {} },
};

describe('the dynamic route set', () => {
  it('renders a menu page: the plugin export inside the AdminLayout', async () => {
    const { loader } = fakeLoader(modules);
    renderAt('/project/display', loader);
    expect(await screen.findByRole('heading', { name: '工作台内容' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-layout')).toBeInTheDocument();
  });

  it('explains a missing export or plugin instead of a blank page, without downloading the bundle', async () => {
    const { loader, system } = fakeLoader(modules);
    renderAt('/account/center', loader);
    expect(await screen.findByTestId('plugin-error-reason')).toHaveTextContent(
      /^插件「account」没有菜单「.+」所需的页面「AccountCenter」/,
    );
    expect(screen.getByTestId('plugin-error-panel')).toHaveAttribute('data-failure', 'missing-component');
    expect(screen.queryByTestId('plugin-retry')).not.toBeInTheDocument();
    expect(system.import).not.toHaveBeenCalledWith(expect.stringContaining(entry(account)));
  });

  it('renders 403 for a page the filter removed and sends unknown paths to / (the first menu page without a home plugin)', async () => {
    const { loader } = fakeLoader(modules);
    const router = renderAt('/system/sms', loader);
    expect(await screen.findByTestId('exception-403')).toBeInTheDocument();
    await act(() => router.navigate('/nowhere'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/display'));
  });

  it('sends a menu page opened before login to the login page, coming back to it', async () => {
    const { loader } = fakeLoader(modules);
    const router = renderRoutes(withStubLogin(buildRoutes([dashboard])), '/project/display', loader);
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/project/display');
  });

  it('keeps every open tab mounted with its input when the plugin list changes; the tab of a disabled plugin says so', async () => {
    setSession({ token: 'tok', user: testUser, siteDisplayName: '棉花交易门户' });
    const system = manifest('system', [], { components: ['SmsLog'] });
    const finance = manifest('finance', [{ path: '/financialService', public: true, title: '金融服务' }]);
    const mounts = vi.fn<(name: string) => void>();
    function Typed({ name }: { name: string }) {
      useEffect(() => mounts(name), [name]);
      return <input aria-label={name} />;
    }
    const { loader } = fakeLoader({
      [entry(dashboard)]: { id: 'dashboard', components: { ProjectDisplay: () => <Typed name="工作台输入" /> } },
      [entry(system)]: { id: 'system', components: { SmsLog: () => <Typed name="短信日志输入" /> } },
      [entry(finance)]: { id: 'finance', routes: [{ path: '/financialService', element: () => <h1>金融服务</h1> }] },
    });
    const auth = authStateFrom(initData(['dashboard:view', smsCodes.list]));
    setAuthState(auth);
    const plugins = [dashboard, account, system, finance];
    const store = createPluginListStore(plugins);
    const router = renderRoutes(buildRoutes(plugins, auth), '/project/display', loader, store);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '工作台输入' }), '甲');
    await act(() => router.navigate('/system/sms'));
    await user.type(await screen.findByRole('textbox', { name: '短信日志输入' }), '乙');

    // finance disabled (its public route gone): both tabs keep their input, nothing remounts.
    act(() => store.set([dashboard, account, system]));
    await act(() => router.navigate('/project/display'));
    expect(screen.getByRole('textbox', { name: '工作台输入' })).toHaveValue('甲');
    await act(() => router.navigate('/system/sms'));
    expect(screen.getByRole('textbox', { name: '短信日志输入' })).toHaveValue('乙');
    expect(mounts.mock.calls).toEqual([['工作台输入'], ['短信日志输入']]);

    // system disabled: its tab says why; the other tab is untouched.
    act(() => store.set([dashboard, account]));
    await act(() => router.navigate('/system/sms'));
    expect(await screen.findByText('菜单「短信日志」所需的插件「system」未安装或未启用，请联系管理员')).toBeVisible();
    expect(screen.getAllByTestId('workspace-pane')).toHaveLength(2);
    await act(() => router.navigate('/project/display'));
    expect(screen.getByRole('textbox', { name: '工作台输入' })).toHaveValue('甲');
    expect(mounts).toHaveBeenCalledTimes(2);
  });

  it('an iframe menu embeds its page in a tab; 缓存 off mounts a page afresh; an external link opens a new window', async () => {
    setSession({ token: 'tok', user: testUser, siteDisplayName: '棉花交易门户' });
    const system = manifest('system', [], { components: ['SmsLog'] });
    const mounts = vi.fn();
    function Typed() {
      useEffect(() => mounts(), []);
      return <input aria-label="短信日志输入" />;
    }
    const { loader } = fakeLoader({
      [entry(dashboard)]: { id: 'dashboard', components: { ProjectDisplay } },
      [entry(system)]: { id: 'system', components: { SmsLog: Typed } },
    });
    const page = (name: string, path: string, extra: Partial<MenuNode>): MenuNode => ({
      ...menuNode(name, path, null),
      ...extra,
    });
    const auth = authStateFrom(
      initData(['dashboard:view'], {
        menu: [
          { ...displayMenu, icon: 'dashboard' },
          menuNode(
            '外部系统',
            '/ext',
            null,
            [],
            [
              page('经营报表', '/ext/bi', { openMode: 'iframe', url: 'https://bi.example.com/report' }),
              page('不缓存短信', '/ext/sms', { componentPath: 'system/SmsLog', keepAlive: false }),
              page('帮助文档', '/ext/help', { openMode: 'link', url: 'https://docs.example.org/' }),
            ],
          ),
        ],
      }),
    );
    setAuthState(auth);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const router = renderRoutes(
      buildRoutes([dashboard, system], auth),
      '/ext/bi',
      loader,
      createPluginListStore([dashboard, system]),
    );
    const frame = await screen.findByTestId('menu-iframe');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('title', '经营报表');
    expect(frame).toHaveAttribute('src', 'https://bi.example.com/report');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');

    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await act(() => router.navigate('/ext/sms'));
    await user.type(await screen.findByRole('textbox', { name: '短信日志输入' }), '甲');
    await act(() => router.navigate('/project/display'));
    // Not kept while hidden: gone, and mounted afresh (empty) when shown again.
    expect(screen.queryByRole('textbox', { name: '短信日志输入' })).toBeNull();
    await act(() => router.navigate('/ext/sms'));
    expect(await screen.findByRole('textbox', { name: '短信日志输入' })).toHaveValue('');
    expect(mounts).toHaveBeenCalledTimes(2);
    // The iframe tab (缓存 on) stayed mounted all along.
    expect(screen.getByTestId('menu-iframe')).toBe(frame);

    // An external link: a new browser tab, no navigation.
    // (The side menu is collapsed at jsdom's width: the group's items pop up on hover.)
    await user.hover(within(screen.getByTestId('admin-menu')).getByText('外部系统'));
    await user.click(await screen.findByText('帮助文档'));
    expect(open).toHaveBeenCalledWith('https://docs.example.org/', '_blank', 'noopener,noreferrer');
    expect(router.state.location.pathname).toBe('/ext/sms');
  });
});
