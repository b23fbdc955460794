import type { PluginManifest } from '@cotton/sdk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { manifest } from '../test-support';
import type { LinkedAddress } from './prefetch';
import type { PluginState } from './plugin-loader';
import { createWarmPages } from './warm-pages';

const home = manifest('home', [{ path: '/home', public: true }]);
const warehouse = manifest('warehouse', [{ path: '/warehouse', public: true }]);
const reservation = manifest('reservation', [
  { path: '/reservation', public: true },
  { path: '/inlReservation', public: true },
]);
const bid = manifest('bid', [
  { path: '/bid', public: true },
  { path: '/bid/detail', public: true },
  { path: '/batchQuality', public: true },
]);
const content = manifest('content', [{ path: '/service', public: true }]);
const BY_PATH: Record<string, PluginManifest> = {
  '/home': home,
  '/warehouse': warehouse,
  '/reservation': reservation,
  '/inlReservation': reservation,
  '/bid': bid,
  '/bid/detail': bid,
  '/batchQuality': bid,
  '/service': content,
};

function setup(options: { inView: string[]; below?: string[]; ready?: string[]; limit?: number; save?: boolean }) {
  let here = { pathname: '/home', search: '' };
  let inView = options.inView;
  let below = options.below ?? [];
  const ready = new Set(options.ready ?? ['home', 'warehouse', 'reservation', 'bid', 'content']);
  const idle: Array<() => void> = [];
  const loaderListeners = new Set<() => void>();
  const address = (href: string): LinkedAddress => {
    const url = new URL(href, 'http://x');
    return { pathname: url.pathname, search: url.search, manifest: BY_PATH[url.pathname]!, route: url.pathname };
  };
  let pointAt: ((address: { pathname: string; search: string }) => void) | undefined;
  const warm = createWarmPages({
    links: {
      linkedAddresses: (_root, view = true) => (view ? inView : below).map(address),
      routeFor: (pathname) => (BY_PATH[pathname] ? pathname : undefined),
    },
    loader: {
      getState: (id): PluginState => (ready.has(id) ? ({ status: 'ready' } as PluginState) : { status: 'idle' }),
      subscribe: (listener) => {
        loaderListeners.add(listener);
        return () => loaderListeners.delete(listener);
      },
    },
    location: () => here,
    whenIdle: (callback) => {
      idle.push(callback);
      return () => idle.splice(idle.indexOf(callback) >>> 0, 1);
    },
    saveData: () => options.save === true,
    fastConnection: () => true,
    limit: options.limit,
    onScroll: () => () => undefined,
    onIntent: (listener) => {
      pointAt = listener;
      return () => (pointAt = undefined);
    },
  });
  /** Lets the browser be idle until nothing waits for it (each page's answers come at once). */
  const settle = async () => {
    for (let i = 0; i < 50; i += 1) {
      // Promise chains first (a macrotask later every pending microtask has run).
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (idle.length === 0) return;
      idle.shift()!();
    }
  };
  const addresses = () => warm.get().map((page) => page.address);
  return {
    warm,
    idle,
    settle,
    addresses,
    go(pathname: string) {
      here = { pathname, search: '' };
    },
    /** The visitor points at a link to `href`. */
    point(href: string) {
      const url = new URL(href, 'http://x');
      pointAt?.({ pathname: url.pathname, search: url.search });
    },
    links(next: { inView: string[]; below?: string[] }) {
      inView = next.inView;
      below = next.below ?? [];
    },
    load(id: string) {
      ready.add(id);
      loaderListeners.forEach((listener) => listener());
    },
  };
}

