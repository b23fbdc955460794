import { SHARED_MODULES, sharedModuleId } from '@cotton/sdk/shared-modules';
import type { ImportMap, SystemExport, SystemLoader, SystemRegistration } from './system-types';

type SharedModuleEntry = (typeof SHARED_MODULES)[number];
/** Shared modules lent whole (`react`, `mobx`…). */
export type WholeSharedModuleName = Extract<SharedModuleEntry, { perExport: false }>['name'];
/** Shared modules lent one export at a time (Arco, its icons, the SDK). */
export type PerExportSharedModuleName = Extract<SharedModuleEntry, { perExport: true }>['name'];

/**
 * The shell's own copy of each whole shared module. A `Record` over the names, so adding a
 * module to `SHARED_MODULES` without providing it here is a type error.
 */
export type WholeModuleTable = Record<WholeSharedModuleName, () => Promise<object>>;
/** Export name → loader of that export's value. */
export type PerExportTable = Readonly<Record<string, () => Promise<unknown>>>;
/**
 * Per-export shared module → loader of its table (`virtual:cotton-shared-modules`): each
 * table is a chunk of its own, loaded the first time a plugin asks for one of its exports.
 */
export type PerExportLoaders = Record<PerExportSharedModuleName, () => Promise<PerExportTable>>;

const APP_PREFIX = 'app:';

/**
 * Per-export modules whose exports moved to another entry within SDK major 1. A plugin built
 * before the validators left `@cotton/sdk` asks for `app:@cotton/sdk/isMobile`; it gets the
 * validators' `isMobile`, the one instance the shell has. The build refuses that import today
 * (it names `@cotton/sdk/validators`), so only bundles built before the move take this path.
 */
const MOVED_EXPORTS: Partial<Record<PerExportSharedModuleName, PerExportSharedModuleName>> = {
  '@cotton/sdk': '@cotton/sdk/validators',
};

/**
 * `{ react: 'app:react', …, '@arco-design/web-react/': 'app:@arco-design/web-react/', … }`:
 * one entry per shared module, plus a prefix entry for each per-export one, so that the
 * `@arco-design/web-react/Button` a plugin bundle imports resolves to
 * `app:@arco-design/web-react/Button`.
 */
export function sharedImportMap(): Required<Pick<ImportMap, 'imports'>> {
  const imports: Record<string, string> = {};
  for (const { name, perExport } of SHARED_MODULES) {
    imports[name] = sharedModuleId(name);
    if (perExport) imports[`${name}/`] = `${sharedModuleId(name)}/`;
  }
  return { imports };
}

/**
 * A module namespace as SystemJS should see it: the named exports, and a `default`
 * (CommonJS packages such as React have one; for ES packages it is the namespace itself, so
 * that `import React from 'react'` and `import * as React from 'react'` both work).
 */
export function withDefault(module: object): Record<string, unknown> {
  const namespace: Record<string, unknown> = {};
  for (const key of Object.keys(module)) namespace[key] = (module as Record<string, unknown>)[key];
  if (!('default' in namespace)) namespace.default = module;
  return namespace;
}

/** `[[], (_export) => ({ execute() { _export(namespace) } })]`: a module with no dependencies. */
export function registrationOf(namespace: Record<string, unknown>): SystemRegistration {
  return [
    [],
    (_export: SystemExport) => ({
      execute() {
        _export(namespace);
      },
    }),
  ];
}

export class SharedModuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharedModuleError';
  }
}

/**
 * Answers an `app:` id with the shell's module: `app:react` from the whole-module table,
 * `app:@arco-design/web-react/Button` with a namespace holding the one export `Button`.
 */
export function createSharedModuleProvider(whole: WholeModuleTable, perExport: PerExportLoaders) {
  const perExportNames = (Object.keys(perExport) as PerExportSharedModuleName[]).sort((a, b) => b.length - a.length);
  const tables = new Map<PerExportSharedModuleName, Promise<PerExportTable>>();
  /** One load per table; a failed one is tried again at the next ask (a retry). */
  const tableOf = (name: PerExportSharedModuleName): Promise<PerExportTable> => {
    let table = tables.get(name);
    if (!table) {
      table = perExport[name]();
      tables.set(name, table);
      table.catch(() => tables.delete(name));
    }
    return table;
  };

  async function namespaceFor(id: string): Promise<Record<string, unknown>> {
    const name = id.slice(APP_PREFIX.length);
    if (Object.hasOwn(whole, name)) {
      return withDefault(await whole[name as WholeSharedModuleName]());
    }
    // The longest package first: `@arco-design/web-react/icon/IconHome` belongs to the icons.
    const owner = perExportNames.find((pkg) => name.startsWith(`${pkg}/`));
    if (owner) {
      const exportName = name.slice(owner.length + 1);
      const movedTo = MOVED_EXPORTS[owner];
      const tables = await Promise.all([tableOf(owner), movedTo ? tableOf(movedTo) : undefined]);
      const loaders = tables.find((table) => table && Object.hasOwn(table, exportName));
      if (!loaders) {
        throw new SharedModuleError(`共享模块「${name}」不存在：${owner} 没有导出 ${exportName}`);
      }
      return { [exportName]: await loaders[exportName]() };
    }
    if (perExportNames.includes(name as PerExportSharedModuleName)) {
      throw new SharedModuleError(`共享模块「${name}」须按导出名引用，例如 ${name}/名称`);
    }
    throw new SharedModuleError(`共享模块「${name}」不存在`);
  }

  return {
    /** The registration for an `app:` id; rejects for an id the shell does not lend. */
    async instantiate(id: string): Promise<SystemRegistration> {
      return registrationOf(await namespaceFor(id));
    },
  };
}

export interface SharedModulesHandle {
  /**
   * Drops the `app:` modules whose load failed (a chunk that did not download), so that
   * retrying a plugin fetches them again instead of reusing the cached failure.
   */
  forgetFailed(): void;
  /**
   * Loads the shell's module behind an `app:` id ahead of a plugin's import (the link
   * prefetcher), without going through `System.import`: SystemJS's global-script support scans
   * every property of `window` on each import, ~1 ms a time, and a plugin lends dozens of
   * modules (scripts/bench/page-speed: 24–34 ms of one idle task after a navigation). The
   * plugin's own import later instantiates the id from what this loaded.
   */
  preload(id: string): Promise<void>;
}

/**
 * Teaches SystemJS the shared modules: the import map, and an `instantiate` hook that
 * answers `app:` ids from the shell's own modules (every other URL loads as usual).
 */
export function registerSharedModules(
  system: SystemLoader,
  whole: WholeModuleTable,
  perExport: PerExportLoaders,
): SharedModulesHandle {
  const provider = createSharedModuleProvider(whole, perExport);
  const failed = new Set<string>();
  system.addImportMap(sharedImportMap());
  const instantiate = system.instantiate;
  system.instantiate = function instantiateShared(this: SystemLoader, url, parentUrl, meta) {
    if (!url.startsWith(APP_PREFIX)) return instantiate.call(this, url, parentUrl, meta);
    return provider.instantiate(url).catch((error: unknown) => {
      failed.add(url);
      throw error;
    });
  };
  return {
    forgetFailed() {
      for (const id of failed) system.delete(id);
      failed.clear();
    },
    async preload(id) {
      await provider.instantiate(id);
    },
  };
}
