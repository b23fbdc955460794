import { usePortalConfig, useSession } from '@cotton/sdk';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useRouteError } from 'react-router-dom';
import { BootFailure } from '../pages/BootFailure';
import { workspaceScrollKey } from '../workspace/scroll-key';
import type { RouteHandle } from './routes';

/** `<title> - <siteName>` from the deepest route that has a title. */
export function documentTitle(title: string | undefined, siteName: string): string {
  if (title && siteName) return `${title} - ${siteName}`;
  return title || siteName;
}

function useDocumentTitle() {
  const { siteName: portalName } = usePortalConfig();
  // After login the project title is the init call's siteDisplayName (spec §2, route guard).
  const { siteDisplayName } = useSession();
  const siteName = siteDisplayName || portalName;
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  useEffect(() => {
    const text = documentTitle(title?.title, siteName);
    if (text) document.title = text;
  }, [title?.title, siteName]);
}

export function RootRoute() {
  useDocumentTitle();
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
