import type { Prerender } from '@cotton/sdk';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PluginLoader } from './plugin-loader';
import {
  defaultFastConnection,
  defaultSaveData,
  defaultWhenIdle,
  type LinkedAddress,
  type LinkPrefetcher,
} from './prefetch';

/**
 * At most this many public pages are rendered ahead at a time: enough for one page of each
 * route the home page links to (seven today: its cards' lists and the nav's pages) and one more.
 */
export const WARM_PAGE_LIMIT = 8;
/**
 * At most this many of them show one route (a list's cards each lead to their own detail:
 * the first two are rendered ahead, the others when pointed at).
 */
export const WARM_PER_ROUTE = 2;
/** An answer loaded ahead is shown as it is up to this age (ms) when its page is shown; older, it loads again. */
export const WARM_ANSWER_MAX_AGE_MS = 30_000;

/** A public page rendered ahead, hidden, for the address a link on the current page leads to. */
export interface WarmPage {
  /** Unique for the page's life: the React key of its hidden tree. */
  id: string;
  /** Pathname and search: what a link must lead to for a click to show this page. */
  address: string;
  pathname: string;
  search: string;
  /** What the page's queries read (`PrerenderContext`); the shell sets `hidden` false when it shows the page. */
  prerender: Prerender;
}

export interface WarmPagesOptions {
  /** Finds the links of the current page and the plugin of a path (as the prefetcher does). */
  links: Pick<LinkPrefetcher, 'linkedAddresses' | 'routeFor'>;
  loader: Pick<PluginLoader, 'getState' | 'subscribe'>;
  /** The current address; default `window.location`. */
  location?: () => { pathname: string; search: string };
  /** Runs `callback` when the browser is idle; returns a cancel function. */
  whenIdle?: (callback: () => void) => () => void;
  /** True when the visitor asked to save data: nothing is rendered ahead. */
  saveData?: () => boolean;
  /** False on a connection slower than 4G: nothing is rendered ahead. */
  fastConnection?: () => boolean;
  /** The clock of the answers' age (ms); default `performance.now()`. */
  now?: () => number;
  /** Default {@link WARM_PAGE_LIMIT}. */
  limit?: number;
  /** Default {@link WARM_ANSWER_MAX_AGE_MS}. */
  maxAgeMs?: number;
  /** Calls `listener` when the visitor scrolls (other links come into view); returns an unsubscribe. */
  onScroll?: (listener: () => void) => () => void;
  /**
   * Calls `listener` with the address of a link the visitor points at or moves the focus to
   * (pointer over it, a finger on it, Tab); returns an unsubscribe. Default: the document's
   * `pointerover` and `focusin`.
   */
  onIntent?: (listener: (address: { pathname: string; search: string }) => void) => () => void;
}

export interface WarmPages {
  /** The pages rendered ahead now (the same array until it changes). */
  get(): readonly WarmPage[];
  subscribe(listener: () => void): () => void;
  /** Looks at the page's links again once the browser is idle (after a navigation, a plugin loaded). */
  schedule(): void;
  /** The look itself, at once; resolves when the page it started rendering has its answers. */
  run(): Promise<void>;
  dispose(): void;
}

function onWindowScroll(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

/** How long a mouse rests on a link before it counts as pointing at it (not a pass across a list). */
const HOVER_INTENT_MS = 80;

function onLinkIntent(listener: (address: { pathname: string; search: string }) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const linkOf = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    return anchor instanceof HTMLAnchorElement && anchor.origin === window.location.origin ? anchor : null;
  };
  const tell = (anchor: HTMLAnchorElement) => listener({ pathname: anchor.pathname, search: anchor.search });
  const onOver = (event: PointerEvent) => {
    clearTimeout(timer);
    const anchor = linkOf(event);
    if (!anchor) return;
    // A finger on a link is about to tap it; a mouse first rests on it.
    if (event.pointerType === 'touch' || event.pointerType === 'pen') tell(anchor);
    else timer = setTimeout(() => tell(anchor), HOVER_INTENT_MS);
  };
  const onFocus = (event: FocusEvent) => {
    const anchor = linkOf(event);
    if (anchor) tell(anchor);
  };
  document.addEventListener('pointerover', onOver, { capture: true, passive: true });
  document.addEventListener('focusin', onFocus, { capture: true });
  return () => {
    clearTimeout(timer);
    document.removeEventListener('pointerover', onOver, { capture: true });
    document.removeEventListener('focusin', onFocus, { capture: true });
  };
}

/**
 * Which public pages to render ahead (issue 30): those the current page's links lead to —
 * one per route first, links in view before those laid out below, at most
 * {@link WARM_PER_ROUTE} of a route — whose plugin is loaded already (the link prefetcher
 * loads them), at most `limit`, never a page of the current page's own route (its other
 * addresses — another page of a list, other filters — are reached by the page's own
 * controls). A page of the same plugin's other routes counts (`/bid` → `/bid/detail`,
 * `/register` → `/register/status`). One page is added at a time: the next once the browser
 * is idle again after the previous one's answers have come. A link the visitor points at or
 * focuses (and that is not rendered ahead yet) is rendered ahead at once, first, in place
 * of the last page when all places are taken. A page no longer linked is dropped at the
 * next look. Nothing is rendered ahead when the visitor saves data or the connection is
 * slower than 4G, nor away from the public pages (the back office, the login page).
 */
