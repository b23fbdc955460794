import { ConfigProvider, Notification } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { PluginManifest } from '@cotton/sdk/contracts';
import { SDK_VERSION, getSession, hasPermission } from '@cotton/sdk';
import { forgetFailedLazyParts, setPluginDevModeService, setPortalConfig, setSessionService } from '@cotton/sdk/host';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { getAuthState } from '../auth/auth-store';
import { SessionControllerContext } from '../auth/context';
import { LOGIN_PATH, createSessionController, loadSession } from '../auth/session';
import { DevModeBadgeSlot } from '../dev-mode/DevModeBadgeSlot';
import { createLazyDevMode } from '../dev-mode/lazy-dev-mode';
import { BootSpinner } from '../components/BootSpinner';
import { BootFailure } from '../pages/BootFailure';
import { PluginLoaderContext } from '../plugin-loader/context';
import { diagnoseScriptFailure, refetchPastCache } from '../plugin-loader/diagnose';
import { ignoreReportedLoadFailures, watchModuleLoads } from '../plugin-loader/module-loads';
import { createPluginLoader } from '../plugin-loader/plugin-loader';
import { PluginListContext, createPluginListStore } from '../plugin-loader/plugin-list-store';
import { createLinkPrefetcher, type LinkPrefetcher } from '../plugin-loader/prefetch';
import { LinksShownContext } from '../plugin-loader/links-shown';
import { createWarmPages, WarmPagesContext, type WarmPages } from '../plugin-loader/warm-pages';
import { watchStylesheets } from '../plugin-loader/stylesheets';
import { RESERVED_PATHS, claimPublicRoutes } from '../router/public-routes';
import { buildRoutes } from '../router/routes';
import { installSharedModules } from '../shared-modules';
import { setPublicPaths, showPath, startTheme } from '../theme/theme';
import { fetchBootData, fetchPluginList } from './boot-data';
import { PLUGIN_LIST_MAX_AGE_MS, createPluginListRefresher } from './plugin-list-refresh';
import { installRequestHooks } from './request-hooks';