describe('createWarmPages', () => {
  it('renders ahead the linked pages of loaded plugins, links in view first, one at a time', async () => {
    const t = setup({ inView: ['/warehouse', '/bid'], below: ['/reservation'] });
    t.warm.schedule();
    t.idle.shift()!();
    expect(t.addresses()).toEqual(['/warehouse']);
    // The next only once the browser is idle again and the first page's answers have come.
    const first = t.warm.get()[0]!;
    let answer!: () => void;
    first.prerender.track(new Promise<void>((resolve) => (answer = resolve)));
    t.idle.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(t.idle).toHaveLength(0);
    answer();
    await t.settle();
    expect(t.addresses()).toEqual(['/warehouse', '/bid', '/reservation']);
    expect(t.warm.get().every((page) => page.prerender.hidden)).toBe(true);
  });

  it('keeps to the limit, never a page of the current route, only loaded plugins', async () => {
    const t = setup({
      inView: ['/home', '/reservation?week=2', '/inlReservation', '/warehouse', '/bid', '/service'],
      ready: ['home', 'reservation', 'warehouse', 'content'],
      limit: 3,
    });
    t.go('/reservation');
    t.warm.schedule();
    await t.settle();
    // /reservation?week=2 is the page's own route; /inlReservation, another route of its
    // plugin, counts; /bid is not loaded.
    expect(t.addresses()).toEqual(['/home', '/inlReservation', '/warehouse']);
    t.load('bid');
    await t.settle();
    expect(t.addresses()).toEqual(['/home', '/inlReservation', '/warehouse']);
  });

  it("renders ahead a list's details, two of a route, and the one pointed at at once", async () => {
    const cards = [1, 2, 3, 4].flatMap((n) => [`/bid/detail?b=${n}`, `/batchQuality?b=${n}`]);
    const t = setup({ inView: ['/bid?page=2', ...cards, '/warehouse'], limit: 6 });
    t.go('/bid');
    t.warm.schedule();
    await t.settle();
    expect(t.addresses()).toEqual([
      '/bid/detail?b=1',
      '/batchQuality?b=1',
      '/warehouse',
      '/bid/detail?b=2',
      '/batchQuality?b=2',
    ]);
    // The visitor points at the fourth card's 批次质量: rendered ahead at once, before any idle time.
    t.point('/batchQuality?b=4');
    expect(t.addresses()[0]).toBe('/batchQuality?b=4');
    t.point('/bid/detail?b=3');
    expect(t.addresses()).toHaveLength(6);
    t.point('/bid/detail?b=4');
    expect(t.addresses()).toHaveLength(6);
    expect(t.addresses()[0]).toBe('/bid/detail?b=4');
    // Its own route and addresses not linked are never rendered ahead.
    t.point('/bid?page=2');
    t.point('/bid/detail?b=99');
    expect(t.addresses()[0]).toBe('/bid/detail?b=4');
    // The next look keeps the one pointed at.
    t.warm.schedule();
    await t.settle();
    expect(t.addresses()).toContain('/bid/detail?b=4');
  });

  it('adds a page once its plugin has loaded', async () => {
    const t = setup({ inView: ['/bid'], ready: ['home'] });
    t.warm.schedule();
    await t.settle();
    expect(t.addresses()).toEqual([]);
    t.load('bid');
    await t.settle();
    expect(t.addresses()).toEqual(['/bid']);
  });

  it('takes one page per route before a second of any', async () => {
    const t = setup({
      inView: ['/service?type=1', '/service?type=2', '/service?type=3', '/warehouse'],
      below: ['/bid', '/warehouse?page=2'],
      limit: 4,
    });
    t.warm.schedule();
    await t.settle();
    expect(t.addresses()).toEqual(['/service?type=1', '/warehouse', '/bid', '/service?type=2']);
  });

  it('drops a page no longer linked, and one address is one page (search included)', async () => {
    const t = setup({ inView: ['/warehouse', '/warehouse?page=2', '/warehouse'] });
    t.warm.schedule();
    await t.settle();
    expect(t.addresses()).toEqual(['/warehouse', '/warehouse?page=2']);
    const kept = t.warm.get()[1];
    t.links({ inView: ['/warehouse?page=2', '/bid'] });
    t.warm.schedule();
    await t.settle();
    expect(t.addresses()).toEqual(['/warehouse?page=2', '/bid']);
    expect(t.warm.get()[0]).toBe(kept);
  });

  it('renders nothing ahead when the visitor saves data, nor away from the public pages', async () => {
    const saving = setup({ inView: ['/warehouse'], save: true });
    saving.warm.schedule();
    await saving.settle();
    expect(saving.addresses()).toEqual([]);
    const away = setup({ inView: ['/warehouse'] });
    away.go('/system/user');
    away.warm.schedule();
    await away.settle();
    expect(away.addresses()).toEqual([]);
  });

  it('tells the pages its store shows, and stops on dispose', async () => {
    const t = setup({ inView: ['/warehouse'] });
    const listener = vi.fn();
    t.warm.subscribe(listener);
    t.warm.schedule();
    await t.settle();
    expect(listener).toHaveBeenCalledTimes(1);
    t.warm.dispose();
    expect(t.addresses()).toEqual([]);
    t.load('bid');
    expect(t.idle).toHaveLength(0);
  });
});
