import type { PluginManifest } from '@cotton/sdk/contracts';

/**
 * The plugin list of a page that stays open (docs/architecture.md "Plugin registry"): read at
 * boot, and read again in the background when a navigation happens — or the tab comes back
 * into view — and the list is older than {@link PLUGIN_LIST_MAX_AGE_MS}. Nothing waits for
 * that call: a navigation renders at once with the list it has. When the list read differs
 * (a plugin installed, enabled, disabled, upgraded, rolled back or uninstalled), the next
 * navigation takes it ({@link PluginListRefresher.takeChanged}) — never the page being
 * looked at, which keeps its state.
 */
export const PLUGIN_LIST_MAX_AGE_MS = 30_000;

export interface PluginListRefresher {
  /** The list as the shell now uses it, read at `now`. */
  reset(plugins: PluginManifest[]): void;
  /** Reads the list in the background when it is older than the maximum age (one call at a time). */
  check(): void;
  /** A list that differs from the one in use, read since; null when there is none. Taken once. */
  takeChanged(): PluginManifest[] | null;
  /**
   * Reads the list now, whatever its age (a 重试): the list when it differs from the one in
   * use, else null (also when the call fails: the list in use stays).
   */
  readNow(): Promise<PluginManifest[] | null>;
}

export interface PluginListRefresherOptions {
  fetchList: () => Promise<PluginManifest[]>;
  maxAgeMs?: number;
  now?: () => number;
}

/** What makes two lists load different code: ids, entries and their integrity, routes, components. */
export function pluginListSignature(plugins: readonly PluginManifest[]): string {
  return JSON.stringify(
    [...plugins]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((plugin) => [plugin.id, plugin.entry, plugin.integrity, plugin.routes, plugin.components]),
  );
}

export function createPluginListRefresher(options: PluginListRefresherOptions): PluginListRefresher {
  const maxAgeMs = options.maxAgeMs ?? PLUGIN_LIST_MAX_AGE_MS;
  const now = options.now ?? (() => Date.now());
  let readAt = now();
  let signature = '';
  let changed: PluginManifest[] | null = null;
  let inFlight = false;

  return {
    reset(plugins) {
      readAt = now();
      signature = pluginListSignature(plugins);
      changed = null;
    },
    check() {
      if (inFlight || now() - readAt < maxAgeMs) return;
      inFlight = true;
      options
        .fetchList()
        .then(
          (plugins) => {
            readAt = now();
            changed = pluginListSignature(plugins) === signature ? null : plugins;
          },
          // Offline or a server hiccup: the list in use stays; the next navigation tries again.
          () => undefined,
        )
        .finally(() => {
          inFlight = false;
        });
    },
    takeChanged() {
      const plugins = changed;
      changed = null;
      return plugins;
    },
    async readNow() {
      let plugins: PluginManifest[];
      try {
        plugins = await options.fetchList();
      } catch {
        return null;
      }
      readAt = now();
      changed = null;
      return pluginListSignature(plugins) === signature ? null : plugins;
    },
  };
}
