import type { DevPluginManifest as DevManifest, PluginManifest } from '@cotton/sdk/contracts';
import type { PluginDevModeService, PluginDevModeState } from '@cotton/sdk';
import { isManifest } from '../boot/boot-data';
import { pluginAdminCodes } from '@cotton/sdk/calls';

/**
 * Plugin dev mode (docs/plugins.md "Dev mode"): a plugin author runs `cotton-plugin dev`, and
 * this browser loads that plugin from the author's dev server instead of the installed version,
 * reloading the page after each build. Only where the portal offers it (`pluginDevOrigins`, empty
 * in production), only for a user holding {@link DEV_MODE_PERMISSION} (the trust of installing a
 * plugin: the code is unreviewed), and only once that user has switched it on in this browser
 * (系统管理 › 插件管理 › 开发模式). Production ignores a stored dev server entirely.
 */
export const DEV_MODE_PERMISSION = pluginAdminCodes.install;
/** localStorage, per user (`<key>:<user id>`): the dev server that user switched on in this browser. */
export const DEV_MODE_STORAGE_KEY = 'cotton.pluginDevServer';
/** A switch left on is forgotten after this long (a forgotten port could serve anything later). */
export const DEV_MODE_TTL_MS = 12 * 60 * 60 * 1000;
/** How long boot waits for the dev server's manifest before going on without it. */
export const DEV_MANIFEST_TIMEOUT_MS = 3000;

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
    throw new Error(
      `无法连接开发服务器 ${origin}：请确认 cotton-plugin dev 正在运行，且其 --portal 与本门户地址（${globalThis.location?.origin ?? ''}）一致`,
    );
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
  /** The logged-in user's id (`null` before login): the switch is that user's. */
  currentUser: () => string | null;
  reload: () => void;
  /** `EventSource`'s constructor (absent in tests that do not need build events). */
  openEvents?: (url: string) => Pick<EventSource, 'addEventListener' | 'close'>;
  /** A failed build: the shell shows it without reloading. */
  onBuildError?: (message: string) => void;
  now?: () => number;
}

export interface DevMode {
  service: PluginDevModeService;
  /** At boot, once the session is known: the portal's offer, and the user's dev server read. */
  start(config: { production: boolean; pluginDevOrigins: readonly string[] }): Promise<void>;
  /**
   * The plugin list the router uses: the dev plugin in place when dev mode applies to the
   * logged-in user. Called at each (re)mount: after a login it reads that user's switch (and
   * reloads once the dev plugin is there); after a logout a page that ran dev code reloads.
   */
  apply(plugins: readonly PluginManifest[]): PluginManifest[];
  /** Dev mode as the badge shows it (null when it does not apply). */
  getState(): PluginDevModeState | null;
  subscribe(listener: () => void): () => void;
}

