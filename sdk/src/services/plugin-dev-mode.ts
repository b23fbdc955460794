/**
 * Plugin dev mode (docs/plugins.md "Dev mode"): this browser loads one plugin from its
 * author's dev server (`cotton-plugin dev`) instead of the installed version, and reloads the
 * page after each build. Outside production only, for users who may install plugins.
 */
export interface PluginDevModeState {
  /** The dev server, e.g. `http://127.0.0.1:5174`. */
  url: string;
  /** The plugin it serves, once its manifest has been read. */
  pluginId: string | null;
  /** `active`: the plugin is loaded from the dev server; otherwise why not. */
  status: 'active' | 'unreachable' | 'failed';
  /** What went wrong, in words for the user (empty when active). */
  message: string;
}

/** What the host does for plugins with dev mode (the plugin administration's 开发模式 button). */
export interface PluginDevModeService {
  /** Whether this portal offers dev mode to the current user (non-production, permission held). */
  isAvailable(): boolean;
  /** Dev mode in this browser, or null when off. */
  getState(): PluginDevModeState | null;
  /**
   * Reads the dev server's manifest; when it is valid, remembers the server for this browser and
   * reloads the page. Rejects with an Error whose message says what is wrong, in Chinese.
   */
  switchOn(url: string): Promise<void>;
  /** Forgets the dev server and reloads the page with the installed plugins. */
  switchOff(): void;
}

const unavailable: PluginDevModeService = {
  isAvailable: () => false,
  getState: () => null,
  switchOn: () => Promise.reject(new Error('当前门户不支持插件开发模式')),
  switchOff: () => undefined,
};

let current: PluginDevModeService = unavailable;

/** Host side, at boot. */
export function setPluginDevModeService(service: PluginDevModeService): void {
  current = service;
}

/** Plugin side: the host's service (never available before the host set one). */
export function getPluginDevModeService(): PluginDevModeService {
  return current;
}
