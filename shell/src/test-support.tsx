import type { PluginManifest, PortalConfig } from '@cotton/sdk/contracts';
import type { PluginDefinition } from '@cotton/sdk';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { PluginLoaderContext } from './plugin-loader/context';
import { PluginListContext, type PluginListStore } from './plugin-loader/plugin-list-store';
import { createPluginLoader, type PluginLoader } from './plugin-loader/plugin-loader';
import type { SystemLoader } from './shared-modules/system-types';

/** A portal configuration as the server sends it (test environment). */
export function portalConfig(overrides: Partial<PortalConfig> = {}): PortalConfig {
  return {
    siteName: '示例交易中心',
    envName: 'test',
    envLabel: '测试环境',
    production: false,
    copyright: '© 2025 示例交易中心 版权所有',
    filingNumber: '京ICP备00000000号',
    hotlines: [
      { label: '客服热线', phone: '400-000-0000' },
      { label: '业务咨询', phone: '010-0000-0000' },
    ],
    servicePhone: '400-000-0001',
    friendlyLinks: [
      { title: '链接一', url: 'https://one.example/' },
      { title: '链接二', url: 'https://two.example/' },
      { title: '链接三', url: 'https://three.example/' },
      { title: '链接四', url: 'https://four.example/' },
    ],
    qrCode: { title: '官方公众号', imageUrl: '/qr-official-account.svg' },
    nav: [
      { key: 'home', title: '首页', path: '/home' },
      { key: 'services', title: '业务服务', path: '/home#services' },
      { key: 'demo', title: '示例查询', path: '/demo' },
    ],
    ssoLoginUrl: null,
    thirdLoginProviders: [],
    phoneLogin: true,
    pluginDevOrigins: [],
    ...overrides,
  };
}

export function manifest(
  id: string,
  routes: PluginManifest['routes'],
  overrides: Partial<PluginManifest> = {},
): PluginManifest {
  return {
    id,
    version: '1.0.0',
    entry: `/plugins/${id}/${id}.00000000.js`,
    integrity: 'sha384-test',
    routes,
    components: [],
    sdkVersion: '1.0.0',
    sharedImports: [],
    ...overrides,
  };
}

/**
 * A plugin loader over a fake SystemJS whose `import` answers from `modules` (entry URL →
 * definition or a function producing it; a thrown error fails the load).
 */
export function fakeLoader(modules: Record<string, PluginDefinition | (() => PluginDefinition)>): {
  loader: PluginLoader;
  system: SystemLoader;
} {
  const system: SystemLoader = {
    import: vi.fn(async (url: string) => {
      const found = modules[new URL(url).pathname];
      if (!found) throw new Error(`no module at ${url}`);
      return { default: typeof found === 'function' ? found() : found };
    }),
    resolve: (id: string) => id,
    delete: vi.fn(() => () => undefined),
    has: () => false,
    addImportMap: vi.fn(),
    instantiate: vi.fn(),
  };
  return { loader: createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: 'http://localhost/' }), system };
}

/**
 * Renders `routes` in a memory router at `path`, with `loader` as the shell's plugin loader
 * (and `store` as the plugin list the pages render from, when given).
 */
export function renderRoutes(routes: RouteObject[], path: string, loader: PluginLoader, store?: PluginListStore) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <PluginLoaderContext.Provider value={loader}>
      <PluginListContext.Provider value={store ?? null}>
        <RouterProvider router={router} />
      </PluginListContext.Provider>
    </PluginLoaderContext.Provider>,
  );
  return router;
}

/** `routes` with the login page as a plain heading (登录页): for tests that only check who goes there. */
export function withStubLogin(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.path === '/login'
      ? { path: '/login', element: <h1>登录页</h1> }
      : route.children
        ? ({ ...route, children: withStubLogin(route.children) } as RouteObject)
        : route,
  );
}
