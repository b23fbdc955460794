import type { PluginManifest } from '@cotton/sdk/contracts';
import type { PluginDefinition } from '@cotton/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manifest } from '../test-support';
import type { SystemLoader } from '../shared-modules/system-types';
import { createPluginLoader } from './plugin-loader';
import { createLinkPrefetcher, defaultWhenIdle, PREFETCH_MARK } from './prefetch';

const ORIGIN = window.location.origin;

const Page = () => null;
const definitionOf = (m: PluginManifest): PluginDefinition => ({
  id: m.id,
  routes: m.routes.map((route) => ({ path: route.path, element: Page })),
  components: {},
});

const home = manifest('home', [{ path: '/home', public: true }], {
  sharedImports: ['react', '@arco-design/web-react/Button'],
});
const warehouse = manifest('warehouse', [{ path: '/warehouse', public: true }], {
  sharedImports: ['@arco-design/web-react/Table', '@cotton/sdk/RegionCascader', 'react'],
});
const bid = manifest('bid', [
  { path: '/bid/:batch', public: true },
  { path: '/bid-admin', public: false },
]);
const legacy = manifest('legacy', [{ path: '/legacy', public: true }]); // no sharedImports
const PLUGINS = [home, warehouse, bid, legacy];

/**
 * A SystemJS stand-in: plugin entries answer with their definition (unless listed in
 * `failing`), shared specifiers with an empty module (unless listed in `failing`).
 */
function fakeSystem(failing: Set<string> = new Set()) {
  const calls: string[] = [];
  const byEntry = new Map(PLUGINS.map((m) => [new URL(m.entry, ORIGIN).href, m]));
  const system = {
    import: vi.fn(async (id: string) => {
      calls.push(`import ${id}`);
      if (failing.has(id))
        throw new Error(
          `Error loading ${id} (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)`,
        );
      const plugin = byEntry.get(id);
      return plugin ? { default: definitionOf(plugin) } : {};
    }),
    resolve: vi.fn((id: string) => (id.startsWith('http') ? id : `app:${id}`)),
    delete: vi.fn((id: string) => {
      calls.push(`delete ${id}`);
      return () => undefined;
    }),
    has: vi.fn(() => false),
    addImportMap: vi.fn(),
    instantiate: vi.fn(),
  } satisfies SystemLoader;
  return { system, calls };
}

