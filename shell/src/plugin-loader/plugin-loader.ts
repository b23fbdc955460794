import type { PluginManifest } from '@cotton/sdk/contracts';
import type { PluginDefinition } from '@cotton/sdk';
import type { SystemLoader } from '../shared-modules/system-types';
import type { ModuleLoadWatcher } from './module-loads';
import { PluginLoadError, messageOf, pluginFailure } from './plugin-load-error';

/** Spec §8: a lazy page that has not loaded after 120 s has failed. */
export const PLUGIN_LOAD_TIMEOUT_MS = 120_000;

export interface LoadedPlugin {
  manifest: PluginManifest;
  definition: PluginDefinition;
}

export type PluginState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly plugin: LoadedPlugin }
  | { readonly status: 'error'; readonly error: PluginLoadError };

export interface PluginLoader {
  /** One promise per plugin id: the bundle is fetched and executed at most once. */
  load(manifest: PluginManifest): Promise<LoadedPlugin>;
  /**
   * Forgets a failed load (SystemJS registry included) and loads again, the bundle fetched
   * past the browser's HTTP cache (`refetch`): the cache may hold the bad copy for a year.
   */
  retry(manifest: PluginManifest): Promise<LoadedPlugin>;
  /**
   * Loads a plugin ahead of a visit, through the same one promise per plugin. Never
   * rejects: when it fails before a visit asked for the plugin, the failure is forgotten
   * (promise, SystemJS registry, failed shared modules; state back to `idle`), so that the
   * visit loads again and shows its own error. A visit that joined a prefetch in flight
   * sees its outcome as usual.
   */
  prefetch(manifest: PluginManifest): Promise<void>;
  /**
   * Prepares the 重试 of a page whose plugin loaded but a part of which failed while it was
   * shown (a lazy part: its chunk, a shared module or a stylesheet did not download), before
   * the page is rendered again: forgets the failed shared modules and lazy parts, deletes
   * from SystemJS the manifest's chunks whose load failed, and refetches them past the HTTP
   * cache while the failed stylesheets are linked afresh; resolves when both are done (or
   * after the time limit: the render then reports what still fails). Never rejects.
   */
  recover(manifest: PluginManifest): Promise<void>;
  /** The current state of a plugin (stable objects, for `useSyncExternalStore`). */
  getState(id: string): PluginState;
  subscribe(listener: () => void): () => void;
}

export interface PluginLoaderOptions {
  system: SystemLoader;
  /** The shell's SDK_VERSION. */
  sdkVersion: string;
  /** Base for the manifests' root-relative entries (the page's URL). */
  baseUrl: string;
  timeoutMs?: number;
  /**
   * Explains why a bundle's script failed to load (download error, integrity mismatch…).
   * The browser reports all of them as one opaque "error" event.
   */
  diagnose?: (url: string, manifest: PluginManifest, error: unknown) => Promise<PluginLoadError>;
  /** Called before a retry, to drop failed shared-module loads too. */
  beforeRetry?: () => void;
  /**
   * Called on a retry before the bundle is imported again, once for the entry and once for
   * each of the manifest's chunks: replaces the browser's cached copy of `url` with a fresh
   * one (`refetchPastCache`), so that the `<script>` SystemJS creates next does not reuse the
   * copy that failed.
   */
  refetch?: (url: string, integrity: string | undefined) => Promise<void>;
  /**
   * Called on a retry before the bundle is imported again: links afresh the stylesheets
   * (per-component Arco styles) whose download failed, and waits for them, so that the
   * retried page renders styled (`watchStylesheets`).
   */
  restoreStyles?: () => Promise<void>;
  /** Tells which of the manifest's chunks failed to load in SystemJS (`watchModuleLoads`). */
  modules?: Pick<ModuleLoadWatcher, 'failedAmong' | 'forget'>;
  /**
   * Called on every retry: the lazy parts whose load failed load again at their next render
   * (`forgetFailedLazyParts` of `@cotton/sdk/host`).
   */
  forgetParts?: () => void;
}

const IDLE: PluginState = Object.freeze({ status: 'idle' });
const LOADING: PluginState = Object.freeze({ status: 'loading' });

function major(version: string): number | undefined {
  const match = /^(\d+)\./.exec(version);
  return match ? Number(match[1]) : undefined;
}

/** `插件「x」需要 SDK 2.0.0，当前为 1.0.0` when the majors differ. */
export function checkSdkCompatibility(manifest: PluginManifest, sdkVersion: string): void {
  const wanted = major(manifest.sdkVersion ?? '');
  if (wanted === undefined || wanted !== major(sdkVersion)) {
    throw pluginFailure.sdk(manifest.id, manifest.sdkVersion || '未知版本', sdkVersion);
  }
}

