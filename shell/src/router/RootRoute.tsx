import { usePortalConfig, useSession } from '@cotton/sdk';
import { useEffect } from 'react';
import type { PluginManifest } from '@cotton/sdk/contracts';
import { Outlet, ScrollRestoration, useLocation, useMatches, useRouteError } from 'react-router-dom';
import { usePluginList } from '../plugin-loader/plugin-list-store';
import { BootFailure } from '../pages/BootFailure';
import { workspaceScrollKey } from '../workspace/scroll-key';
import { findPublicRoute } from './public-routes';
import type { RouteHandle } from './routes';

/** `<title> - <siteName>` from the deepest route that has a title. */
export function documentTitle(title: string | undefined, siteName: string): string {
  if (title && siteName) return `${title} - ${siteName}`;
  return title || siteName;
}

function useDocumentTitle(plugins: readonly PluginManifest[]) {
  const { siteName: portalName } = usePortalConfig();
  // After login the project title is the init call's siteDisplayName (spec §2, route guard).
  const { siteDisplayName } = useSession();
  const siteName = siteDisplayName || portalName;
  const matches = useMatches();
  const { pathname } = useLocation();
  const current = usePluginList(plugins);
  const handles = matches.map((match) => match.handle as RouteHandle | undefined).reverse();
  const title = handles[0]?.publicPages
    ? findPublicRoute(current, pathname)?.route.title
    : handles.find((handle) => handle?.title)?.title;
  useEffect(() => {
    const text = documentTitle(title, siteName);
    if (text) document.title = text;
  }, [title, siteName]);
}

/** The root of the route table; `plugins`: the list it was built with (the store's, when there is one). */
export function RootRoute({ plugins }: { plugins: readonly PluginManifest[] }) {
  useDocumentTitle(plugins);
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={workspaceScrollKey} />
    </>
  );
}

/** A route that crashed outside a plugin's own boundary: the 500 page, with 重试 (reload). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return <BootFailure reason="页面出错了，请稍后重试" onRetry={() => window.location.reload()} />;
}
