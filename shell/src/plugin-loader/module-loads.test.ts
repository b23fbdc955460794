import { beforeAll, describe, expect, it } from 'vitest';
import type { SystemExport, SystemLoader, SystemRegistration } from '../shared-modules/system-types';
import { ignoreReportedLoadFailures, watchModuleLoads } from './module-loads';

const BASE = 'https://portal.test/plugins/demo/';
const url = (name: string) => `${BASE}${name}.js`;

/** A module importing `deps` whose execution exports `value` (or throws `throws`). */
function registration(deps: string[], value: unknown, throws?: Error): SystemRegistration {
  return [
    deps,
    (_export: SystemExport) => ({
      setters: deps.map(() => () => undefined),
      execute() {
        if (throws) throw throws;
        _export('value', value);
      },
    }),
  ];
}

let SystemJS: new () => SystemLoader;

beforeAll(async () => {
  await import('systemjs/dist/system.js');
  // A registry of its own: the global one is shared with other test files.
  SystemJS = (globalThis as unknown as { System: SystemLoader }).System.constructor as new () => SystemLoader;
});

/**
 * A SystemJS instance whose `instantiate` answers from `files` (a registration, a rejection
 * for a file that did not download, or a promise that never settles: still downloading),
 * watched by `watchModuleLoads`.
 */
function systemWith(files: Record<string, () => SystemRegistration | Promise<SystemRegistration>>) {
  const system = new SystemJS();
  system.instantiate = (id: string) => {
    const file = files[id];
    if (!file) return Promise.reject(new Error(`Error loading ${id}`));
    return Promise.resolve().then(file);
  };
  return { system, modules: watchModuleLoads(system) };
}

describe('watchModuleLoads', () => {
  it('tells the modules whose load failed — their own file or one they import — from the good and the pending ones', async () => {
    let downloaded = false;
    const { system, modules } = systemWith({
      [url('good')]: () => registration([], 'good'),
      // Imports a shared part that does not download (a failed stylesheet, an aborted chunk).
      [url('part')]: () => registration(['./part-dep.js'], 'part'),
      [url('part-dep')]: () => {
        if (!downloaded) throw new Error('Error loading part-dep.js');
        return registration([], 'dep');
      },
      [url('bug')]: () => registration([], 'bug', new Error('boom')),
      [url('pending')]: () => new Promise<SystemRegistration>(() => undefined),
    });
    await expect(system.import(url('good'))).resolves.toMatchObject({ value: 'good' });
    // The shared part first (SystemJS leaves a rejection unhandled when only an importer asks).
    await expect(system.import(url('part-dep'))).rejects.toThrow('Error loading part-dep.js');
    await expect(system.import(url('part'))).rejects.toThrow('Error loading part-dep.js');
    await expect(system.import(url('bug'))).rejects.toThrow('boom');
    void system.import(url('pending'));

    const all = ['good', 'part', 'part-dep', 'bug', 'pending', 'never-imported'].map(url);
    expect(modules.failedAmong(all)).toEqual([url('part'), url('part-dep'), url('bug')]);

    // SystemJS alone keeps the failure: the part's import fails again with the same error.
    downloaded = true;
    await expect(system.import(url('part'))).rejects.toThrow('Error loading part-dep.js');
    // The shared part deleted (as the shell forgets failed shared modules) and loaded again:
    // the part's own load is still the failed one, until it is deleted too.
    system.delete(url('part-dep'));
    await expect(system.import(url('part-dep'))).resolves.toMatchObject({ value: 'dep' });
    await expect(system.import(url('part'))).rejects.toThrow('Error loading part-dep.js');
    expect(modules.failedAmong(all)).toEqual([url('part'), url('bug')]);
    system.delete(url('part'));
    modules.forget(url('part'));
    await expect(system.import(url('part'))).resolves.toMatchObject({ value: 'part' });
    expect(modules.failedAmong(all)).toEqual([url('bug')]);
  });
});

describe('ignoreReportedLoadFailures', () => {
  /** What the browser dispatches for a rejection nobody handled; true when it was silenced. */
  function unhandled(target: EventTarget, reason: unknown): boolean {
    const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it('silences the second report of a failed load (the reason SystemJS already gave the import), nothing else', async () => {
    const cssFailure = new Error('Unable to preload CSS for https://portal.test/assets/Descriptions.css');
    const { system, modules } = systemWith({
      [url('part')]: () => registration(['./part-dep.js'], 'part'),
      [url('part-dep')]: () => Promise.reject(cssFailure),
    });
    const target = new EventTarget();
    const stop = ignoreReportedLoadFailures(target as unknown as Window, modules);
    // The import itself is answered (the page shows its panel) with the very same reason. (The
    // shared part is imported first: asked only through its importer, SystemJS's link promise of
    // the part would reject unhandled here too — in Node, where this listener does not apply.)
    await expect(system.import(url('part-dep'))).rejects.toBe(cssFailure);
    await expect(system.import(url('part'))).rejects.toBe(cssFailure);

    expect(unhandled(target, cssFailure)).toBe(true);
    // Any other unhandled rejection is still reported: another error, a look-alike, a string.
    expect(unhandled(target, new Error(cssFailure.message))).toBe(false);
    expect(unhandled(target, new Error('boom'))).toBe(false);
    expect(unhandled(target, cssFailure.message)).toBe(false);

    stop();
    expect(unhandled(target, cssFailure)).toBe(false);
  });
});
