import type { PluginManifest } from '@cotton/sdk/contracts';
import { matchPath } from 'react-router-dom';
import { claimPublicRoutes, type ClaimedRoute } from '../router/public-routes';
import type { SystemLoader } from '../shared-modules/system-types';
import type { PluginLoader } from './plugin-loader';

/**
 * `performance.mark` set right before a prefetch starts: what the page requested before it
 * is the page's own load (scripts/bench/bundle-size.mjs reads it).
 */
export const PREFETCH_MARK = 'cotton:prefetch';

/** How long an idle callback may wait for the browser to become idle. */
const IDLE_TIMEOUT_MS = 3000;
/** Without `requestIdleCallback` (Safari): a short delay after the current work. */
const IDLE_FALLBACK_MS = 300;

export interface LinkPrefetcherOptions {
  system: Pick<SystemLoader, 'import' | 'resolve' | 'delete'>;
  loader: Pick<PluginLoader, 'prefetch' | 'getState' | 'subscribe'>;
  /**
   * Loads a shared module (`app:` id) ahead without `System.import` (`SharedModulesHandle`'s
   * `preload`); without it, shared imports go through `system.import`.
   */
  preloadShared?: (id: string) => Promise<void>;
  /** The plugin list, or a getter for the list in use (it changes on an upgrade). */
  plugins: readonly PluginManifest[] | (() => readonly PluginManifest[]);
  /** Where the links are looked for; default `document`. */
  root?: () => ParentNode;
  /** The page's own URL (origin and pathname); default `window.location`. */
  location?: () => { origin: string; pathname: string };
  /** Runs `callback` when the browser is idle; returns a cancel function. */
  whenIdle?: (callback: () => void) => () => void;
  /** True when the visitor asked to save data (`navigator.connection.saveData`). */
  saveData?: () => boolean;
  /**
   * True when links out of view may be prefetched too, after those in view; default: unless
   * the connection is slower than 4G (`navigator.connection.effectiveType`).
   */
  fastConnection?: () => boolean;
  /** Called right before a prefetch starts; default `performance.mark(PREFETCH_MARK)`. */
  mark?: () => void;
  /** Whether a link is where the visitor can see it; default: inside the viewport. */
  isVisible?: (anchor: Element) => boolean;
  /**
   * Whether a link is laid out at all (out of view, but not hidden: not `display: none`, not
   * in a closed menu or tab); default: it has a box.
   */
  isRendered?: (anchor: Element) => boolean;
  /** Calls `listener` when the visitor scrolls; returns an unsubscribe. Default: window scroll. */
  onScroll?: (listener: () => void) => () => void;
}

export interface LinkPrefetcher {
  /**
   * Looks at the page's links once the browser is idle (and once the current page's own
   * plugin has loaded) and prefetches the plugins they lead to. Call after the first render
   * and after each navigation; a call replaces one still waiting.
   */
  schedule(): void;
  /** The scan itself, at once; resolves when the prefetches it started have settled. */
  run(): Promise<void>;
  /**
   * Plugins the same-origin links under `root` lead to (each once, in link order): those in
   * view, or with `inView: false` those out of view.
   */
  linkedPlugins(root?: ParentNode, inView?: boolean): PluginManifest[];
  /**
   * The public pages the same-origin links under `root` lead to (each address — pathname
   * and search — once, in link order), with the plugin of each: in view, or with
   * `inView: false` out of view (laid out still).
   */
  linkedAddresses(root?: ParentNode, inView?: boolean): LinkedAddress[];
  /** The plugin whose public route shows `pathname`, if any. */
  pluginFor(pathname: string): PluginManifest | undefined;
  /** The public route (its declared path, e.g. `/bid/detail`) that shows `pathname`, if any. */
  routeFor(pathname: string): string | undefined;
  /** Stops: no further scans. */
  dispose(): void;
}

/** A public page a link leads to. */
export interface LinkedAddress {
  pathname: string;
  search: string;
  manifest: PluginManifest;
  /** The route that shows it (its declared path). */
  route: string;
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

export function defaultSaveData(): boolean {
  return connection()?.saveData === true;
}

/** No Network Information API (Firefox, Safari): assumed fast. */
export function defaultFastConnection(): boolean {
  const type = connection()?.effectiveType;
  return type === undefined || type === '4g';
}

export function defaultWhenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}

