import type { SystemDeclare, SystemLoader, SystemRegistration } from '../shared-modules/system-types';

/**
 * Which modules SystemJS failed to load. SystemJS keeps a failed load in its registry — the
 * module's own (its script did not download, it threw) and every importer's waiting on it —
 * and answers each later import of it with the same error; its public API cannot tell a
 * failed load from a good one. The watcher follows each load through the `instantiate` hook:
 * a module fails when its instantiate rejects or its execution throws, and so does every
 * module that imports it (transitively) and has not run — at that moment, as SystemJS does:
 * the importer's load stays failed even if the module is deleted and loads well later.
 */
export interface ModuleLoadWatcher {
  /** Those of `urls` (resolved module URLs) whose load failed, as above. */
  failedAmong(urls: readonly string[]): string[];
  /** Stops tracking `url` (deleted from the registry: its next import is a new load). */
  forget(url: string): void;
  /**
   * Whether `reason` is what a module's load failed with (its instantiate rejected or its
   * execution threw). SystemJS keeps, besides the promise it answers the import with, a link
   * promise per module that nobody awaits once a dependency has failed: the same reason
   * then surfaces a second time as an unhandled rejection (see `ignoreReportedLoadFailures`).
   */
  isLoadFailure(reason: unknown): boolean;
}

interface LoadRecord {
  status: 'instantiating' | 'declared' | 'done' | 'failed';
  /** The resolved ids of the modules it imports (once declared). */
  deps: string[];
}

export function watchModuleLoads(system: SystemLoader): ModuleLoadWatcher {
  const records = new Map<string, LoadRecord>();
  /** The reasons loads failed with (objects only: a string reason cannot be told apart). */
  const reasons = new WeakSet<object>();
  const remember = (reason: unknown) => {
    if (typeof reason === 'object' && reason !== null) reasons.add(reason);
  };
  const instantiate = system.instantiate;

  /** `url` failed, and every importer that has not run (SystemJS fails their loads too). */
  function fail(url: string, record: LoadRecord) {
    if (records.get(url) !== record || record.status === 'failed') return;
    record.status = 'failed';
    for (const [importer, other] of records) {
      if (other.status === 'declared' && other.deps.includes(url)) fail(importer, other);
    }
  }

  function track(url: string, registration: SystemRegistration | undefined): SystemRegistration | undefined {
    const record = records.get(url);
    if (!record) return registration;
    if (!registration) {
      // SystemJS fails it: "did not instantiate".
      fail(url, record);
      return registration;
    }
    const [deps, declare, ...rest] = registration;
    record.status = 'declared';
    let unresolved = false;
    record.deps = deps.flatMap((dep) => {
      try {
        return [system.resolve(dep, url)];
      } catch {
        // An import SystemJS cannot resolve fails this module's load.
        unresolved = true;
        return [];
      }
    });
    // It will link to a failed load still in the registry: it fails with it.
    const linksToFailure = record.deps.some((dep) => records.get(dep)?.status === 'failed' && system.has(dep));
    if (unresolved || linksToFailure) fail(url, record);
    const settle = (ok: boolean) => {
      if (records.get(url) !== record) return;
      if (ok) record.status = 'done';
      else fail(url, record);
    };
    // Two parameters: SystemJS passes the module's context (`import`, `meta`) to such a declare.
    const declareTracked: SystemDeclare = function (this: unknown, _export, context?: unknown) {
      const declared = (declare as (this: unknown, ...args: unknown[]) => ReturnType<SystemDeclare>).call(
        this,
        _export,
        context,
      );
      const execute = declared.execute;
      return {
        ...declared,
        execute(this: unknown) {
          let result: unknown;
          try {
            result = execute?.call(this);
          } catch (error) {
            settle(false);
            remember(error);
            throw error;
          }
          if (result && typeof (result as Promise<unknown>).then === 'function') {
            // Top-level await: done when it settles.
            return (result as Promise<unknown>).then(
              (value) => {
                settle(true);
                return value;
              },
              (error: unknown) => {
                settle(false);
                remember(error);
                throw error;
              },
            );
          }
          settle(true);
          return result;
        },
      };
    };
    return [deps, declareTracked, ...rest] as unknown as SystemRegistration;
  }

  system.instantiate = function instantiateTracked(this: SystemLoader, url, parentUrl, meta) {
    const record: LoadRecord = { status: 'instantiating', deps: [] };
    records.set(url, record);
    const rejected = (error: unknown) => {
      fail(url, record);
      remember(error);
      throw error;
    };
    try {
      const result = instantiate.call(this, url, parentUrl, meta);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<SystemRegistration | undefined>).then(
          (registration) => track(url, registration),
          rejected,
        );
      }
      return track(url, result as SystemRegistration | undefined);
    } catch (error) {
      return rejected(error);
    }
  };

  return {
    failedAmong: (urls) => urls.filter((url) => records.get(url)?.status === 'failed'),
    forget(url) {
      records.delete(url);
    },
    isLoadFailure: (reason) => typeof reason === 'object' && reason !== null && reasons.has(reason),
  };
}

/**
 * Keeps a module's failed load from being reported twice. Every import the portal makes
 * handles its failure — the plugin loader and a lazy part show the error panel, the link
 * prefetcher forgets it silently — but SystemJS's own link promise of the failed module (or
 * of the importer waiting on it) is left without a handler and rejects with the same reason:
 * the browser would log it as an unhandled rejection (and Vite's preload helper's
 * 「Unable to preload CSS」 with it) although the visitor already has the panel and its 重试.
 * Only those reasons are silenced; any other unhandled rejection is reported as before.
 * Returns a function that removes the listener.
 */
export function ignoreReportedLoadFailures(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  watcher: Pick<ModuleLoadWatcher, 'isLoadFailure'>,
): () => void {
  const listener = (event: PromiseRejectionEvent) => {
    if (watcher.isLoadFailure(event.reason)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', listener);
  return () => target.removeEventListener('unhandledrejection', listener);
}
