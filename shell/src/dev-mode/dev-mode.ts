import type { PluginDevModeService, PluginDevModeState, PluginManifest } from '@cotton/sdk';
import { isManifest } from '../boot/boot-data';

/**
 * Plugin dev mode (docs/plugins.md "Dev mode"): a plugin author runs `cotton-plugin dev`, and
 * this browser loads that plugin from the author's dev server instead of the installed version,
 * reloading the page after each build. Only where the portal offers it (`pluginDevOrigins`, empty
 * in production), only for a user holding {@link DEV_MODE_PERMISSION} (the trust of installing a
 * plugin: the code is unreviewed), and only once that user has switched it on in this browser
 * (系统管理 › 插件管理 › 开发模式). Production ignores a stored dev server entirely.
 */
export const DEV_MODE_PERMISSION = 'system:plugin:install';
/** localStorage: the dev server switched on in this browser. */
export const DEV_MODE_STORAGE_KEY = 'cotton.pluginDevServer';
/** How long boot waits for the dev server's manifest before going on without it. */
export const DEV_MANIFEST_TIMEOUT_MS = 3000;

/** The dev server's manifest: a plugin manifest with its build number. */
export interface DevManifest extends PluginManifest {
  dev: { build: number };
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Whether `url`'s origin is one of the CSP sources `sources` (`http://localhost:*`, `https://dev.example.cn:5174`…). */
export function originAllowed(url: string, sources: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return sources.some((source) => {
    const match = /^(https?:)\/\/([^/:]+|\[[^\]/]+\])(?::(\d{1,5}|\*))?$/.exec(source.toLowerCase());
    if (!match || match[1] !== parsed.protocol || match[2] !== parsed.hostname) return false;
    const port = match[3];
    if (port === '*') return true;
    const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
    return (parsed.port || defaultPort) === (port ?? defaultPort);
  });
}

/** The address typed in the 开发模式 dialog as the dev server's origin, or an Error saying what is wrong. */
export function devServerOrigin(input: string, sources: readonly string[]): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw new Error('请填写开发服务器地址，如 http://127.0.0.1:5174');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || text.length > 200) {
    throw new Error('请填写开发服务器地址，如 http://127.0.0.1:5174');
  }
  if (!originAllowed(url.origin, sources)) {
    throw new Error(`门户只允许从以下地址加载开发中的插件：${sources.join('、')}（由门户的 PLUGIN_DEV_ORIGINS 设置）`);
  }
  return url.origin;
}

/**
 * Reads `<origin>/manifest.json` from the dev server and checks it: a plugin manifest whose
 * bundle files are all on that server.
 */
export async function fetchDevManifest(
  origin: string,
  fetchImpl: Fetch,
  timeoutMs = DEV_MANIFEST_TIMEOUT_MS,
): Promise<DevManifest> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl(`${origin}/manifest.json`, { cache: 'no-store', signal: controller.signal });
    body = await response.json().catch(() => undefined);
  } catch {
    throw new Error(`无法连接开发服务器 ${origin}，请确认 cotton-plugin dev 正在运行`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const reason = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string';
    throw new Error(
      reason
        ? `开发服务器还没有可用的构建：${String((body as { error: string }).error).slice(0, 300)}`
        : `开发服务器 ${origin} 返回 HTTP ${response.status}`,
    );
  }
  const build = (body as { dev?: { build?: unknown } } | undefined)?.dev?.build;
  if (!isManifest(body) || typeof build !== 'number') {
    throw new Error(`${origin} 不是插件开发服务器（没有可识别的插件清单）`);
  }
  const files = [body.entry, ...(body.chunks ?? []).map((chunk) => chunk.url)];
  const originOf = (file: string) => {
    try {
      return new URL(file).origin;
    } catch {
      return null;
    }
  };
  if (!files.every((file) => originOf(file) === origin)) {
    throw new Error(`开发服务器的插件清单指向其他地址的文件，已拒绝加载`);
  }
  return body as DevManifest;
}

/** The plugin list with the dev server's plugin in place of the installed one of the same id (or added). */
export function withDevPlugin(plugins: readonly PluginManifest[], dev: PluginManifest): PluginManifest[] {
  return [...plugins.filter((plugin) => plugin.id !== dev.id), dev];
}