/** Starts the portal in `container`: SystemJS, shared modules, request hooks, configuration, session, router. */
export function startShell(container: HTMLElement): void {
  // Before anything renders: a reload of a dark back office is dark from its first frame.
  startTheme(window.location.pathname);
  const system = window.System;
  const shared = installSharedModules(system);
  const stylesheets = watchStylesheets();
  // After the shared modules' hook: it sees the `app:` modules' failures too.
  const modules = watchModuleLoads(system);
  ignoreReportedLoadFailures(window, modules);
  const loader = createPluginLoader({
    system,
    sdkVersion: SDK_VERSION,
    baseUrl: document.baseURI,
    diagnose: diagnoseScriptFailure,
    refetch: refetchPastCache,
    beforeRetry: shared.forgetFailed,
    restoreStyles: stylesheets.relinkFailed,
    modules,
    forgetParts: forgetFailedLazyParts,
  });
  // A plugin author's dev server in place of the installed plugin (docs/plugins.md "Dev mode"),
  // its code loaded only where it can apply (lazy-dev-mode.ts).
  const devMode = createLazyDevMode({
    storage: window.localStorage,
    fetchImpl: (input, init) => fetch(input, init),
    hasPermission,
    currentUser: () => getSession().user?.uid ?? null,
    reload: () => window.location.reload(),
    openEvents: (url) => new EventSource(url),
    onBuildError: (message) =>
      Notification.error({ id: 'plugin-dev-build', title: '插件构建失败（开发模式）', content: message, duration: 0 }),
  });
  setPluginDevModeService(devMode.service);
  let plugins: PluginManifest[] = [];
  let publicPaths = new Set<string>();
  // Installs, upgrades and roll backs while the page is open: taken at the next navigation.
  const pluginList = createPluginListRefresher({ fetchList: () => fetchPluginList() });
  const takePlugins = (list: PluginManifest[]) => {
    plugins = list;
    const claimed = claimPublicRoutes(plugins, ({ manifest, route }) => {
      console.warn(`路由 ${route.path} 已被占用，插件「${manifest.id}」的同名路由被忽略`);
    });
    publicPaths = new Set(claimed.map(({ route }) => route.path));
    setPublicPaths(publicPaths);
    pluginList.reset(list);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') pluginList.check();
  });
  // Read in the background while the tab is in view, so that the next navigation has it.
  window.setInterval(() => {
    if (document.visibilityState === 'visible') pluginList.check();
  }, PLUGIN_LIST_MAX_AGE_MS);
  // What the pages render from: a new plugin list only changes this, never the router.
  const pluginStore = createPluginListStore([], async () => {
    const changed = await pluginList.readNow();
    if (!changed) return;
    takePlugins(changed);
    pluginStore.set(devMode.apply(changed));
  });
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  let generation = 0;
  let prefetcher: LinkPrefetcher | undefined;
  let warmPages: WarmPages | undefined;
  // Where a 401 during boot (before the router exists) wants to go.
  let pendingTarget: string | undefined;

  const reservedPaths = () => [...RESERVED_PATHS, ...publicPaths];
  const controller = createSessionController({
    remount: (to, options) => mountRouter(to, options),
    get reserved() {
      return reservedPaths();
    },
    isPublicPath: (pathname) => publicPaths.has(pathname),
  });
  setSessionService({ logout: controller.logout, reload: controller.reload });
  installRequestHooks((to) => {
    if (router) mountRouter(to);
    else pendingTarget = to;
  });

  const root = createRoot(container);
  const render = (children: ReactNode) =>
    root.render(
      <StrictMode>
        <ConfigProvider locale={zhCN}>{children}</ConfigProvider>
      </StrictMode>,
    );

  function moveTo(to: string, replace: boolean) {
    const url = new URL(to, window.location.href);
    const target = url.pathname + url.search + url.hash;
    if (target === window.location.pathname + window.location.search + window.location.hash) return;
    if (replace) window.history.replaceState(null, '', target);
    else window.history.pushState(null, '', target);
  }

  /**
   * (Re)creates the router for the current session: the public routes, plus the menu's
   * pages after login. Login, logout and a 401 call it; the plugin loader stays the same.
   */
  function mountRouter(to?: string, { replace = false }: { replace?: boolean } = {}) {
    if (to) moveTo(to, replace);
    router?.dispose();
    const used = devMode.apply(plugins);
    pluginStore.set(used);
    const current = createBrowserRouter(buildRoutes(used, getAuthState()), { basename: '/' });
    router = current;
    showPath(current.state.location.pathname);
    generation += 1;
    // Once the page has rendered and the browser is idle, and after each navigation:
    // prefetch the plugins the page links to, then render their pages ahead, hidden.
    prefetcher?.dispose();
    warmPages?.dispose();
    const linkPrefetcher = createLinkPrefetcher({
      system,
      loader,
      preloadShared: shared.preload,
      plugins: () => pluginStore.get(),
    });
    prefetcher = linkPrefetcher;
    const warm = createWarmPages({ links: linkPrefetcher, loader });
    warmPages = warm;
    const lookAtLinks = () => {
      linkPrefetcher.schedule();
      warm.schedule();
    };
    render(
      <PluginLoaderContext.Provider value={loader}>
        <PluginListContext.Provider value={pluginStore}>
          <SessionControllerContext.Provider value={controller}>
            {/* A navigation renders the next page at once (the click's own priority), not as a
                transition: time-sliced, the page waited behind the header's scroll update and
                an extra frame, and its request left ~30 ms later (scripts/bench/page-speed).
                No route suspends, so a transition kept nothing on screen worth keeping. */}
            <WarmPagesContext.Provider value={warm}>
              <LinksShownContext.Provider value={lookAtLinks}>
                <RouterProvider key={generation} router={current} useTransitions={false} />
              </LinksShownContext.Provider>
            </WarmPagesContext.Provider>
            <DevModeBadgeSlot devMode={devMode} />
          </SessionControllerContext.Provider>
        </PluginListContext.Provider>
      </PluginLoaderContext.Provider>,
    );
    let shown = current.state.location;
    current.subscribe((state) => {
      showPath(state.location.pathname);
      if (state.navigation.state !== 'idle') return;
      if (state.location.pathname !== shown.pathname || state.location.search !== shown.search) {
        shown = state.location;
        // A newer plugin list read since the last navigation: the pages read it from the store
        // (a plugin installed, enabled, disabled, upgraded…), the router stays — and with it
        // every open tab of the back office, its input and its place (issue 31).
        const changed = pluginList.takeChanged();
        if (changed) {
          takePlugins(changed);
          pluginStore.set(devMode.apply(changed));
        }
        pluginList.check();
      }
      lookAtLinks();
    });
    lookAtLinks();
  }

  async function boot(): Promise<void> {
    render(<BootSpinner />);
    try {
      const bootData = await fetchBootData();
      setPortalConfig(bootData.portalConfig);
      takePlugins(bootData.plugins);
      // A stored token: the init call before the router, so the menu's pages exist from the start.
      if (getSession().token) {
        const state = await loadSession(reservedPaths());
        if (!state && !pendingTarget && window.location.pathname !== LOGIN_PATH) {
          pendingTarget = `${LOGIN_PATH}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`;
        }
      }
      await devMode.start(bootData.portalConfig);
      const target = pendingTarget;
      pendingTarget = undefined;
      mountRouter(target, { replace: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      render(<BootFailure reason={reason} onRetry={() => void boot()} />);
    }
  }

  void boot();
}
