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

/** At most this many public pages are rendered ahead at a time. */
export const WARM_PAGE_LIMIT = 6;
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
  links: Pick<LinkPrefetcher, 'linkedAddresses' | 'pluginFor'>;
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

/**
 * Which public pages to render ahead (issue 30): those the current page's links lead to —
 * one per plugin first, links in view before those laid out below — whose plugin is loaded already (the link
 * prefetcher loads them), at most `limit`, never the current address nor a page of the
 * current page's own plugin (that plugin's page is on screen: its other addresses are
 * reached by its own controls). One page is added at a time: the next once the browser is
 * idle again after the previous one's answers have come. A page no longer linked is dropped
 * at the next look. Nothing is rendered ahead when the visitor saves data or the connection
 * is slower than 4G, nor away from the public pages (the back office, the login page).
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

  /**
   * The addresses worth rendering ahead now, best first: one per plugin before a second of
   * any (the home page's nav leads to several 业务服务 lists of one plugin, its entry cards
   * to the table pages: one of each is worth more than five of one); none away from the
   * public pages.
   */
  function wanted(): LinkedAddress[] {
    const here = location();
    const own = links.pluginFor(here.pathname)?.id;
    if (own === undefined) return [];
    const found = new Map<string, LinkedAddress>();
    for (const linked of [...links.linkedAddresses(undefined, true), ...links.linkedAddresses(undefined, false)]) {
      const address = linked.pathname + linked.search;
      if (found.has(address) || address === here.pathname + here.search || linked.manifest.id === own) continue;
      if (loader.getState(linked.manifest.id).status !== 'ready') continue;
      found.set(address, linked);
    }
    const all = [...found.values()];
    const firsts = all.filter((linked, i) => all.findIndex((other) => other.manifest.id === linked.manifest.id) === i);
    return [...firsts, ...all.filter((linked) => !firsts.includes(linked))].slice(0, limit);
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