function hasBox(anchor: Element): boolean {
  const rect = anchor.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

function inViewport(anchor: Element): boolean {
  const rect = anchor.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight;
}

function onWindowScroll(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

function defaultMark(): void {
  try {
    performance.mark(PREFETCH_MARK);
  } catch {
    // No User Timing: nothing to mark.
  }
}

/**
 * Prefetches the plugins a page links to, so that following a link does not wait for the
 * plugin's bundle and the shared modules it imports (Arco's Table, the SDK's widgets…).
 *
 * Links in view come first, as a visitor is likely to follow those; scrolling brings the
 * next links' turn (the scan runs again when the browser is idle after a scroll). Once those
 * have settled, the plugins of the links out of view follow at the next idle moment — the
 * home page's entry cards sit below the fold, and a visitor who scrolls to one and clicks
 * at once would otherwise wait for its plugin — unless the connection is slower than 4G.
 * The public plugins are few, so this is bounded.
 *
 * For each plugin a same-origin `a[href]` leads to (hidden links — a closed menu, a tab not
 * shown — never count) (its pathname matched
 * against the public routes of the manifests, as the router does) that is neither loaded
 * nor being loaded: its `sharedImports` are loaded (`preloadShared`, else through
 * SystemJS's `app:` hook) and the plugin itself through the loader (integrity-checked, the one promise per
 * plugin). Failures are silent and forgotten — the loader drops a failed prefetch, and a
 * failed shared module is deleted from the registry — so that a real visit loads again and
 * reports its own error. A plugin is prefetched at most once per page load. Nothing happens
 * when the visitor asked to save data.
 */
export function createLinkPrefetcher(options: LinkPrefetcherOptions): LinkPrefetcher {
  const { system, loader } = options;
  const root = options.root ?? (() => document);
  const location = options.location ?? (() => window.location);
  const whenIdle = options.whenIdle ?? defaultWhenIdle;
  const saveData = options.saveData ?? defaultSaveData;
  const fastConnection = options.fastConnection ?? defaultFastConnection;
  const mark = options.mark ?? defaultMark;
  const isVisible = options.isVisible ?? inViewport;
  const isRendered = options.isRendered ?? hasBox;
  const listOf =
    typeof options.plugins === 'function' ? options.plugins : () => options.plugins as readonly PluginManifest[];
  let claimedFrom: readonly PluginManifest[] | undefined;
  let claimed: ClaimedRoute[] = [];
  /** The public routes of the list in use (claimed again when the list changes). */
  const routesNow = (): ClaimedRoute[] => {
    const plugins = listOf();
    if (plugins !== claimedFrom) {
      claimedFrom = plugins;
      claimed = claimPublicRoutes(plugins);
    }
    return claimed;
  };

  /** Plugin ids prefetched (or tried) already. */
  const attempted = new Set<string>();
  let cancelIdle: (() => void) | undefined;
  let stopWaiting: (() => void) | undefined;
  let disposed = false;

  function claimFor(pathname: string): ClaimedRoute | undefined {
    return routesNow().find(({ route }) => matchPath({ path: route.path, end: true }, pathname));
  }

  function pluginFor(pathname: string): PluginManifest | undefined {
    return claimFor(pathname)?.manifest;
  }

  function routeFor(pathname: string): string | undefined {
    return claimFor(pathname)?.route.path;
  }

  function linkedAddresses(within: ParentNode = root(), inView = true): LinkedAddress[] {
    const { origin } = location();
    const found = new Map<string, LinkedAddress>();
    for (const anchor of within.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (inView ? !isVisible(anchor) : isVisible(anchor) || !isRendered(anchor)) continue;
      let url: URL;
      try {
        url = new URL(anchor.href);
      } catch {
        continue;
      }
      if (url.origin !== origin) continue;
      const address = url.pathname + url.search;
      if (found.has(address)) continue;
      const claim = claimFor(url.pathname);
      if (claim) {
        found.set(address, {
          pathname: url.pathname,
          search: url.search,
          manifest: claim.manifest,
          route: claim.route.path,
        });
      }
    }
    return [...found.values()];
  }

  function linkedPlugins(within: ParentNode = root(), inView = true): PluginManifest[] {
    const found = new Map<string, PluginManifest>();
    for (const { manifest } of linkedAddresses(within, inView)) {
      if (!found.has(manifest.id)) found.set(manifest.id, manifest);
    }
    return [...found.values()];
  }

  /** The current page's own plugin is still loading: its load comes first. */
  function pageIsLoading(): boolean {
    const own = pluginFor(location().pathname);
    return !!own && loader.getState(own.id).status === 'loading';
  }

  /** Waits for the loader's next change (the page's plugin settling), then schedules again. */
  function waitForPage(): void {
    if (stopWaiting) return;
    stopWaiting = loader.subscribe(() => {
      if (pageIsLoading()) return;
      stopWaiting?.();
      stopWaiting = undefined;
      schedule();
    });
  }

  async function importShared(specifier: string): Promise<void> {
    try {
      const id = system.resolve(specifier);
      if (options.preloadShared && id.startsWith('app:')) await options.preloadShared(id);
      else await system.import(specifier);
    } catch {
      // Forget the failure: the plugin's real load must fetch it again.
      try {
        system.delete(system.resolve(specifier));
      } catch {
        // Not registered (or not resolvable): nothing to forget.
      }
    }
  }

  async function prefetchPlugin(manifest: PluginManifest): Promise<void> {
    attempted.add(manifest.id);
    const shared = (manifest.sharedImports ?? []).map(importShared);
    await Promise.all([...shared, loader.prefetch(manifest)]);
  }

  async function run(): Promise<void> {
    cancelIdle = undefined;
    if (disposed || saveData()) return;
    if (pageIsLoading()) {
      waitForPage();
      return;
    }
    // The page's own plugin is the page's business (its route loads it).
    const own = pluginFor(location().pathname)?.id;
    const untried = (plugins: PluginManifest[]) =>
      plugins.filter(
        (manifest) =>
          manifest.id !== own && !attempted.has(manifest.id) && loader.getState(manifest.id).status === 'idle',
      );
    const inView = untried(linkedPlugins());
    const targets = inView.length > 0 || !fastConnection() ? inView : untried(linkedPlugins(root(), false));
    if (targets.length === 0) return;
    mark();
    await Promise.all(targets.map(prefetchPlugin));
    // Those in view are in: the links out of view get their turn when the browser is idle again.
    if (inView.length > 0) schedule();
  }

  function schedule(): void {
    if (disposed) return;
    cancelIdle?.();
    cancelIdle = whenIdle(() => {
      void run();
    });
  }

  // Scrolling shows other links: look again once the browser is idle (re-arming the idle
  // callback on every scroll event debounces it).
  const stopScroll = (options.onScroll ?? onWindowScroll)(schedule);

  return {
    schedule,
    run,
    linkedPlugins,
    linkedAddresses,
    pluginFor,
    routeFor,
    dispose() {
      disposed = true;
      stopScroll();
      cancelIdle?.();
      cancelIdle = undefined;
      stopWaiting?.();
      stopWaiting = undefined;
    },
  };
}
