import { ConfigProvider, Spin } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { SDK_VERSION, setPortalConfig } from '@cotton/sdk';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { BootFailure } from '../pages/BootFailure';
import { PluginLoaderContext } from '../plugin-loader/context';
import { diagnoseScriptFailure } from '../plugin-loader/diagnose';
import { createPluginLoader } from '../plugin-loader/plugin-loader';
import { createLinkPrefetcher, type LinkPrefetcher } from '../plugin-loader/prefetch';
import { buildRoutes } from '../router/routes';
import { installSharedModules } from '../shared-modules';
import { fetchBootData } from './boot-data';
import { installRequestHooks } from './request-hooks';
import styles from './start.module.css';

/** Starts the portal in `container`: SystemJS, shared modules, request hooks, configuration, router. */
export function startShell(container: HTMLElement): void {
  const system = window.System;
  const shared = installSharedModules(system);
  const loader = createPluginLoader({
    system,
    sdkVersion: SDK_VERSION,
    baseUrl: document.baseURI,
    diagnose: diagnoseScriptFailure,
    beforeRetry: shared.forgetFailed,
  });
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  let prefetcher: LinkPrefetcher | undefined;
  installRequestHooks((to) => {
    if (router) void router.navigate(to);
    else window.location.assign(to);
  });

  const root = createRoot(container);
  const render = (children: ReactNode) =>
    root.render(
      <StrictMode>
        <ConfigProvider locale={zhCN}>{children}</ConfigProvider>
      </StrictMode>,
    );

  async function boot(): Promise<void> {
    render(
      <div className={styles.booting}>
        <Spin size={32} />
      </div>,
    );
    try {
      const { portalConfig, plugins } = await fetchBootData();
      setPortalConfig(portalConfig);
      router = createBrowserRouter(buildRoutes(plugins), { basename: '/' });
      render(
        <PluginLoaderContext.Provider value={loader}>
          <RouterProvider router={router} />
        </PluginLoaderContext.Provider>,
      );
      // Once the page has rendered and the browser is idle, and after each navigation:
      // prefetch the plugins the page links to.
      prefetcher?.dispose();
      const linkPrefetcher = createLinkPrefetcher({ system, loader, plugins });
      prefetcher = linkPrefetcher;
      router.subscribe((state) => {
        if (state.navigation.state === 'idle') linkPrefetcher.schedule();
      });
      linkPrefetcher.schedule();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      render(<BootFailure reason={reason} onRetry={() => void boot()} />);
    }
  }

  void boot();
}
