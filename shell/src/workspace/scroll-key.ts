import type { Location } from 'react-router-dom';
import { getAuthState } from '../auth/auth-store';

/**
 * The scroll restoration key: a back-office menu page (a tab) keeps one scroll position
 * whichever way it is reached (tab, menu, back/forward); other pages one per history entry.
 */
export function workspaceScrollKey(location: Location): string {
  const routes = getAuthState()?.routes ?? [];
  return routes.some((route) => route.path === location.pathname) ? location.pathname : location.key;
}
