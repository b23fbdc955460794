import type { PluginManifest } from '@cotton/sdk/contracts';
import { matchRoutes } from 'react-router-dom';

/** Paths the shell keeps for itself: no plugin may claim them. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set(['/', '/403', '/404', '/500', '/errorBlank', '/login']);

export interface ClaimedRoute {
  manifest: PluginManifest;
  route: PluginManifest['routes'][number];
}

/**
 * The public routes of the enabled plugins, in order; the first plugin to claim a path
 * keeps it (`onConflict` hears about the others). Read by the route table and by the
 * link prefetcher, so both agree on which plugin a path belongs to.
 */
export function claimPublicRoutes(
  plugins: readonly PluginManifest[],
  onConflict?: (claim: ClaimedRoute) => void,
): ClaimedRoute[] {
  const taken = new Set(RESERVED_PATHS);
  const claimed: ClaimedRoute[] = [];
  for (const manifest of plugins) {
    for (const route of manifest.routes) {
      if (!route.public) continue;
      if (taken.has(route.path)) {
        onConflict?.({ manifest, route });
        continue;
      }
      taken.add(route.path);
      claimed.push({ manifest, route });
    }
  }
  return claimed;
}

/**
 * The claimed public route `pathname` shows, ranked as the router ranks paths (`/bid/detail`
 * before `/bid/:id`); null when it is none of them.
 */
export function findPublicRoute(plugins: readonly PluginManifest[], pathname: string): ClaimedRoute | null {
  return matchClaimed(claimPublicRoutes(plugins), pathname);
}

/** The route of `claimed` that `pathname` shows, ranked as the router ranks paths; null when none. */
export function matchClaimed(claimed: readonly ClaimedRoute[], pathname: string): ClaimedRoute | null {
  const routes = claimed.map(({ route }) => ({ path: route.path }));
  const match = matchRoutes(routes, pathname)?.at(-1);
  if (!match) return null;
  return claimed[routes.indexOf(match.route)] ?? null;
}
