import type { PluginManifest } from '@cotton/sdk/contracts';
import { useMemo } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import type { AuthState } from '../auth/auth-store';
import { MenuIframeRoute } from '../auth/MenuIframeRoute';
import { MenuPluginRoute } from '../auth/MenuPluginRoute';
import { LOGIN_PATH } from '../auth/session';
import { BootSpinner } from '../components/BootSpinner';
import { PublicLayout } from '../layouts/PublicLayout/PublicLayout';
import { usePluginList } from '../plugin-loader/plugin-list-store';
import { PublicPageStack } from './PublicPageStack';
import { claimPublicRoutes, matchClaimed } from './public-routes';
import { RootRoute, RouteErrorPage } from './RootRoute';

const HOME_PATH = '/home';

/** What a route tells the shell: its document title. */
export interface RouteHandle {
  title?: string;
  /** The public pages' route: the title is the claimed route's, read from the plugin list in use. */
  publicPages?: true;
}

/**
 * The public pages of the plugin list in use (issue 31): one route of the router's table
 * (`*`) whose element matches the address against the routes the store's plugins claim now,
 * the first plugin to claim a path keeping it. A plugin installed, enabled, disabled or
 * upgraded while the page is open changes what this renders — never the router, so the
 * back office's open tabs stay mounted with their input. A public address renders the
 * layout around {@link PublicPageStack}: the page, and hidden the linked pages rendered
 * ahead (issue 30). Any other address: before login the login page, back there
 * afterwards; after login `/`.
 */
export function PublicPages({ plugins: built, loggedIn }: { plugins: readonly PluginManifest[]; loggedIn: boolean }) {
  const plugins = usePluginList(built);
  const claimed = useMemo(() => claimPublicRoutes(plugins), [plugins]);
  const { pathname } = useLocation();
  if (!matchClaimed(claimed, pathname)) return loggedIn ? <Navigate to="/" replace /> : <LoginRedirect />;
  // The page, and hidden the pages its links lead to rendered ahead (PublicPageStack).
  return (
    <PublicLayout>
      <PublicPageStack claimed={claimed} />
    </PublicLayout>
  );
}

/**
 * `/`: the home page; without a home plugin, the first menu page (after login) or 404, so
 * that `/` and the catch-all never send each other round in circles. Read from the plugin
 * list in use, like the public pages.
 */
function HomeRedirect({ plugins: built, auth }: { plugins: readonly PluginManifest[]; auth: AuthState | null }) {
  const plugins = usePluginList(built);
  const home = claimPublicRoutes(plugins).some(({ route }) => route.path === HOME_PATH)
    ? HOME_PATH
    : (auth?.routes[0]?.path ?? '/404');
  return <Navigate to={home} replace />;
}

/**
 * After login (`auth` given): each page of the filtered menu renders its plugin component
 * (an iframe menu its embedded page) inside the AdminLayout; pages the filter removed render 403.
 */
export function menuRoutes(plugins: readonly PluginManifest[], auth: AuthState): RouteObject[] {
  return [
    {
      // The back office's frame loads with the first menu page: the public pages never pay for it.
      lazy: async () => ({ Component: (await import('../layouts/AdminLayout/AdminLayout')).AdminLayout }),
      children: [
        ...auth.routes.map((route): RouteObject => ({
          path: route.path,
          handle: { title: route.title } satisfies RouteHandle,
          element: route.iframeUrl ? (
            <MenuIframeRoute key={route.path} url={route.iframeUrl} title={route.title} />
          ) : (
            <MenuPluginRoute
              key={route.path}
              plugins={plugins}
              componentPath={route.componentPath ?? ''}
              title={route.title}
            />
          ),
        })),
        ...auth.forbidden.map((path): RouteObject => ({
          path,
          handle: { title: '没有权限' } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('../pages/ExceptionPage')).Forbidden }),
        })),
      ],
    },
  ];
}

/**
 * Before login, an address that is no public page may be a back-office page (a bookmark, a
 * link in a message): the login page, which comes back to it afterwards (`loginTarget`
 * decides where a login may go: only this site's own paths).
 */
export function LoginRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search + hash)}`} replace />;
}

/**
 * The route table (spec §2): `/` → `/home`; the exception pages; `/errorBlank`; `/login`
 * (its own chunk); after login the menu's pages; everything else {@link PublicPages}: each
 * public plugin route, loaded on first visit, or — before login — the login page, back there
 * afterwards (issue 31: the spec's catch-all /404 cannot tell a back-office page, known only
 * after login, from a typo), after login `/`. `plugins` is the list the table starts from;
 * with the plugin store above (PluginListContext), the pages read the list in use from it.
 */
export function buildRoutes(plugins: readonly PluginManifest[], auth: AuthState | null = null): RouteObject[] {
  // Arco's Result illustrations are large: the exception pages load on first visit.
  const exception = (status: '403' | '404' | '500', title: string): RouteObject => ({
    path: `/${status}`,
    handle: { title } satisfies RouteHandle,
    lazy: async () => {
      const pages = await import('../pages/ExceptionPage');
      return { Component: { '403': pages.Forbidden, '404': pages.NotFound, '500': pages.ServerError }[status] };
    },
  });
  return [
    {
      element: <RootRoute plugins={plugins} />,
      errorElement: <RouteErrorPage />,
      // Shown while a lazy route needed by the first URL (the back office's frame, an exception
      // page) loads: the boot's spinner, still. Without one React Router warns on every such load.
      HydrateFallback: BootSpinner,
      children: [
        { path: '/', element: <HomeRedirect plugins={plugins} auth={auth} /> },
        { path: '/errorBlank', element: null },
        {
          path: '/login',
          handle: { title: '登录' } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('../auth/login')).LoginPage }),
        },
        {
          element: <PublicLayout />,
          children: [exception('403', '没有权限'), exception('404', '页面不存在'), exception('500', '服务器出错了')],
        },
        ...(auth ? menuRoutes(plugins, auth) : []),
        {
          path: '*',
          handle: { publicPages: true } satisfies RouteHandle,
          element: <PublicPages plugins={plugins} loggedIn={auth !== null} />,
        },
      ],
    },
  ];
}
