import type { PluginManifest } from '@cotton/sdk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemLoader } from '../shared-modules/system-types';
import { PluginLoadError } from './plugin-load-error';
import { createPluginLoader } from './plugin-loader';

const BASE = 'https://portal.test/';

function manifest(overrides: Partial<PluginManifest> = {}): PluginManifest {
  return {
    id: 'demo',
    version: '1.0.0',
    entry: '/plugins/demo/demo.0123abcd.js',
    integrity: 'sha384-abc',
    routes: [{ path: '/demo', public: true, title: '示例' }],
    components: ['DemoList'],
    sdkVersion: '1.2.0',
    sharedImports: [],
    ...overrides,
  };
}

const Page = () => null;
const goodModule = {
  default: { id: 'demo', routes: [{ path: '/demo', element: Page, public: true }], components: { DemoList: Page } },
};

/** A SystemJS stand-in: records calls; `import` answers from a queue of results. */
function fakeSystem(results: Array<() => Promise<Record<string, unknown>>>) {
  const calls: string[] = [];
  const system = {
    import: vi.fn((url: string) => {
      calls.push(`import ${url}`);
      const next = results.shift();
      if (!next) throw new Error('unexpected import');
      return next();
    }),
    resolve: vi.fn((id: string) => id),
    delete: vi.fn((id: string) => {
      calls.push(`delete ${id}`);
      return () => undefined;
    }),
    has: vi.fn(() => false),
    addImportMap: vi.fn((map: { integrity?: Record<string, string> }) => {
      calls.push(`integrity ${JSON.stringify(map.integrity)}`);
    }),
    instantiate: vi.fn(),
  } satisfies SystemLoader;
  return { system, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createPluginLoader', () => {
  it('imports a plugin once, with its integrity registered first, however often it is asked for', async () => {
    const { system, calls } = fakeSystem([async () => goodModule]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    const first = loader.load(manifest());
    const second = loader.load(manifest());
    expect(second).toBe(first);
    const plugin = await first;
    expect(plugin.definition.id).toBe('demo');
    expect(calls).toEqual([
      `integrity {"${BASE}plugins/demo/demo.0123abcd.js":"sha384-abc"}`,
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
    ]);
    expect(loader.getState('demo')).toEqual({ status: 'ready', plugin });
    await loader.load(manifest());
    expect(system.import).toHaveBeenCalledTimes(1);
  });

  it('loads another version of a plugin when the list names another entry (upgrade, roll back)', async () => {
    const { system, calls } = fakeSystem([async () => goodModule, async () => goodModule]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    const first = await loader.load(manifest());
    const upgraded = manifest({ version: '1.1.0', entry: '/plugins/demo/demo.4567cdef.js', integrity: 'sha384-new' });
    const second = await loader.load(upgraded);
    expect(second.manifest).toBe(upgraded);
    expect(second).not.toBe(first);
    expect(calls.slice(2)).toEqual([
      `integrity {"${BASE}plugins/demo/demo.4567cdef.js":"sha384-new"}`,
      `import ${BASE}plugins/demo/demo.4567cdef.js`,
    ]);
    expect(loader.getState('demo')).toEqual({ status: 'ready', plugin: second });
    // The same version again: the one promise, no download.
    expect(await loader.load(upgraded)).toBe(second);
    expect(system.import).toHaveBeenCalledTimes(2);
  });

  it('registers the integrity of every extra chunk together with the entry, before importing it', async () => {
    const { system, calls } = fakeSystem([async () => goodModule]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    await loader.load(
      manifest({
        chunks: [
          { url: '/plugins/demo/demo.bar-chart.89abcdef.js', integrity: 'sha384-chart' },
          { url: '/plugins/demo/demo.map.01234567.js', integrity: 'sha384-map' },
        ],
      }),
    );
    expect(calls).toEqual([
      `integrity ${JSON.stringify({
        [`${BASE}plugins/demo/demo.0123abcd.js`]: 'sha384-abc',
        [`${BASE}plugins/demo/demo.bar-chart.89abcdef.js`]: 'sha384-chart',
        [`${BASE}plugins/demo/demo.map.01234567.js`]: 'sha384-map',
      })}`,
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
    ]);
  });

  it('retries after a failure: deletes the module from the registry, then imports again', async () => {
    const { system, calls } = fakeSystem([
      async () => {
        throw new Error(
          'Error loading https://portal.test/plugins/demo/demo.0123abcd.js (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)',
        );
      },
      async () => goodModule,
    ]);
    const beforeRetry = vi.fn();
    const diagnose = vi.fn(async () => new PluginLoadError('integrity', 'demo', '插件文件校验失败'));
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE, beforeRetry, diagnose });

    await expect(loader.load(manifest())).rejects.toMatchObject({ kind: 'integrity', message: '插件文件校验失败' });
    expect(loader.getState('demo')).toMatchObject({ status: 'error', error: { message: '插件文件校验失败' } });
    // The failed promise stays cached until a retry.
    await expect(loader.load(manifest())).rejects.toThrow('插件文件校验失败');
    expect(system.import).toHaveBeenCalledTimes(1);

    const plugin = await loader.retry(manifest());
    expect(plugin.definition.id).toBe('demo');
    expect(beforeRetry).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => !c.startsWith('integrity'))).toEqual([
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
      `delete ${BASE}plugins/demo/demo.0123abcd.js`,
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
    ]);
    expect(loader.getState('demo').status).toBe('ready');
  });

  it('refuses a plugin built for another SDK major without downloading it', async () => {
    const { system } = fakeSystem([]);
    const loader = createPluginLoader({ system, sdkVersion: '1.4.2', baseUrl: BASE });
    await expect(loader.load(manifest({ sdkVersion: '2.0.0' }))).rejects.toMatchObject({
      kind: 'sdk',
      message: '插件「demo」需要 SDK 2.0.0，当前为 1.4.2',
    });
    expect(system.import).not.toHaveBeenCalled();
  });

  it('accepts another minor of the same major', async () => {
    const { system } = fakeSystem([async () => goodModule]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    await expect(loader.load(manifest({ sdkVersion: '1.9.3' }))).resolves.toBeTruthy();
  });

  it('refuses a bundle whose default export breaks the contract', async () => {
    const { system } = fakeSystem([
      async () => ({ default: { id: 'other', routes: [], components: {} } }),
      async () => ({ default: { id: 'demo', routes: [], components: { DemoList: Page } } }),
    ]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    await expect(loader.load(manifest())).rejects.toMatchObject({
      kind: 'contract',
      detail: expect.stringContaining('「other」'),
    });
    await expect(loader.retry(manifest())).rejects.toMatchObject({ kind: 'contract', detail: '缺少路由 /demo' });
  });

  it('tells a bundle without a default export from one that is not a SystemJS module', async () => {
    const { system } = fakeSystem([
      async () => ({ DemoList: Page }),
      async () => {
        throw new Error(
          'Module https://portal.test/plugins/demo/demo.0123abcd.js did not instantiate (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#2)',
        );
      },
    ]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    await expect(loader.load(manifest())).rejects.toMatchObject({
      kind: 'no-default-export',
      message: '插件「demo」的文件不完整，缺少插件定义，无法显示此页面',
    });
    await expect(loader.retry(manifest())).rejects.toMatchObject({
      kind: 'not-a-module',
      message: '插件「demo」的文件格式不正确，无法显示此页面',
      detail: expect.stringContaining('did not instantiate'),
    });
  });

  it('fetches the bundle past the HTTP cache on a retry only, after forgetting it and before importing it', async () => {
    const { system, calls } = fakeSystem([
      async () => {
        throw new Error(
          'Error loading https://portal.test/plugins/demo/demo.0123abcd.js (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)',
        );
      },
      async () => goodModule,
    ]);
    const refetch = vi.fn(async (url: string, integrity: string | undefined) => {
      calls.push(`refetch ${url} ${integrity}`);
    });
    const diagnose = vi.fn(async () => new PluginLoadError('integrity', 'demo', '插件文件校验未通过'));
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE, diagnose, refetch });

    await expect(loader.load(manifest())).rejects.toMatchObject({ kind: 'integrity' });
    expect(refetch).not.toHaveBeenCalled();
    await expect(loader.retry(manifest())).resolves.toMatchObject({ definition: { id: 'demo' } });
    expect(calls.filter((c) => !c.startsWith('integrity'))).toEqual([
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
      `delete ${BASE}plugins/demo/demo.0123abcd.js`,
      `refetch ${BASE}plugins/demo/demo.0123abcd.js sha384-abc`,
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
    ]);
    // The integrity is registered again for the retried <script>.
    expect(calls.filter((c) => c.startsWith('integrity'))).toHaveLength(2);
  });

  it('fetches every chunk of the manifest past the HTTP cache too on a retry, before importing the entry', async () => {
    const { system, calls } = fakeSystem([
      async () => {
        throw new Error(
          'Error loading https://portal.test/plugins/demo/demo.0123abcd.js (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)',
        );
      },
      async () => goodModule,
    ]);
    const refetch = vi.fn(async (url: string, integrity: string | undefined) => {
      calls.push(`refetch ${url} ${integrity}`);
    });
    const diagnose = vi.fn(async () => new PluginLoadError('integrity', 'demo', '插件文件校验未通过'));
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE, diagnose, refetch });
    const chunked = manifest({
      chunks: [
        { url: '/plugins/demo/demo.bar-chart.89abcdef.js', integrity: 'sha384-chart' },
        { url: '/plugins/demo/demo.map.01234567.js', integrity: 'sha384-map' },
      ],
    });

    await expect(loader.load(chunked)).rejects.toMatchObject({ kind: 'integrity' });
    expect(refetch).not.toHaveBeenCalled();
    await expect(loader.retry(chunked)).resolves.toMatchObject({ definition: { id: 'demo' } });
    const afterDelete = calls.filter((c) => !c.startsWith('integrity')).slice(2);
    expect(afterDelete.slice(0, 3).sort()).toEqual([
      `refetch ${BASE}plugins/demo/demo.0123abcd.js sha384-abc`,
      `refetch ${BASE}plugins/demo/demo.bar-chart.89abcdef.js sha384-chart`,
      `refetch ${BASE}plugins/demo/demo.map.01234567.js sha384-map`,
    ]);
    expect(afterDelete.slice(3)).toEqual([`import ${BASE}plugins/demo/demo.0123abcd.js`]);
  });

  it('on a retry, links the failed stylesheets again and waits for them before importing the plugin', async () => {
    const { system, calls } = fakeSystem([
      async () => {
        throw new Error('Unable to preload CSS for https://portal.test/assets/Table-abc.css');
      },
      async () => goodModule,
    ]);
    let stylesLoaded: () => void = () => undefined;
    const restoreStyles = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          calls.push('relink styles');
          stylesLoaded = () => {
            calls.push('styles loaded');
            resolve();
          };
        }),
    );
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE, restoreStyles });

    await expect(loader.load(manifest())).rejects.toMatchObject({ kind: 'execute' });
    expect(restoreStyles).not.toHaveBeenCalled();
    const retried = loader.retry(manifest());
    await vi.waitFor(() => expect(restoreStyles).toHaveBeenCalledOnce());
    // Nothing is imported while the styles are still on their way.
    expect(calls.filter((c) => c.startsWith('import'))).toHaveLength(1);
    stylesLoaded();
    await expect(retried).resolves.toMatchObject({ definition: { id: 'demo' } });
    expect(calls.filter((c) => !c.startsWith('integrity')).slice(-3)).toEqual([
      'relink styles',
      'styles loaded',
      `import ${BASE}plugins/demo/demo.0123abcd.js`,
    ]);
  });

  it('reports an error thrown while the bundle executes', async () => {
    const { system } = fakeSystem([
      async () => {
        throw new TypeError('x is not a function');
      },
    ]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    await expect(loader.load(manifest())).rejects.toMatchObject({ kind: 'execute', detail: 'x is not a function' });
  });

  it('fails with 页面加载超时 when the bundle does not settle in time', async () => {
    vi.useFakeTimers();
    const { system } = fakeSystem([() => new Promise(() => undefined)]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    const loading = loader.load(manifest());
    const assertion = expect(loading).rejects.toMatchObject({
      kind: 'timeout',
      message: '页面加载超时，请检查网络后重试',
    });
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('notifies subscribers of state changes', async () => {
    const { system } = fakeSystem([async () => goodModule]);
    const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
    const statuses: string[] = [];
    loader.subscribe(() => statuses.push(loader.getState('demo').status));
    expect(loader.getState('demo').status).toBe('idle');
    await loader.load(manifest());
    expect(statuses).toEqual(['loading', 'ready']);
  });

  describe('prefetch', () => {
    const scriptError = () =>
      new Error(
        'Error loading https://portal.test/plugins/demo/demo.0123abcd.js (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)',
      );

    it('loads through the same one promise: a later visit reuses it', async () => {
      const { system } = fakeSystem([async () => goodModule]);
      const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
      await expect(loader.prefetch(manifest())).resolves.toBeUndefined();
      expect(loader.getState('demo').status).toBe('ready');
      await expect(loader.load(manifest())).resolves.toMatchObject({ definition: { id: 'demo' } });
      await loader.prefetch(manifest());
      expect(system.import).toHaveBeenCalledTimes(1);
    });

    it('forgets a failure nobody saw: promise, registry and failed shared modules; a visit loads again and reports its own error', async () => {
      const { system, calls } = fakeSystem([
        async () => {
          throw scriptError();
        },
        async () => {
          throw scriptError();
        },
      ]);
      const beforeRetry = vi.fn();
      const diagnose = vi.fn(async () => new PluginLoadError('integrity', 'demo', '插件文件校验失败'));
      const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE, beforeRetry, diagnose });
      const statuses: string[] = [];
      loader.subscribe(() => statuses.push(loader.getState('demo').status));

      await expect(loader.prefetch(manifest())).resolves.toBeUndefined();
      expect(loader.getState('demo').status).toBe('idle');
      expect(statuses).toEqual(['loading', 'idle']);
      expect(beforeRetry).toHaveBeenCalledTimes(1);
      expect(calls.filter((c) => !c.startsWith('integrity'))).toEqual([
        `import ${BASE}plugins/demo/demo.0123abcd.js`,
        `delete ${BASE}plugins/demo/demo.0123abcd.js`,
      ]);

      await expect(loader.load(manifest())).rejects.toThrow('插件文件校验失败');
      expect(system.import).toHaveBeenCalledTimes(2);
      expect(loader.getState('demo')).toMatchObject({ status: 'error', error: { kind: 'integrity' } });
    });

    it('leaves the failure to a visit that joined the prefetch in flight', async () => {
      let fail!: (error: unknown) => void;
      const { system } = fakeSystem([() => new Promise((_, reject) => (fail = reject))]);
      const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
      const prefetching = loader.prefetch(manifest());
      const visit = loader.load(manifest());
      fail(new TypeError('boom'));
      await expect(visit).rejects.toMatchObject({ kind: 'execute', detail: 'boom' });
      await prefetching;
      expect(loader.getState('demo')).toMatchObject({ status: 'error' });
      expect(system.delete).not.toHaveBeenCalled();
    });

    it('does not prefetch a plugin built for another SDK major, and stays idle', async () => {
      const { system } = fakeSystem([]);
      const loader = createPluginLoader({ system, sdkVersion: '1.0.0', baseUrl: BASE });
      await loader.prefetch(manifest({ sdkVersion: '2.0.0' }));
      expect(system.import).not.toHaveBeenCalled();
      expect(loader.getState('demo').status).toBe('idle');
      await expect(loader.load(manifest({ sdkVersion: '2.0.0' }))).rejects.toMatchObject({ kind: 'sdk' });
    });
  });

  describe('recover (重试 of a loaded plugin whose page failed)', () => {
    const chunked = () =>
      manifest({
        chunks: [
          { url: '/plugins/demo/demo.part.1111.js', integrity: 'sha384-part' },
          { url: '/plugins/demo/demo.detail.2222.js', integrity: 'sha384-detail' },
        ],
      });

    it('forgets the failed shared modules and lazy parts, deletes and refetches the failed chunks only, with the styles relinked, then resolves', async () => {
      const { system, calls } = fakeSystem([async () => goodModule]);
      let stylesDone!: () => void;
      const restoreStyles = vi.fn(() => {
        calls.push('relink styles');
        return new Promise<void>((resolve) => (stylesDone = resolve));
      });
      const refetch = vi.fn(async (url: string, integrity: string | undefined) => {
        calls.push(`refetch ${url} ${integrity}`);
      });
      const failedAmong = vi.fn((urls: readonly string[]) => urls.filter((url) => url.includes('part')));
      const forget = vi.fn((url: string) => calls.push(`forget ${url}`));
      const loader = createPluginLoader({
        system,
        sdkVersion: '1.0.0',
        baseUrl: BASE,
        refetch,
        restoreStyles,
        modules: { failedAmong, forget },
        beforeRetry: () => calls.push('forget shared modules'),
        forgetParts: () => calls.push('forget lazy parts'),
      });
      await loader.load(chunked());
      calls.length = 0;

      let recovered = false;
      const recovering = loader.recover(chunked()).then(() => (recovered = true));
      await vi.waitFor(() => expect(refetch).toHaveBeenCalled());
      // Waits for the stylesheets: the page must render styled.
      expect(recovered).toBe(false);
      stylesDone();
      await recovering;

      expect(failedAmong).toHaveBeenCalledWith([
        `${BASE}plugins/demo/demo.part.1111.js`,
        `${BASE}plugins/demo/demo.detail.2222.js`,
      ]);
      expect(calls).toEqual([
        `delete ${BASE}plugins/demo/demo.part.1111.js`,
        `forget ${BASE}plugins/demo/demo.part.1111.js`,
        'forget shared modules',
        'forget lazy parts',
        'relink styles',
        `refetch ${BASE}plugins/demo/demo.part.1111.js sha384-part`,
      ]);
      // The plugin itself stays loaded: no second import of its entry.
      expect(system.import).toHaveBeenCalledTimes(1);
      expect(loader.getState('demo').status).toBe('ready');
    });

    it('gives up waiting after the time limit, so that 重试 renders and reports what still fails', async () => {
      vi.useFakeTimers();
      const { system } = fakeSystem([]);
      const loader = createPluginLoader({
        system,
        sdkVersion: '1.0.0',
        baseUrl: BASE,
        timeoutMs: 1000,
        restoreStyles: () => new Promise<void>(() => undefined),
      });
      const recovering = loader.recover(chunked());
      await vi.advanceTimersByTimeAsync(1000);
      await expect(recovering).resolves.toBeUndefined();
    });
  });
});