export function createWarmPages(options: WarmPagesOptions): WarmPages {
  const { links, loader } = options;
  const location = options.location ?? (() => window.location);
  const whenIdle = options.whenIdle ?? defaultWhenIdle;
  const saveData = options.saveData ?? defaultSaveData;
  const fastConnection = options.fastConnection ?? defaultFastConnection;
  const now = options.now ?? (() => performance.now());
  const limit = options.limit ?? WARM_PAGE_LIMIT;
  const maxAgeMs = options.maxAgeMs ?? WARM_ANSWER_MAX_AGE_MS;

  let pages: readonly WarmPage[] = [];
  const listeners = new Set<() => void>();
  const loads = new Map<string, Promise<unknown>[]>();
  let cancelIdle: (() => void) | undefined;
  let busy = false;
  let disposed = false;
  let made = 0;
  /** The address the visitor last pointed at or focused, while it stays linked. */
  let intent: string | undefined;

  function set(next: readonly WarmPage[]): void {
    if (next.length === pages.length && next.every((page, i) => page === pages[i])) return;
    for (const page of pages) if (!next.includes(page)) loads.delete(page.id);
    pages = next;
    for (const listener of [...listeners]) listener();
  }

  function make({ pathname, search }: LinkedAddress): WarmPage {
    made += 1;
    const id = `warm:${made}`;
    const started: Promise<unknown>[] = [];
    loads.set(id, started);
    return {
      id,
      address: pathname + search,
      pathname,
      search,
      prerender: { hidden: true, maxAgeMs, now, track: (load) => void started.push(load) },
    };
  }

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      cancelIdle = whenIdle(() => {
        cancelIdle = undefined;
        resolve();
      });
    });
  }

  /** Every address that may be rendered ahead, in link order (in view first); none away from the public pages. */
  function candidates(): LinkedAddress[] {
    const here = location();
    const own = links.routeFor(here.pathname);
    if (own === undefined) return [];
    const found = new Map<string, LinkedAddress>();
    for (const linked of [...links.linkedAddresses(undefined, true), ...links.linkedAddresses(undefined, false)]) {
      const address = linked.pathname + linked.search;
      if (found.has(address) || linked.route === own) continue;
      if (loader.getState(linked.manifest.id).status !== 'ready') continue;
      found.set(address, linked);
    }
    return [...found.values()];
  }

  /**
   * The addresses worth rendering ahead now, best first: the one pointed at, then one per
   * route before a second of any (the home page links to 业务服务's seven lists and to a
   * dozen articles of 服务中心: one page of each list is worth more than five articles).
   * Per route, not per plugin: per plugin, `/inlReservation` and `/bid` came after a second
   * article and missed the six places there were then (measured on the home page,
   * 2026-11-30); per route with six places, the nav's pages had filled them before the
   * cards' (2026-11-30, `/bid` at 4× CPU 394 ms against 331) — eight places hold them all.
   */
  function wanted(): LinkedAddress[] {
    const all = candidates();
    const pointed = all.find((linked) => linked.pathname + linked.search === intent);
    if (!pointed) intent = undefined;
    const firsts = all.filter((linked, i) => all.findIndex((other) => other.route === linked.route) === i);
    const perRoute = new Map<string, number>();
    const ordered = [...(pointed ? [pointed] : []), ...firsts, ...all.filter((linked) => !firsts.includes(linked))];
    const picked: LinkedAddress[] = [];
    for (const linked of ordered) {
      if (picked.includes(linked)) continue;
      const count = perRoute.get(linked.route) ?? 0;
      if (count >= WARM_PER_ROUTE && linked !== pointed) continue;
      perRoute.set(linked.route, count + 1);
      picked.push(linked);
    }
    return picked.slice(0, limit);
  }

  /** The visitor points at a link: its page, if it may be rendered ahead and is not, at once. */
  function pointAt({ pathname, search }: { pathname: string; search: string }): void {
    const address = pathname + search;
    if (disposed || address === intent || saveData() || !fastConnection()) return;
    if (pages.some((page) => page.address === address)) return;
    const linked = candidates().find((candidate) => candidate.pathname + candidate.search === address);
    if (!linked) return;
    intent = address;
    const kept = pages.length >= limit ? pages.slice(0, limit - 1) : pages;
    set([make(linked), ...kept]);
  }

  async function run(): Promise<void> {
    cancelIdle = undefined;
    if (disposed || busy) return;
    if (saveData() || !fastConnection()) {
      set([]);
      return;
    }
    const targets = wanted();
    const kept = pages.filter((page) => targets.some((target) => target.pathname + target.search === page.address));
    const next = targets.find((target) => !kept.some((page) => page.address === target.pathname + target.search));
    if (!next) {
      set(kept);
      return;
    }
    const page = make(next);
    set([...kept, page]);
    // One at a time: React renders the page while the browser would be idle; then its
    // answers come, and it is drawn again with them.
    busy = true;
    try {
      await idle();
      await Promise.allSettled(loads.get(page.id) ?? []);
      await idle();
    } finally {
      busy = false;
    }
    schedule();
  }

  function schedule(): void {
    if (disposed || busy) return;
    cancelIdle?.();
    cancelIdle = whenIdle(() => {
      void run();
    });
  }

  const stopLoader = loader.subscribe(schedule);
  const stopScroll = (options.onScroll ?? onWindowScroll)(schedule);
  const stopIntent = (options.onIntent ?? onLinkIntent)(pointAt);

  return {
    get: () => pages,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    schedule,
    run,
    dispose() {
      disposed = true;
      cancelIdle?.();
      cancelIdle = undefined;
      stopLoader();
      stopScroll();
      stopIntent();
      set([]);
    },
  };
}

/** The shell's pages rendered ahead; none without a provider (tests of single pages). */
export const WarmPagesContext = createContext<WarmPages | null>(null);

const NONE: readonly WarmPage[] = [];
const noSubscription = () => () => undefined;

/** The pages rendered ahead now, following the store. */
export function useWarmPages(): readonly WarmPage[] {
  const store = useContext(WarmPagesContext);
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? (() => NONE), () => NONE);
}
