import { type PluginDefinition } from '@cotton/sdk';
import { setPortalConfig } from '@cotton/sdk/host';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStateFrom, setAuthState } from '../auth/auth-store';
import { initData } from '../auth/fixtures';
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
});