export interface DevModeOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetchImpl: Fetch;
  hasPermission: (code: string) => boolean;
  reload: () => void;
  /** `EventSource`'s constructor (absent in tests that do not need build events). */
  openEvents?: (url: string) => Pick<EventSource, 'addEventListener' | 'close'>;
  /** A failed build: the shell shows it without reloading. */
  onBuildError?: (message: string) => void;
}

export interface DevMode {
  service: PluginDevModeService;
  /** At boot, with the portal's configuration: reads the stored dev server's manifest. */
  start(config: { production: boolean; pluginDevOrigins: readonly string[] }): Promise<void>;
  /** The plugin list the router uses: the dev plugin in place when dev mode applies to this user. */
  apply(plugins: readonly PluginManifest[]): PluginManifest[];
  /** Whether the page now uses the dev server (for the badge). */
  getState(): PluginDevModeState | null;
  subscribe(listener: () => void): () => void;
}

export function createDevMode(options: DevModeOptions): DevMode {
  let sources: readonly string[] = [];
  let state: PluginDevModeState | null = null;
  let manifest: DevManifest | null = null;
  let events: Pick<EventSource, 'close'> | null = null;
  const listeners = new Set<() => void>();

  const offered = () => sources.length > 0;
  const allowed = () => offered() && options.hasPermission(DEV_MODE_PERMISSION);
  const setState = (next: PluginDevModeState | null) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const stored = (): string | null => {
    try {
      return options.storage.getItem(DEV_MODE_STORAGE_KEY);
    } catch {
      return null;
    }
  };

  /** Build events: a newer good build reloads the page; a failed one is shown and the page kept. */
  function listen(origin: string, loaded: number) {
    if (!options.openEvents || events) return;
    const source = options.openEvents(`${origin}/events`);
    events = source;
    source.addEventListener('build', (event) => {
      const build = Number((JSON.parse((event as MessageEvent<string>).data) as { build?: unknown }).build);
      if (build > loaded) options.reload();
      else if (state && state.status !== 'active') setState({ ...state, status: 'active', message: '' });
    });
    source.addEventListener('error', (event) => {
      const data = (event as Partial<MessageEvent<string>>).data;
      if (typeof data !== 'string') {
        // The connection itself (the dev server stopped): EventSource reconnects by itself.
        if (state) setState({ ...state, status: 'unreachable', message: '开发服务器已断开，正在重连…' });
        return;
      }
      const message = String((JSON.parse(data) as { message?: unknown }).message ?? '构建失败').slice(0, 2000);
      if (state) setState({ ...state, status: 'failed', message });
      options.onBuildError?.(message);
    });
  }

  const service: PluginDevModeService = {
    isAvailable: allowed,
    getState: () => state,
    async switchOn(input) {
      if (!allowed()) throw new Error('当前门户不支持插件开发模式，或您没有安装插件的权限');
      const origin = devServerOrigin(input, sources);
      await fetchDevManifest(origin, options.fetchImpl);
      options.storage.setItem(DEV_MODE_STORAGE_KEY, origin);
      options.reload();
    },
    switchOff() {
      options.storage.removeItem(DEV_MODE_STORAGE_KEY);
      events?.close();
      options.reload();
    },
  };

  return {
    service,
    async start(config) {
      sources = config.production ? [] : config.pluginDevOrigins;
      const origin = stored();
      if (!origin || !offered()) return;
      if (!originAllowed(origin, sources)) {
        setState({ url: origin, pluginId: null, status: 'failed', message: '该开发服务器地址已不在门户允许的范围内' });
        return;
      }
      try {
        manifest = await fetchDevManifest(origin, options.fetchImpl);
        setState({ url: origin, pluginId: manifest.id, status: 'active', message: '' });
      } catch (error) {
        setState({ url: origin, pluginId: null, status: 'unreachable', message: (error as Error).message });
      }
    },
    apply(plugins) {
      if (!state || !allowed()) return [...plugins];
      listen(state.url, manifest?.dev.build ?? 0);
      return manifest ? withDevPlugin(plugins, manifest) : [...plugins];
    },
    getState: () => (state && allowed() ? state : null),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
