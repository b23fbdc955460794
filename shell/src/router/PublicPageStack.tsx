import { PrerenderContext, type Prerender } from '@cotton/sdk';
import { Activity, memo, useContext, useMemo, useState, type ContextType, type ReactNode } from 'react';
import { Route, Routes, UNSAFE_LocationContext, UNSAFE_RouteContext } from 'react-router-dom';
import { PluginRoute } from '../plugin-loader/PluginRoute';
import { useWarmPages, type WarmPage } from '../plugin-loader/warm-pages';
import { matchClaimed, type ClaimedRoute } from './public-routes';

type LocationValue = ContextType<typeof UNSAFE_LocationContext>;
type RouteValue = ContextType<typeof UNSAFE_RouteContext>;

/**
 * The route context each page's `<Routes>` starts from: the top, as under the public pages'
 * `*` route (whose match is `/`), but one object for good — the `*` route's own context is
 * a new object at every navigation, and every page under it would render again.
 */
const TOP: RouteValue = { outlet: null, matches: [], isDataRoute: false };

/** The location a page rendered ahead reads: its link's address, as a link click would make it. */
const warmValues = new WeakMap<WarmPage, LocationValue>();
function warmValue(page: WarmPage): LocationValue {
  let value = warmValues.get(page);
  if (!value) {
    value = {
      location: { pathname: page.pathname, search: page.search, hash: '', state: null, key: page.id },
      navigationType: 'PUSH' as LocationValue['navigationType'],
    };
    warmValues.set(page, value);
  }
  return value;
}

/** The page on screen. */
interface Shown {
  /** The React key of its tree: a warm page's id, or `page:` and the address it was opened at. */
  id: string;
  address: string;
  /** The claimed route path it shows (a change of search or params within it keeps the page). */
  route: string | undefined;
  /** The location its tree reads. */
  value: LocationValue;
  /** Rendered ahead: the location it was rendered for (kept while the real one says the same). */
  warm?: LocationValue;
  prerender: Prerender | null;
}

/**
 * The page to show for the real location `real`, from the one shown: the same one while the
 * address stays (its location follows the real one, except that a page rendered ahead keeps
 * the location it was rendered for while the real one has no hash and no state, so showing
 * it renders nothing again); a page rendered ahead for the address, shown; the same page
 * when the route stays (search or params changed: the page renders again, as it always did);
 * otherwise a new page.
 */
export function follow(
  shown: Shown | null,
  real: LocationValue,
  warm: readonly WarmPage[],
  routeOf: (pathname: string) => string | undefined,
): Shown {
  const { pathname, search, hash, state } = real.location;
  const address = pathname + search;
  const plain = hash === '' && state == null;
  if (shown && shown.address === address) {
    if (shown.value === real || (plain && shown.warm && shown.value === shown.warm)) return shown;
    return { ...shown, value: real };
  }
  const page = warm.find((candidate) => candidate.address === address);
  if (page) {
    const value = warmValue(page);
    return {
      id: page.id,
      address,
      route: routeOf(pathname),
      value: plain ? value : real,
      warm: value,
      prerender: page.prerender,
    };
  }
  const route = routeOf(pathname);
  if (shown && route !== undefined && route === shown.route) return { ...shown, address, value: real };
  return { id: `page:${address}`, address, route, value: real, prerender: null };
}

interface PageProps {
  value: LocationValue;
  prerender: Prerender | null;
  routes: ReactNode;
}

/**
 * One page's tree: its own location and route context, so that a navigation elsewhere
 * renders nothing in it (memo: the same props, no render).
 */
const PageTree = memo(function PageTree({ value, prerender, routes }: PageProps) {
  return (
    <PrerenderContext.Provider value={prerender}>
      <UNSAFE_RouteContext.Provider value={TOP}>
        <UNSAFE_LocationContext.Provider value={value}>
          <Routes>{routes}</Routes>
        </UNSAFE_LocationContext.Provider>
      </UNSAFE_RouteContext.Provider>
    </PrerenderContext.Provider>
  );
});

/**
 * The public page on screen and, hidden in `<Activity mode="hidden">`, the pages its links
 * lead to rendered ahead (issue 30, `warm-pages.ts`): a click on such a link shows that very
 * tree — React keeps its fibers and DOM, so the click renders nothing and compiles nothing;
 * the page's effects run as it is shown. The page left is dropped (a return visit is a new
 * page, as before). The page on screen comes first in the DOM, so an id or a test id it
 * shares with a hidden page is found on screen first.
 */
export function PublicPageStack({ claimed }: { claimed: readonly ClaimedRoute[] }) {
  const real = useContext(UNSAFE_LocationContext);
  const warm = useWarmPages();
  const routes = useMemo(
    () =>
      claimed.map(({ manifest, route }) => (
        <Route
          key={route.path}
          path={route.path}
          element={<PluginRoute key={`${manifest.id}:${route.path}`} manifest={manifest} path={route.path} />}
        />
      )),
    [claimed],
  );
  const routeOf = (pathname: string) => matchClaimed(claimed, pathname)?.route.path;
  const [shown, setShown] = useState<Shown>(() => follow(null, real, warm, routeOf));
  let current = shown;
  const next = follow(shown, real, warm, routeOf);
  if (next !== shown) {
    // Adjusting state while rendering (React's pattern): the click's own render shows it.
    setShown(next);
    current = next;
  }
  if (current.prerender) current.prerender.hidden = false;
  // One list (keys are matched within one array): a page rendered ahead keeps its tree when shown.
  const trees = [
    <Activity key={current.id} mode="visible">
      <PageTree value={current.value} prerender={current.prerender} routes={routes} />
    </Activity>,
    ...warm
      .filter((page) => page.id !== current.id)
      .map((page) => (
        <Activity key={page.id} mode="hidden">
          <PageTree value={warmValue(page)} prerender={page.prerender} routes={routes} />
        </Activity>
      )),
  ];
  return <>{trees}</>;
}
