/** A nav item's path split into the route and the optional `#anchor` on that route. */
export interface NavTarget {
  pathname: string;
  hash: string;
}

export function parseNavPath(path: string): NavTarget {
  const at = path.indexOf('#');
  const pathname = (at === -1 ? path : path.slice(0, at)) || '/';
  const hash = at === -1 ? '' : path.slice(at + 1);
  return { pathname, hash: decodeHashSafe(hash) };
}

function decodeHashSafe(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Spec §9: the fixed header's height plus a margin; anchors land this far from the top. */
export const NAV_OFFSET = 82;
/** Spec §9: coming from another page, the scroll happens after about a second. */
export const NAV_SCROLL_DELAY_MS = 1000;

/** How long an anchor is kept in place while the page above it is still loading. */
export const ANCHOR_SETTLE_MS = 3000;

/**
 * Scrolls so that the element `id` sits NAV_OFFSET below the top. Sections above it may
 * still be loading (pictures, content lists); while they grow, in the next ANCHOR_SETTLE_MS,
 * the scroll follows them, unless the visitor scrolls, clicks or types first.
 */
export function scrollToAnchor(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const scroll = (how: ScrollBehavior) =>
    window.scrollTo({
      top: Math.max(0, element.getBoundingClientRect().top + window.scrollY - NAV_OFFSET),
      behavior: how,
    });
  scroll(behavior);
  if (typeof ResizeObserver === 'undefined') return true;
  const observer = new ResizeObserver(() => {
    if (element.isConnected && Math.abs(element.getBoundingClientRect().top - NAV_OFFSET) > 1) scroll('auto');
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, ANCHOR_SETTLE_MS);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
  return true;
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** How close to the bottom (px) counts as scrolled to the end of the page. */
export const BOTTOM_SLACK_PX = 2;

/** Whether the page is scrolled to its end (it cannot scroll any further down). */
function scrolledToBottom(): boolean {
  if (typeof document === 'undefined') return false;
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollHeight <= window.innerHeight) return false;
  return window.scrollY + window.innerHeight >= root.scrollHeight - BOTTOM_SLACK_PX;
}

/**
 * Which nav item is active: on the page of a set of anchors, the last anchor whose section
 * has reached the header (spec: follows scroll with an 82 px offset) — or, once the page is
 * scrolled to its end, the last anchor on it, whose section may be too short to ever reach
 * the header; elsewhere the item whose route is the current one or contains it.
 */
export function activeNavKey(
  items: ReadonlyArray<{ key: string; path: string }>,
  pathname: string,
): string | undefined {
  const targets = items.map((item) => ({ key: item.key, ...parseNavPath(item.path) }));
  const onPage = targets.filter((target) => target.pathname === pathname);
  let active: string | undefined;
  let last: string | undefined;
  for (const target of onPage) {
    if (!target.hash) continue;
    const element = typeof document === 'undefined' ? null : document.getElementById(target.hash);
    if (!element) continue;
    last = target.key;
    if (element.getBoundingClientRect().top - NAV_OFFSET <= 1) active = target.key;
  }
  if (last && scrolledToBottom()) return last;
  if (active) return active;
  const exact = onPage.find((target) => !target.hash) ?? onPage[0];
  if (exact) return exact.key;
  return targets
    .filter((target) => target.pathname !== '/' && pathname.startsWith(`${target.pathname}/`))
    .sort((a, b) => b.pathname.length - a.pathname.length)[0]?.key;
}