function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** The bundle's default export, checked against the manifest the server published. */
export function validateDefinition(module: Record<string, unknown>, manifest: PluginManifest): PluginDefinition {
  const invalid = (what: string) => pluginFailure.contract(manifest.id, what);
  const definition = module.default as Partial<PluginDefinition> | undefined;
  if (!definition || typeof definition !== 'object') throw pluginFailure.noDefaultExport(manifest.id);
  if (definition.id !== manifest.id)
    throw invalid(`默认导出的 id 为「${String(definition.id)}」，清单中为「${manifest.id}」`);
  if (definition.routes !== undefined && !Array.isArray(definition.routes)) throw invalid('routes 必须是数组');
  const routes = definition.routes ?? [];
  for (const route of manifest.routes) {
    const found = routes.find((candidate) => candidate?.path === route.path);
    if (!found) throw invalid(`缺少路由 ${route.path}`);
    if (!isComponent(found.element)) throw invalid(`路由 ${route.path} 的 element 不是组件`);
  }
  const components = definition.components ?? {};
  if (typeof components !== 'object') throw invalid('components 必须是对象');
  for (const name of manifest.components) {
    if (!isComponent((components as Record<string, unknown>)[name])) throw invalid(`缺少组件 ${name}`);
  }
  return definition as PluginDefinition;
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** SystemJS error #3: the script element fired "error" (network, HTTP status, integrity, CSP). */
function isScriptLoadError(error: unknown): boolean {
  return /errors\.md#3\b/.test(messageOf(error));
}

/** SystemJS error #2: the script ran but did not call System.register. */
function isNotSystemRegister(error: unknown): boolean {
  return /errors\.md#2\b/.test(messageOf(error));
}

export function createPluginLoader(options: PluginLoaderOptions): PluginLoader {
  const { system, sdkVersion, baseUrl } = options;
  const timeoutMs = options.timeoutMs ?? PLUGIN_LOAD_TIMEOUT_MS;
  const promises = new Map<string, Promise<LoadedPlugin>>();
  /** Ids whose current promise comes from a prefetch that no visit has asked for yet. */
  const prefetchOnly = new Set<string>();
  /** The entry URL each id's promise loads: another one is another version of the plugin. */
  const loadedEntries = new Map<string, string>();
  const states = new Map<string, PluginState>();
  const listeners = new Set<() => void>();

  function setState(id: string, state: PluginState) {
    states.set(id, state);
    for (const listener of listeners) listener();
  }

  function entryUrl(manifest: PluginManifest): string {
    return new URL(manifest.entry, baseUrl).href;
  }

  async function explain(error: unknown, url: string, manifest: PluginManifest): Promise<PluginLoadError> {
    if (error instanceof PluginLoadError) return error;
    if (isScriptLoadError(error)) {
      if (options.diagnose) return options.diagnose(url, manifest, error);
      return pluginFailure.network(manifest.id, messageOf(error));
    }
    if (isNotSystemRegister(error)) return pluginFailure.notAModule(manifest.id, messageOf(error));
    return pluginFailure.execute(manifest.id, messageOf(error));
  }

  /**
   * A retry's import: fresh copies into the HTTP cache first, for the `<script>`s to read — the
   * entry's and every chunk's of the manifest (a bad copy of a chunk, cached for a year like
   * the entry, would fail the page's dynamic import later, where no 重试 reloads it).
   */
  async function refetchThenImport(url: string, manifest: PluginManifest): Promise<Record<string, unknown>> {
    const refetch = options.refetch;
    const chunks = (manifest.chunks ?? []).filter((chunk) => chunk?.url);
    await Promise.all([
      options.restoreStyles?.(),
      refetch?.(url, manifest.integrity || undefined),
      ...(refetch
        ? chunks.map((chunk) => refetch(new URL(chunk.url, baseUrl).href, chunk.integrity || undefined))
        : []),
    ]);
    return system.import(url);
  }

  async function importPlugin(manifest: PluginManifest, pastCache: boolean): Promise<LoadedPlugin> {
    checkSdkCompatibility(manifest, sdkVersion);
    const url = entryUrl(manifest);
    // Integrity first: SystemJS puts it on the <script> element it creates for this URL,
    // and for every extra chunk the bundle may import later (its dynamic imports).
    const integrity: Record<string, string> = {};
    if (manifest.integrity) integrity[url] = manifest.integrity;
    for (const chunk of manifest.chunks ?? []) {
      if (chunk?.url && chunk.integrity) integrity[new URL(chunk.url, baseUrl).href] = chunk.integrity;
    }
    if (Object.keys(integrity).length > 0) system.addImportMap({ integrity });
    let module: Record<string, unknown>;
    try {
      module = await withTimeout(pastCache ? refetchThenImport(url, manifest) : system.import(url), timeoutMs, () =>
        pluginFailure.timeout(manifest.id, Math.round(timeoutMs / 1000), manifest.entry),
      );
    } catch (error) {
      throw await explain(error, url, manifest);
    }
    return { manifest, definition: validateDefinition(module, manifest) };
  }

  /** Drops a plugin's failed load everywhere, so that the next `load` starts afresh. */
  function forget(manifest: PluginManifest) {
    promises.delete(manifest.id);
    prefetchOnly.delete(manifest.id);
    try {
      system.delete(system.resolve(entryUrl(manifest)));
    } catch {
      // Nothing registered under that URL (e.g. refused before any import).
    }
    options.beforeRetry?.();
    options.forgetParts?.();
  }

  function start(manifest: PluginManifest, prefetching: boolean, pastCache = false): Promise<LoadedPlugin> {
    const promise = importPlugin(manifest, pastCache).catch((error: unknown) => {
      throw error instanceof PluginLoadError ? error : pluginFailure.execute(manifest.id, messageOf(error));
    });
    promises.set(manifest.id, promise);
    loadedEntries.set(manifest.id, entryUrl(manifest));
    if (prefetching) prefetchOnly.add(manifest.id);
    else prefetchOnly.delete(manifest.id);
    setState(manifest.id, LOADING);
    promise.then(
      (plugin) => {
        if (promises.get(manifest.id) !== promise) return;
        prefetchOnly.delete(manifest.id);
        setState(manifest.id, Object.freeze({ status: 'ready', plugin }));
      },
      (error: PluginLoadError) => {
        if (promises.get(manifest.id) !== promise) return;
        if (prefetchOnly.has(manifest.id)) {
          // Nobody is looking: a visit will try again and report its own failure.
          forget(manifest);
          setState(manifest.id, IDLE);
          return;
        }
        setState(manifest.id, Object.freeze({ status: 'error', error }));
      },
    );
    return promise;
  }

  /**
   * The promise of `manifest`'s own version, if any. A manifest of the same id with another
   * entry (a newer plugin list after an upgrade or a roll back) starts afresh; the old
   * version's modules stay in SystemJS under their own URLs, harmless.
   */
  function current(manifest: PluginManifest): Promise<LoadedPlugin> | undefined {
    const cached = promises.get(manifest.id);
    if (cached && loadedEntries.get(manifest.id) !== entryUrl(manifest)) {
      promises.delete(manifest.id);
      prefetchOnly.delete(manifest.id);
      return undefined;
    }
    return cached;
  }

  function load(manifest: PluginManifest): Promise<LoadedPlugin> {
    const cached = current(manifest);
    if (cached) {
      // A visit joins a prefetch in flight: from now on its outcome is the visit's.
      prefetchOnly.delete(manifest.id);
      return cached;
    }
    return start(manifest, false);
  }

  function prefetch(manifest: PluginManifest): Promise<void> {
    const promise = current(manifest) ?? start(manifest, true);
    return promise.then(
      () => undefined,
      () => undefined,
    );
  }

  function retry(manifest: PluginManifest): Promise<LoadedPlugin> {
    const previous = states.get(manifest.id);
    if (previous?.status === 'loading' || previous?.status === 'ready') return load(manifest);
    forget(manifest);
    return start(manifest, false, true);
  }

  async function recover(manifest: PluginManifest): Promise<void> {
    const chunks = new Map<string, string | undefined>();
    for (const chunk of manifest.chunks ?? []) {
      if (chunk?.url) chunks.set(new URL(chunk.url, baseUrl).href, chunk.integrity || undefined);
    }
    const failed = options.modules?.failedAmong([...chunks.keys()]) ?? [];
    for (const url of failed) {
      system.delete(url);
      options.modules?.forget(url);
    }
    options.beforeRetry?.();
    options.forgetParts?.();
    const refetch = options.refetch;
    const ready = Promise.all([
      options.restoreStyles?.(),
      ...(refetch ? failed.map((url) => refetch(url, chunks.get(url))) : []),
    ]).then(() => undefined);
    await withTimeout(ready, timeoutMs, () => new Error('timeout')).catch(() => undefined);
  }

  return {
    load,
    retry,
    prefetch,
    recover,
    getState: (id) => states.get(id) ?? IDLE,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
