import { setPortalConfig } from '@cotton/sdk/host';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluginLoader } from '../plugin-loader/plugin-loader';
import { fakeLoader, manifest, portalConfig, renderRoutes, withStubLogin } from '../test-support';
import { createPluginListStore } from '../plugin-loader/plugin-list-store';
import { buildRoutes } from './routes';

function HomePage() {
  return <h1>首页内容</h1>;
}

function DemoPage() {
  return <h1>示例页面</h1>;
}

function Exploding() {
  const [explode, setExplode] = useState(false);
  if (explode) throw new Error('插件内部错误');
  return (
    <button type="button" onClick={() => setExplode(true)}>
      出错
    </button>
  );
}

const home = manifest('home', [{ path: '/home', public: true, title: '首页' }]);
const demo = manifest('demo', [
  { path: '/demo', public: true, title: '示例查询' },
  { path: '/demo/private', public: false, title: '内部' },
]);
const broken = manifest('broken', [{ path: '/broken', public: true, title: '坏页面' }]);

function renderAt(path: string, loader: PluginLoader, plugins = [home, demo, broken]) {
  return renderRoutes(buildRoutes(plugins), path, loader);
}

beforeEach(() => {
  setPortalConfig(portalConfig());
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('redirects / to /home and renders the home plugin inside the layout, with the document title', async () => {
    const { loader } = fakeLoader({
      [new URL(home.entry, 'http://x').pathname]: { id: 'home', routes: [{ path: '/home', element: HomePage }] },
    });
    const router = renderAt('/', loader);
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByTestId('site-header')).toBeInTheDocument();
    expect(screen.getByTestId('site-footer')).toBeInTheDocument();
    expect(document.title).toBe('首页 - 示例交易中心');
  });

  it('fetches a plugin only when one of its routes is visited', async () => {
    const { loader, system } = fakeLoader({
      '/plugins/home/home.00000000.js': { id: 'home', routes: [{ path: '/home', element: HomePage }] },
      '/plugins/demo/demo.00000000.js': {
        id: 'demo',
        routes: [
          { path: '/demo', element: DemoPage },
          { path: '/demo/private', element: DemoPage },
        ],
      },
    });
    const router = renderAt('/home', loader);
    await screen.findByText('首页内容');
    expect(system.import).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/demo'));
    expect(await screen.findByText('示例页面')).toBeInTheDocument();
    expect(system.import).toHaveBeenCalledTimes(2);
  });

  it('sends an address that is no public page, before login, to the login page coming back to it', async () => {
    const { loader } = fakeLoader({});
    const router = renderRoutes(withStubLogin(buildRoutes([home, demo])), '/system/user?page=2', loader);
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/system/user?page=2');
    await act(() => router.navigate('/demo/private'));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/demo/private');
  });

  it('opens a lazy first page behind the boot spinner, without the router warning of a missing HydrateFallback', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { loader } = fakeLoader({});
    renderAt('/404', loader);
    expect(screen.getByTestId('boot-spinner')).toBeInTheDocument();
    expect(await screen.findByText('页面不存在或仍在开发中')).toBeInTheDocument();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
  });

  it.each([
    ['/403', '没有权限访问该页面'],
    ['/404', '页面不存在或仍在开发中'],
    ['/500', '服务器出错了'],
  ])('%s says %s and goes home with 返回首页', async (path, text) => {
    const { loader } = fakeLoader({
      '/plugins/home/home.00000000.js': { id: 'home', routes: [{ path: '/home', element: HomePage }] },
    });
    const router = renderAt(path, loader);
    expect(await screen.findByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('an upgrade with the same routes changes only the upgraded page: same router, new version', async () => {
    const demo2 = { ...demo, version: '1.1.0', entry: '/plugins/demo/demo.11111111.js' };
    const { loader, system } = fakeLoader({
      [new URL(home.entry, 'http://x').pathname]: { id: 'home', routes: [{ path: '/home', element: HomePage }] },
      [new URL(demo.entry, 'http://x').pathname]: {
        id: 'demo',
        routes: [
          { path: '/demo', element: DemoPage },
          { path: '/demo/private', element: DemoPage },
        ],
      },
      [demo2.entry]: {
        id: 'demo',
        routes: [
          { path: '/demo', element: () => <h1>示例页面 1.1</h1> },
          { path: '/demo/private', element: DemoPage },
        ],
      },
    });
    const store = createPluginListStore([home, demo]);
    const router = renderRoutes(buildRoutes([home, demo]), '/demo', loader, store);
    expect(await screen.findByText('示例页面')).toBeInTheDocument();
    act(() => store.set([home, demo2]));
    expect(await screen.findByText('示例页面 1.1')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo');
    expect(vi.mocked(system.import).mock.calls.map(([url]) => new URL(url).pathname)).toEqual([
      demo.entry,
      demo2.entry,
    ]);
  });

  it('重试 loads the version active now: a page that threw, or failed to load, comes back from the fix', async () => {
    const demo2 = { ...demo, version: '1.1.0', entry: '/plugins/demo/demo.11111111.js' };
    const demo3 = { ...demo, version: '1.2.0', entry: '/plugins/demo/demo.22222222.js' };
    function Throws(): never {
      throw new Error('1.0 的页面出错');
    }
    let failDownload = true;
    const { loader, system } = fakeLoader({
      [new URL(home.entry, 'http://x').pathname]: { id: 'home', routes: [{ path: '/home', element: HomePage }] },
      [new URL(demo.entry, 'http://x').pathname]: {
        id: 'demo',
        routes: [
          { path: '/demo', element: Throws },
          { path: '/demo/private', element: DemoPage },
        ],
      },
      [demo2.entry]: () => {
        if (failDownload) throw new Error('网络中断');
        return { id: 'demo', routes: [] };
      },
      [demo3.entry]: {
        id: 'demo',
        routes: [
          { path: '/demo', element: () => <h1>示例页面 1.2</h1> },
          { path: '/demo/private', element: DemoPage },
        ],
      },
    });
    // What the server lists now: the store reads it again when asked (the shell's plugin list call).
    let listed = [home, demo];
    const store = createPluginListStore(listed, () => {
      store.set(listed);
      return Promise.resolve();
    });
    renderRoutes(buildRoutes([home, demo]), '/demo', loader, store);
    expect(await screen.findByText('1.0 的页面出错')).toBeInTheDocument();

    // 1.1 installed meanwhile, its file not downloadable: 重试 tries 1.1, not 1.0 again.
    listed = [home, demo2];
    await userEvent.click(screen.getByTestId('plugin-retry'));
    expect(await screen.findByText('网络中断')).toBeInTheDocument();
    // 1.2 with the fix installed: 重试 after the failed download loads it.
    listed = [home, demo3];
    failDownload = false;
    await userEvent.click(screen.getByTestId('plugin-retry'));
    expect(await screen.findByText('示例页面 1.2')).toBeInTheDocument();
    expect(vi.mocked(system.import).mock.calls.map(([url]) => new URL(url).pathname)).toEqual([
      demo.entry,
      demo2.entry,
      demo3.entry,
    ]);
  });

  it('a plugin installed or disabled while the page is open changes the public pages, not the router', async () => {
    const homeMounts = vi.fn();
    function CountedHome() {
      useEffect(() => homeMounts(), []);
      return <h1>首页内容</h1>;
    }
    const agreement = manifest('agreement', [{ path: '/agreement/:code', public: true, title: '协议' }]);
    function AgreementPage() {
      return <h1>协议 {useParams().code}</h1>;
    }
    const { loader } = fakeLoader({
      [new URL(home.entry, 'http://x').pathname]: { id: 'home', routes: [{ path: '/home', element: CountedHome }] },
      [new URL(demo.entry, 'http://x').pathname]: {
        id: 'demo',
        routes: [
          { path: '/demo', element: DemoPage },
          { path: '/demo/private', element: DemoPage },
        ],
      },
      [new URL(agreement.entry, 'http://x').pathname]: {
        id: 'agreement',
        routes: [{ path: '/agreement/:code', element: AgreementPage }],
      },
    });
    const store = createPluginListStore([home]);
    const router = renderRoutes(withStubLogin(buildRoutes([home])), '/home', loader, store);
    expect(await screen.findByText('首页内容')).toBeInTheDocument();

    // Installed: its pages, with their parameters and titles, at once.
    act(() => store.set([home, demo, agreement]));
    await act(() => router.navigate('/demo'));
    expect(await screen.findByText('示例页面')).toBeInTheDocument();
    expect(document.title).toBe('示例查询 - 示例交易中心');
    await act(() => router.navigate('/agreement/A1'));
    expect(await screen.findByText('协议 A1')).toBeInTheDocument();
    expect(document.title).toBe('协议 - 示例交易中心');
    await act(() => router.navigate('/home'));
    expect(await screen.findByText('首页内容')).toBeInTheDocument();

    // Disabled: its address is no public page any more (before login: the login page). The
    // home page stayed mounted through both changes: the same router, the same layout.
    act(() => store.set([home]));
    expect(homeMounts).toHaveBeenCalledTimes(2);
    await act(() => router.navigate('/demo'));
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/demo');
  });

  it('renders /errorBlank as a blank page', async () => {
    const { loader } = fakeLoader({});
    renderAt('/errorBlank', loader);
    expect(screen.queryByTestId('site-header')).not.toBeInTheDocument();
  });

  it('shows the error panel when a plugin fails to load, and 重试 loads it again', async () => {
    let attempts = 0;
    const { loader, system } = fakeLoader({
      '/plugins/demo/demo.00000000.js': () => {
        attempts += 1;
        if (attempts === 1) throw new Error('网络中断');
        return {
          id: 'demo',
          routes: [
            { path: '/demo', element: DemoPage },
            { path: '/demo/private', element: DemoPage },
          ],
        };
      },
    });
    renderAt('/demo', loader);
    const panel = await screen.findByTestId('plugin-error-panel');
    expect(within(panel).getByText('页面加载失败')).toBeInTheDocument();
    expect(within(panel).getByText('网络中断')).toBeInTheDocument();
    expect(screen.getByTestId('site-header')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('plugin-retry'));
    expect(await screen.findByText('示例页面')).toBeInTheDocument();
    expect(system.delete).toHaveBeenCalledWith('http://localhost/plugins/demo/demo.00000000.js');
  });

  it('refuses a plugin built for another SDK major with the panel', async () => {
    const { loader, system } = fakeLoader({});
    renderAt('/demo', loader, [manifest('demo', [{ path: '/demo', public: true }], { sdkVersion: '2.1.0' })]);
    expect(await screen.findByText('插件「demo」需要 SDK 2.1.0，当前为 1.0.0')).toBeInTheDocument();
    expect(system.import).not.toHaveBeenCalled();
  });

  it('keeps a plugin that throws while rendering inside the panel; the header keeps working', async () => {
    const { loader } = fakeLoader({
      '/plugins/broken/broken.00000000.js': { id: 'broken', routes: [{ path: '/broken', element: Exploding }] },
      '/plugins/home/home.00000000.js': { id: 'home', routes: [{ path: '/home', element: HomePage }] },
    });
    const router = renderAt('/broken', loader);
    await userEvent.click(await screen.findByRole('button', { name: '出错' }));
    expect(await screen.findByTestId('plugin-error-panel')).toBeInTheDocument();
    expect(screen.getByText('页面显示出错')).toBeInTheDocument();
    expect(screen.getByTestId('plugin-error-reason')).toHaveTextContent('页面显示时出错');

    await userEvent.click(screen.getByTestId('site-logo'));
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
