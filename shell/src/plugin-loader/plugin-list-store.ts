import type { PluginManifest } from '@cotton/sdk/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The plugin list the pages render from (docs/architecture.md "Plugin registry"). A newer list
 * with the same routes (an upgrade, a roll back) is set here, and only the pages of the plugins
 * that changed load their new version: the router, and every other open tab, stay as they are.
 */
export interface PluginListStore {
  get(): readonly PluginManifest[];
  set(plugins: readonly PluginManifest[]): void;
  subscribe(listener: () => void): () => void;
  /**
   * Reads the list from the server now and sets it when it differs (an administrator upgraded,
   * rolled back or disabled a plugin since): 重试 asks before trying a failed page again, so
   * that it loads the version now active, not the one that failed. Never rejects.
   */
  refresh(): Promise<void>;
}

/** `refresh`: how the list is read again (the shell's boot: the plugin list call); none in tests. */
export function createPluginListStore(
  initial: readonly PluginManifest[] = [],
  refresh: () => Promise<void> = () => Promise.resolve(),
): PluginListStore {
  let plugins = initial;
  const listeners = new Set<() => void>();
  return {
    refresh: () => refresh().catch(() => undefined),
    get: () => plugins,
    set(next) {
      plugins = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const PluginListContext = createContext<PluginListStore | null>(null);

const noStore = () => () => undefined;

/** The current plugin list, or `fallback` (the list the route was built with) without a store above. */
export function usePluginList<T extends readonly PluginManifest[] | null>(fallback: T): readonly PluginManifest[] | T {
  const store = useContext(PluginListContext);
  const read = () => (store ? store.get() : fallback);
  return useSyncExternalStore(store ? store.subscribe : noStore, read, read);
}

/** `manifest` as the current list has it (same id), for a route built with an older list. */
export function useCurrentManifest(manifest: PluginManifest): PluginManifest {
  const plugins = usePluginList(null);
  return plugins?.find((candidate) => candidate.id === manifest.id) ?? manifest;
}