/** A JSON event's data, or null when it is not JSON (never throws). */
function eventData(event: Event): Record<string, unknown> | null {
  const data = (event as Partial<MessageEvent<unknown>>).data;
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createDevMode(options: DevModeOptions): DevMode {
  const now = options.now ?? (() => Date.now());
  let sources: readonly string[] = [];
  let state: PluginDevModeState | null = null;
  let manifest: DevManifest | null = null;
  /** The user whose switch was read (state and manifest are theirs). */
  let readFor: string | null = null;
  let events: Pick<EventSource, 'close'> | null = null;
  /** Dev code has run in this page: losing the permission reloads it away. */
  let used = false;
  const listeners = new Set<() => void>();

  const offered = () => sources.length > 0;
  const allowed = () => offered() && options.hasPermission(DEV_MODE_PERMISSION) && options.currentUser() !== null;
  const keyOf = (user: string) => `${DEV_MODE_STORAGE_KEY}:${user}`;
  const setState = (next: PluginDevModeState | null) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /** The user's stored dev server, if switched on less than {@link DEV_MODE_TTL_MS} ago. */
  function stored(user: string): string | null {
    try {
      const value = JSON.parse(options.storage.getItem(keyOf(user)) ?? 'null') as {
        url?: unknown;
        until?: unknown;
      } | null;
      if (value && typeof value.url === 'string' && typeof value.until === 'number' && value.until > now())
        return value.url;
      if (value) options.storage.removeItem(keyOf(user));
    } catch {
      options.storage.removeItem(keyOf(user));
    }
    return null;
  }

  function stopListening() {
    events?.close();
    events = null;
  }

  /**
   * Build events. A good build other than the one loaded (a newer one, or one of a restarted dev
   * server) reloads the page — when no manifest could be used, only once it can be read again
   * (no reload loop); a failed one is shown and the page kept.
   */
  function listen(origin: string) {
    if (!options.openEvents || events) return;
    const source = options.openEvents(`${origin}/events`);
    events = source;
    source.addEventListener('build', (event) => {
      if (!allowed()) return;
      const data = eventData(event);
      const dev = (data?.manifest as { dev?: { session?: unknown } } | undefined)?.dev;
      const build = Number(data?.build);
      if (!Number.isFinite(build)) return;
      if (manifest) {
        const restarted = typeof dev?.session === 'string' && dev.session !== manifest.dev.session;
        if (build !== manifest.dev.build || restarted) options.reload();
        else if (state && state.status !== 'active') setState({ ...state, status: 'active', message: '' });
        return;
      }
      fetchDevManifest(origin, options.fetchImpl).then(
        () => options.reload(),
        (error: Error) => state && setState({ ...state, status: 'failed', message: error.message }),
      );
    });
    source.addEventListener('error', (event) => {
      if (!allowed()) return;
      const data = eventData(event);
      if (!data) {
        // The connection itself (the dev server stopped): EventSource reconnects by itself.
        if (state) setState({ ...state, status: 'unreachable', message: '开发服务器已断开，正在重连…' });
        return;
      }
      const message = String(data.message ?? '构建失败').slice(0, 2000);
      if (state) setState({ ...state, status: 'failed', message });
      options.onBuildError?.(message);
    });
  }

  /** Reads the user's switch and, when on, the dev server's manifest. */
  async function read(user: string): Promise<void> {
    readFor = user;
    manifest = null;
    const origin = stored(user);
    if (!origin) {
      setState(null);
      return;
    }
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
  }

  const service: PluginDevModeService = {
    isAvailable: allowed,
    getState: () => (allowed() ? state : null),
    async switchOn(input) {
      const user = options.currentUser();
      if (!allowed() || !user) throw new Error('当前门户不支持插件开发模式，或您没有安装插件的权限');
      const origin = devServerOrigin(input, sources);
      await fetchDevManifest(origin, options.fetchImpl);
      options.storage.setItem(keyOf(user), JSON.stringify({ url: origin, until: now() + DEV_MODE_TTL_MS }));
      options.reload();
    },
    switchOff() {
      const user = options.currentUser();
      if (user) options.storage.removeItem(keyOf(user));
      stopListening();
      options.reload();
    },
  };

  return {
    service,
    async start(config) {
      sources = config.production ? [] : config.pluginDevOrigins;
      const user = options.currentUser();
      // Nobody else waits for a dev server: visitors and users without the permission skip it.
      if (user && allowed()) await read(user);
    },
    apply(plugins) {
      const user = options.currentUser();
      if (!allowed() || !user) {
        stopListening();
        // Logged out (or another user without the permission): no dev code stays in the page.
        if (used) options.reload();
        return [...plugins];
      }
      if (readFor !== user) {
        // A login since boot: read this user's switch; the dev plugin arrives with a reload.
        void read(user).then(() => {
          if (manifest) options.reload();
        });
        return [...plugins];
      }
      if (!state || (state.status === 'failed' && !originAllowed(state.url, sources))) return [...plugins];
      listen(state.url);
      if (!manifest) return [...plugins];
      used = true;
      return withDevPlugin(plugins, manifest);
    },
    getState: () => (allowed() && readFor === options.currentUser() ? state : null),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