function setup(options: {
  html: string;
  path?: string;
  failing?: string[];
  saveData?: boolean;
  fastConnection?: boolean;
  preloadShared?: (id: string) => Promise<void>;
}) {
  const { system, calls } = fakeSystem(new Set(options.failing ?? []));
  const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: `${ORIGIN}/` });
  const root = document.createElement('div');
  root.innerHTML = options.html;
  const mark = vi.fn();
  let pathname = options.path ?? '/home';
  const idle: Array<() => void> = [];
  const scrollListeners: Array<() => void> = [];
  const prefetcher = createLinkPrefetcher({
    system,
    loader,
    preloadShared: options.preloadShared,
    plugins: PLUGINS,
    root: () => root,
    location: () => ({ origin: ORIGIN, pathname }),
    whenIdle: (callback) => {
      idle.push(callback);
      return () => idle.splice(idle.indexOf(callback), 1);
    },
    saveData: () => options.saveData === true,
    fastConnection: () => options.fastConnection !== false,
    mark,
    isVisible: (anchor) => !anchor.hasAttribute('data-offscreen'),
    isRendered: (anchor) => !anchor.hasAttribute('data-hidden'),
    onScroll: (listener) => {
      scrollListeners.push(listener);
      return () => scrollListeners.splice(scrollListeners.indexOf(listener), 1);
    },
  });
  return {
    system,
    calls,
    loader,
    root,
    mark,
    prefetcher,
    idle,
    scroll: () => scrollListeners.forEach((listener) => listener()),
    navigate: (to: string) => (pathname = to),
    /** Runs the pending idle callbacks and lets their prefetches settle. */
    async flushIdle() {
      for (const callback of idle.splice(0)) callback();
      await vi.waitFor(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const entry = (m: PluginManifest) => new URL(m.entry, ORIGIN).href;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('linkedPlugins', () => {
  it('matches same-origin links against the public routes, each plugin once', () => {
    const { prefetcher } = setup({
      html: `
        <a href="/warehouse">仓库查询</a>
        <a href="/warehouse?whsCode=WH65001#top">一个仓库</a>
        <a href="${ORIGIN}/bid/65079161001">批次</a>
        <a href="/bid-admin">内部（非公开）</a>
        <a href="https://elsewhere.example/warehouse">别处</a>
        <a href="/nothing-here">无</a>
        <a>无链接</a>
        <a href="mailto:x@example.com">邮件</a>`,
    });
    expect(prefetcher.linkedPlugins().map((m) => m.id)).toEqual(['warehouse', 'bid']);
  });
});

describe('run', () => {
  it('imports the linked plugin’s shared imports through SystemJS and loads the plugin through the loader, after the mark', async () => {
    const { prefetcher, system, loader, mark } = setup({
      html: '<a href="/warehouse">仓库查询</a><a href="/home">首页</a>',
    });
    await loader.load(home);
    system.import.mockClear();
    const order: string[] = [];
    mark.mockImplementation(() => order.push('mark'));
    system.import.mockImplementation(async (id: string) => {
      order.push(id);
      return id === entry(warehouse) ? { default: definitionOf(warehouse) } : {};
    });

    await prefetcher.run();

    expect(order).toEqual([
      'mark',
      '@arco-design/web-react/Table',
      '@cotton/sdk/RegionCascader',
      'react',
      entry(warehouse),
    ]);
    expect(loader.getState('warehouse').status).toBe('ready');
    expect(system.addImportMap).toHaveBeenCalledWith({ integrity: { [entry(warehouse)]: warehouse.integrity } });
    // The page's own plugin was loaded already: not again.
    expect(system.import).not.toHaveBeenCalledWith(entry(home));
  });

  it('loads the shared modules through the shell’s preload when given, not through System.import', async () => {
    // SystemJS scans every property of window on each import: a plugin's dozens of shared
    // modules took 24–34 ms of one task after a navigation (scripts/bench/page-speed).
    const preloaded: string[] = [];
    const { prefetcher, system, loader } = setup({
      html: '<a href="/warehouse">仓库查询</a>',
      preloadShared: async (id) => void preloaded.push(id),
    });
    await prefetcher.run();
    expect(preloaded).toEqual(['app:@arco-design/web-react/Table', 'app:@cotton/sdk/RegionCascader', 'app:react']);
    expect(system.import.mock.calls.map(([id]) => id)).toEqual([entry(warehouse)]);
    expect(loader.getState('warehouse').status).toBe('ready');
  });

  it('prefetches a plugin once, however often it runs, and not at all when already loaded or loading', async () => {
    const { prefetcher, system, loader, mark, root } = setup({ html: '<a href="/warehouse">仓库查询</a>' });
    await prefetcher.run();
    await prefetcher.run();
    expect(system.import.mock.calls.filter(([id]) => id === entry(warehouse))).toHaveLength(1);
    expect(mark).toHaveBeenCalledTimes(1);

    root.innerHTML = '<a href="/legacy">旧插件</a>';
    void loader.load(legacy);
    await prefetcher.run();
    expect(system.import.mock.calls.filter(([id]) => id === entry(legacy))).toHaveLength(1);
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the visitor asked to save data', async () => {
    const { prefetcher, system, mark } = setup({ html: '<a href="/warehouse">仓库查询</a>', saveData: true });
    await prefetcher.run();
    expect(system.import).not.toHaveBeenCalled();
    expect(mark).not.toHaveBeenCalled();
  });

  it('fails silently and leaves no trace: the failed shared module and plugin are deleted, and a visit loads again', async () => {
    const { prefetcher, system, loader, calls } = setup({
      html: '<a href="/warehouse">仓库查询</a>',
      failing: ['@cotton/sdk/RegionCascader', entry(warehouse)],
    });
    await expect(prefetcher.run()).resolves.toBeUndefined();
    expect(calls).toContain('delete app:@cotton/sdk/RegionCascader');
    expect(calls).toContain(`delete ${entry(warehouse)}`);
    expect(loader.getState('warehouse').status).toBe('idle');

    // The visit imports again, and this time its failure is shown.
    system.import.mockClear();
    await expect(loader.load(warehouse)).rejects.toMatchObject({ pluginId: 'warehouse' });
    expect(system.import).toHaveBeenCalledWith(entry(warehouse));
    expect(loader.getState('warehouse').status).toBe('error');
  });

  it('recovers for the visit when the file comes back after a failed prefetch', async () => {
    const failing = [entry(warehouse)];
    const { prefetcher, system, loader } = setup({ html: '<a href="/warehouse">仓库查询</a>', failing });
    await prefetcher.run();
    expect(loader.getState('warehouse').status).toBe('idle');
    system.import.mockImplementation(async (id: string) =>
      id === entry(warehouse) ? { default: definitionOf(warehouse) } : {},
    );
    await expect(loader.load(warehouse)).resolves.toMatchObject({ definition: { id: 'warehouse' } });
  });

  it('works for manifests without sharedImports', async () => {
    const { prefetcher, system, loader } = setup({ html: '<a href="/legacy">旧插件</a>' });
    await prefetcher.run();
    expect(system.import.mock.calls.map(([id]) => id)).toEqual([entry(legacy)]);
    expect(loader.getState('legacy').status).toBe('ready');
  });
});

describe('schedule', () => {
  it('runs when idle; a later call replaces one still waiting', async () => {
    const t = setup({ html: '<a href="/warehouse">仓库查询</a>' });
    t.prefetcher.schedule();
    t.prefetcher.schedule();
    expect(t.idle).toHaveLength(1);
    expect(t.system.import).not.toHaveBeenCalled();
    await t.flushIdle();
    expect(t.loader.getState('warehouse').status).toBe('ready');
  });

  it('waits for the current page’s own plugin, then prefetches what the rendered page links to', async () => {
    let finishHome!: () => void;
    const t = setup({ html: '<a href="/home">首页</a>', path: '/home' });
    t.system.import.mockImplementation(async (id: string) => {
      if (id === entry(home)) {
        await new Promise<void>((resolve) => (finishHome = resolve));
        return { default: definitionOf(home) };
      }
      return id === entry(warehouse) ? { default: definitionOf(warehouse) } : {};
    });
    const homeLoad = t.loader.load(home);
    t.prefetcher.schedule();
    await t.flushIdle();
    expect(t.mark).not.toHaveBeenCalled();

    // The home page renders its links, then its plugin settles: a new idle scan.
    t.root.innerHTML = '<a href="/home">首页</a><a href="/warehouse">仓库查询</a>';
    finishHome();
    await homeLoad;
    expect(t.idle).toHaveLength(1);
    await t.flushIdle();
    expect(t.mark).toHaveBeenCalledTimes(1);
    expect(t.loader.getState('warehouse').status).toBe('ready');
  });

  it('scans again after a navigation', async () => {
    const t = setup({ html: '<a href="/home">首页</a>', path: '/home' });
    t.prefetcher.schedule();
    await t.flushIdle();
    expect(t.mark).not.toHaveBeenCalled();
    t.navigate('/legacy');
    t.root.innerHTML = '<a href="/warehouse">仓库查询</a>';
    t.prefetcher.schedule();
    await t.flushIdle();
    expect(t.loader.getState('warehouse').status).toBe('ready');
  });

  it('stops after dispose', async () => {
    const t = setup({ html: '<a href="/warehouse">仓库查询</a>' });
    t.prefetcher.schedule();
    t.prefetcher.dispose();
    expect(t.idle).toHaveLength(0);
    t.prefetcher.schedule();
    expect(t.idle).toHaveLength(0);
  });
});

describe('defaults', () => {
  it('uses requestIdleCallback when there is one, setTimeout otherwise', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    vi.stubGlobal('requestIdleCallback', undefined);
    defaultWhenIdle(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);

    const requestIdleCallback = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    defaultWhenIdle(callback);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it('reads navigator.connection.saveData and marks cotton:prefetch', async () => {
    const { system } = fakeSystem();
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: `${ORIGIN}/` });
    document.body.innerHTML = '<a href="/warehouse">仓库查询</a>';
    const connection = { saveData: true };
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    const markSpy = vi.spyOn(performance, 'mark');
    try {
      const prefetcher = createLinkPrefetcher({ system, loader, plugins: PLUGINS, isVisible: () => true });
      try {
        await prefetcher.run();
        expect(system.import).not.toHaveBeenCalled();
        connection.saveData = false;
        await prefetcher.run();
        expect(markSpy).toHaveBeenCalledWith(PREFETCH_MARK);
        expect(loader.getState('warehouse').status).toBe('ready');
      } finally {
        prefetcher.dispose();
      }
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
      markSpy.mockRestore();
      document.body.innerHTML = '';
    }
  });

  it('prefetches the plugins linked from where the visitor can see first, those out of view at the next idle moment', async () => {
    const page = setup({
      html:
        '<a href="/warehouse">仓库查询</a><a href="/legacy" data-offscreen>旧版</a><a href="/bid/1" data-offscreen>仓单</a>' +
        '<a href="/home" data-offscreen data-hidden>首页</a>',
      path: '/nowhere',
    });
    expect(page.prefetcher.linkedPlugins(page.root).map((m) => m.id)).toEqual(['warehouse']);
    // A hidden link (a closed menu's) is not out of view: it is not there for the visitor.
    expect(page.prefetcher.linkedPlugins(page.root, false).map((m) => m.id)).toEqual(['legacy', 'bid']);
    page.prefetcher.schedule();
    await page.flushIdle();
    expect(page.loader.getState('warehouse').status).toBe('ready');
    expect(page.loader.getState('legacy').status).toBe('idle');

    expect(page.idle).toHaveLength(1);
    await page.flushIdle();
    expect(page.loader.getState('legacy').status).toBe('ready');
    expect(page.loader.getState('bid').status).toBe('ready');
    expect(page.loader.getState('home').status).toBe('idle');
    expect(page.idle).toHaveLength(0);
  });

  it('on a connection slower than 4G prefetches only what is in view, and looks again after a scroll', async () => {
    const page = setup({
      html: '<a href="/warehouse">仓库查询</a><a href="/legacy" data-offscreen>旧版</a>',
      fastConnection: false,
    });
    page.prefetcher.schedule();
    await page.flushIdle();
    await page.flushIdle();
    expect(page.loader.getState('warehouse').status).toBe('ready');
    expect(page.loader.getState('legacy').status).toBe('idle');

    page.root.querySelector('[data-offscreen]')!.removeAttribute('data-offscreen');
    page.scroll();
    expect(page.idle).toHaveLength(1);
    await page.flushIdle();
    expect(page.loader.getState('legacy').status).toBe('ready');
  });

  it('reads navigator.connection.effectiveType: out-of-view links wait for a scroll below 4G', async () => {
    const connection = { effectiveType: '3g' };
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    const { system } = fakeSystem();
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: `${ORIGIN}/` });
    const root = document.createElement('div');
    root.innerHTML = '<a href="/legacy" data-offscreen>旧版</a>';
    const prefetcher = createLinkPrefetcher({
      system,
      loader,
      plugins: PLUGINS,
      root: () => root,
      location: () => ({ origin: ORIGIN, pathname: '/home' }),
      mark: () => undefined,
      isVisible: (anchor) => !anchor.hasAttribute('data-offscreen'),
      isRendered: () => true,
      onScroll: () => () => undefined,
    });
    try {
      await prefetcher.run();
      expect(loader.getState('legacy').status).toBe('idle');
      connection.effectiveType = '4g';
      await prefetcher.run();
      expect(loader.getState('legacy').status).toBe('ready');
    } finally {
      prefetcher.dispose();
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});
