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
}

interface LoadRecord {
  status: 'instantiating' | 'declared' | 'done' | 'failed';
  /** The resolved ids of the modules it imports (once declared). */
  deps: string[];
}

export function watchModuleLoads(system: SystemLoader): ModuleLoadWatcher {
  const records = new Map<string, LoadRecord>();
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
  };
}
