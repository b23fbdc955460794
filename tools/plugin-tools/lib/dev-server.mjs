// `cotton-plugin dev`: watches a plugin folder, rebuilds it on every change into
// `<folder>/.cotton-dev/` and serves the last good build over HTTP, for a non-production
// portal to load in place of the installed plugin (docs/plugins.md, "Dev mode").
//
// The build is `buildPlugin`'s rollup configuration (pluginRollupInput) without minifying,
// with rollup's cache kept between builds, source maps as files, no .gz/.br and no archive;
// the definition check runs on every build as it does in `cotton-plugin build`. A failing
// build is reported and the previous good one stays served.
//
// What the server answers (every answer with CORS for the portal's origin):
//   GET /manifest.json  the PluginManifest of the last good build, `entry` and `chunks[].url`
//                       absolute URLs on this server, plus `dev: { build, builtAt, session }`; 503
//                       `{ error }` while there has been no good build
//   GET /events         Server-Sent Events: `build` `{ build, manifest }` and `error`
//                       `{ message }`, the current state on connect, `: ping` every 15 s
//   GET /<file>         a file of the last good build (the bundle's JS and its .map)
//   OPTIONS *           204, the CORS preflight (with Chrome's private network access)
import { watch } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { rollup } from 'rollup';
import {
  bundleOutputOf,
  checkManifest,
  pluginManifestOf,
  pluginRollupInput,
  pluginRollupOutput,
  readPluginJson,
  readPluginVersion,
  sharedExternal,
} from './build-plugin.mjs';
import { checkDefinition } from './check-definition.mjs';

/** @typedef {import('../../../sdk/src/contracts/plugin.js').PluginManifest} PluginManifest */
/** @typedef {PluginManifest & { dev: { build: number, builtAt: string, session: string } }} DevManifest */
/**
 * A good build, as served: its number (1-based count of good builds), manifest, files (name
 * → bytes, as written to .cotton-dev/) and how long it took.
 * @typedef {{ build: number, builtAt: string, manifest: DevManifest, files: Map<string, Buffer>, ms: number }} DevBuild
 */
/**
 * What the dev server tells its listeners (and SSE clients) after each build.
 * @typedef {{ type: 'build', build: number, manifest: DevManifest, ms: number }
 *   | { type: 'error', message: string, ms: number }} DevEvent
 */
/** @typedef {{ info: (line: string) => void, warn: (line: string) => void, error: (line: string) => void }} DevLog */
/**
 * What `/rest/anon/portalConfig` told about the portal, or why it could not be asked.
 * @typedef {{ reachable: true, production: boolean, pluginDevOrigins?: string[] }
 *   | { reachable: false, problem: string }} PortalCheck
 */
/**
 * @typedef {{ portal?: string, port?: number, host?: string, log?: DevLog,
 *   checkPortal?: (portal: string) => Promise<PortalCheck>, debounceMs?: number, pingMs?: number }} DevOptions
 */
/**
 * @typedef {{ url: string, root: string, outDir: string,
 *   onEvent: (listener: (event: DevEvent) => void) => () => void,
 *   current: () => { good?: DevBuild, failure?: string },
 *   close: () => Promise<void> }} DevServer
 */

/** Where the dev build is written, inside the plugin folder (`dist/` is the installable build's). */
export const DEV_DIR = '.cotton-dev';
export const DEFAULT_DEV_PORT = 5174;
export const DEFAULT_DEV_HOST = '127.0.0.1';
/** The origins a portal accepts dev servers from when `PLUGIN_DEV_ORIGINS` is not set. */
export const DEFAULT_PLUGIN_DEV_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** Files of the plugin folder's root whose change rebuilds (without rollup's cache). */
const CONFIG_FILES = new Set(['plugin.json', 'package.json', 'tsconfig.json']);

/** @type {DevLog} */
const consoleLog = {
  info: (line) => console.log(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

/**
 * The `--portal` URL, checked: http or https.
 * @param {string | undefined} portal
 * @returns {URL}
 */
export function parsePortalUrl(portal) {
  if (!portal) throw new Error('--portal <url> is required: the portal to develop against, e.g. http://localhost:3000');
  /** @type {URL} */
  let url;
  try {
    url = new URL(portal);
  } catch {
    throw new Error(`--portal ${portal}: not a URL; give the portal's address, e.g. http://localhost:3000`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--portal ${portal}: must be an http:// or https:// URL`);
  }
  return url;
}

/**
 * Asks the portal for its configuration (`POST <portal>/rest/anon/portalConfig`, `{}`): whether
 * it is a production portal, and which dev servers it accepts (`pluginDevOrigins`, the
 * portal's PLUGIN_DEV_ORIGINS). Never throws: an unreachable portal or an unexpected answer
 * is `reachable: false` with the reason.
 * @param {string} portal
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<PortalCheck>}
 */
export async function fetchPortalCheck(portal, options = {}) {
  const url = `${portal.replace(/\/+$/, '')}/rest/anon/portalConfig`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    if (!response.ok) return { reachable: false, problem: `${url} answered HTTP ${response.status}` };
    const body = /** @type {any} */ (await response.json());
    if (body?.rtnCode !== '0000' || typeof body.dataSet !== 'object' || body.dataSet === null) {
      return { reachable: false, problem: `${url} answered rtnCode ${String(body?.rtnCode)}` };
    }
    const { production, pluginDevOrigins } = body.dataSet;
    return {
      reachable: true,
      production: production === true,
      ...(Array.isArray(pluginDevOrigins) ? { pluginDevOrigins: pluginDevOrigins.map(String) } : {}),
    };
  } catch (error) {
    const cause = /** @type {Error & { cause?: Error }} */ (error);
    return { reachable: false, problem: `${url}: ${cause.cause?.message ?? cause.message}` };
  }
}

/** @param {string} protocol `http:` or `https:` */
const defaultPort = (protocol) => (protocol === 'https:' ? '443' : protocol === 'http:' ? '80' : '');

/**
 * Whether an origin matches a CSP-style source of PLUGIN_DEV_ORIGINS: `*`, a scheme
 * (`http:`), or `[scheme://]host[:port]` where host may be `*` or start with `*.` and port may
 * be `*` (no port: the scheme's default). A source without a scheme matches http and https.
 * @param {string} origin e.g. `http://127.0.0.1:5174`
 * @param {string} source e.g. `http://localhost:*`
 * @returns {boolean}
 */
export function originMatches(origin, source) {
  const text = source.trim().toLowerCase();
  if (text === '*') return true;
  /** @type {URL} */
  let url;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (/^[a-z][a-z0-9+.-]*:$/.test(text)) return url.protocol === text;
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\*|\d+))?\/?$/.exec(text);
  if (!match) return false;
  const [, scheme, host, port] = match;
  if (scheme ? url.protocol !== `${scheme}:` : url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const hostname = url.hostname.toLowerCase();
  if (host.startsWith('*.')) {
    if (!hostname.endsWith(host.slice(1))) return false;
  } else if (host !== '*' && host !== hostname) return false;
  const actualPort = url.port || defaultPort(url.protocol);
  return port === '*' || (port ?? defaultPort(url.protocol)) === actualPort;
}

/**
 * Watches what a plugin build reads: every folder under `src/` (folders created later
 * included) and, at the folder's root, plugin.json, package.json and tsconfig.json. Folder
 * watches (not file watches) so that editors that save by renaming a new file into place are
 * seen too. Dot files and editor backups (`~`) are ignored.
 * @param {string} root the plugin folder
 * @param {(kind: 'src' | 'config') => void} onChange `config`: one of the root's files changed
 * @returns {{ close: () => void }}
 */
export function watchPluginFolder(root, onChange) {
  const srcDir = path.join(root, 'src');
  /** @type {Map<string, import('node:fs').FSWatcher>} */
  const watchers = new Map();
  let closed = false;
  /** @param {string | null} name */
  const ignored = (name) => name !== null && (name.startsWith('.') || name.endsWith('~'));

  /**
   * @param {string} dir
   * @param {(event: string, name: string | null) => void} listener
   */
  const watchDir = (dir, listener) => {
    try {
      const watcher = watch(dir, (event, name) => {
        if (!closed) listener(event, name === null ? null : String(name));
      });
      // A folder removed under the watch: forget it (the next scan adds it back if it returns).
      watcher.on('error', () => {
        watcher.close();
        if (watchers.get(dir) === watcher) watchers.delete(dir);
      });
      watchers.set(dir, watcher);
    } catch {
      // Gone between the scan and the watch: the next event's scan catches up.
    }
  };

  /** @param {string} dir @param {Set<string>} into */
  const foldersUnder = async (dir, into) => {
    into.add(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
        .map((entry) => foldersUnder(path.join(dir, entry.name), into)),
    );
  };

  // Adds watches for new folders under src/ and drops those of removed ones.
  const scan = async () => {
    /** @type {Set<string>} */
    const found = new Set();
    await foldersUnder(srcDir, found).catch(() => undefined);
    if (closed) return;
    for (const [dir, watcher] of watchers) {
      if (dir !== root && !found.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
    for (const dir of found) {
      if (!watchers.has(dir)) {
        watchDir(dir, (event, name) => {
          if (ignored(name)) return;
          if (event === 'rename') void scan();
          onChange('src');
        });
      }
    }
  };

  watchDir(root, (_event, name) => {
    if (name === 'src') {
      void scan();
      onChange('src');
    } else if (name === null || CONFIG_FILES.has(name)) onChange('config');
  });
  void scan();
  return {
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * A build error as text: rollup's message, with its code frame when it has one.
 * @param {unknown} error
 * @returns {string}
 */
function errorText(error) {
  const e = /** @type {{ message?: string, frame?: string } | undefined} */ (error);
  const message = String(e?.message ?? error);
  return e?.frame && !message.includes(e.frame) ? `${message}\n${e.frame}` : message;
}

/**
 * Whether a request's Host header names this machine: `localhost`, an IP address, or the name
 * the server was bound to. A DNS name of another site (rebinding) is refused.
 * @param {string | undefined} header
 * @param {string} boundHost
 */
export function trustedHost(header, boundHost) {
  if (!header || header.length > 300) return false;
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0];
  const hostname = (name ?? '').toLowerCase();
  if (hostname === 'localhost' || hostname === boundHost.toLowerCase()) return true;
  if (hostname.startsWith('[')) return isIP(hostname.slice(1, -1)) === 6;
  return isIP(hostname) === 4;
}

/**
 * The host part of the server's URL: a wildcard address (`0.0.0.0`, `::`) as `localhost`,
 * an IPv6 address in brackets.
 * @param {string} host
 */
function urlHost(host) {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts `cotton-plugin dev` for a plugin folder: checks the portal, serves, watches and
 * builds (the first build starts at once; its result arrives as an event).
 * @param {string} pluginDir folder with `package.json`, `plugin.json` and `src/index.tsx`
 * @param {DevOptions} [options] `portal`: the portal's URL (its origin is the one CORS
 *   allows; without it, any origin and no portal check); `port` (default 5174, 0: any free
 *   one) and `host` (default 127.0.0.1); `log` (default the console); `checkPortal` replaces
 *   {@link fetchPortalCheck}
 * @returns {Promise<DevServer>}
 */
export async function startPluginDev(pluginDir, options = {}) {
  const root = path.resolve(pluginDir);
  const outDir = path.join(root, DEV_DIR);
  const log = options.log ?? consoleLog;
  const host = options.host ?? DEFAULT_DEV_HOST;
  const portalUrl = options.portal === undefined ? undefined : parsePortalUrl(options.portal);
  const allowOrigin = portalUrl ? portalUrl.origin : '*';
  const debounceMs = options.debounceMs ?? 50;

  // A production portal never loads a plugin from a dev server: refuse before serving.
  /** @type {PortalCheck | undefined} */
  let portalCheck;
  if (options.portal) {
    portalCheck = await (options.checkPortal ?? fetchPortalCheck)(options.portal);
    if (portalCheck.reachable && portalCheck.production) {
      throw new Error(`${options.portal} 是生产环境，不支持开发模式`);
    }
    if (!portalCheck.reachable) {
      log.warn(`⚠ 无法读取门户配置（${portalCheck.problem}）：未能确认它不是生产环境，继续启动`);
    }
  }

  /** @type {DevBuild | undefined} the last good build, served */
  let good;
  /** @type {string | undefined} the newest build's error, while it is the newest */
  let failure;
  let goodBuilds = 0;
  // This run of the server: the build count starts again at 1 after a restart, and the portal
  // tells the builds of two runs apart by it.
  const session = randomUUID();
  /** @type {Set<(event: DevEvent) => void>} */
  const listeners = new Set();
  /** @type {Set<http.ServerResponse>} */
  const sseClients = new Set();
  let closed = false;

  /** @param {http.ServerResponse} res @param {number} status @param {Record<string, string | number>} headers */
  const head = (res, status, headers) => {
    res.writeHead(status, {
      'Access-Control-Allow-Origin': allowOrigin,
      Vary: 'Origin',
      'Cache-Control': 'no-store',
      ...headers,
    });
  };
  /** @param {http.ServerResponse} res @param {number} status @param {unknown} value @param {boolean} withBody */
  const sendJson = (res, status, value, withBody) => {
    const body = Buffer.from(JSON.stringify(value));
    head(res, status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(withBody ? body : undefined);
  };
  /** @param {http.ServerResponse} res @param {string} event @param {unknown} data */
  const sendEvent = (res, event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    if (!trustedHost(req.headers.host, host)) {
      // DNS rebinding: a page of another site whose name now points here would be
      // "same-origin" with this server and read it past CORS. Only this machine's names and
      // addresses are answered.
      head(res, 403, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('forbidden host');
      return;
    }
    if (method === 'OPTIONS') {
      // The preflight of a cross-origin request; Chrome's private network access asks it of a
      // page on a public (or other) address loading from localhost.
      const requested = req.headers['access-control-request-headers'];
      head(res, 204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        ...(requested ? { 'Access-Control-Allow-Headers': requested } : {}),
        'Access-Control-Allow-Private-Network': 'true',
        'Access-Control-Max-Age': 600,
        'Content-Length': 0,
      });
      res.end();
      return;
    }
    const withBody = method === 'GET';
    if (!withBody && method !== 'HEAD') {
      head(res, 405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Length': 0 });
      res.end();
      return;
    }
    // The raw path, not a normalised URL: only the names the build produced are served.
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/manifest.json') {
      if (good) sendJson(res, 200, good.manifest, withBody);
      else sendJson(res, 503, { error: failure ?? 'the first build has not finished yet' }, withBody);
      return;
    }
    if (pathname === '/events' && withBody) {
      head(res, 200, { 'Content-Type': 'text/event-stream', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
      res.write('retry: 1000\n\n');
      if (good) sendEvent(res, 'build', { build: good.build, manifest: good.manifest });
      if (failure !== undefined) sendEvent(res, 'error', { message: failure });
      if (!good && failure === undefined) res.write(': building\n\n');
      sseClients.add(res);
      req.socket.setTimeout(0);
      res.on('close', () => sseClients.delete(res));
      return;
    }
    /** @type {string | undefined} */
    let name;
    try {
      name = decodeURIComponent(pathname.slice(1));
    } catch {
      name = undefined;
    }
    const bytes = name === undefined ? undefined : good?.files.get(name);
    if (!bytes || name === undefined) {
      head(res, 404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(withBody ? 'Not found\n' : undefined);
      return;
    }
    head(res, 200, {
      'Content-Type': name.endsWith('.map') ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8',
      'Content-Length': bytes.length,
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(withBody ? bytes : undefined);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_DEV_PORT, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  }).catch((error) => {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'EADDRINUSE') {
      throw new Error(`port ${options.port ?? DEFAULT_DEV_PORT} on ${host} is in use; choose another with --port`, {
        cause: error,
      });
    }
    throw error;
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://${urlHost(host)}:${port}`;
  const baseUrl = `${url}/`;

  const ping = setInterval(() => {
    for (const res of sseClients) res.write(': ping\n\n');
  }, options.pingMs ?? 15_000);
  ping.unref();

  /** @param {DevEvent} event */
  const publish = (event) => {
    for (const res of sseClients) {
      if (event.type === 'build') sendEvent(res, 'build', { build: event.build, manifest: event.manifest });
      else sendEvent(res, 'error', { message: event.message });
    }
    for (const listener of listeners) listener(event);
  };

  // The build loop: one build at a time; changes during a build queue one more.
  const isShared = sharedExternal();
  /** @type {import('rollup').RollupCache | undefined} */
  let cache;
  let dropCache = false;
  let id = path.basename(root);
  let firstBuild = true;

  /** Removes the files of .cotton-dev/ that the served build does not have. */
  const prune = async () => {
    const keep = good?.files ?? new Map();
    const names = await readdir(outDir).catch(() => /** @type {string[]} */ ([]));
    await Promise.all(
      names.filter((name) => !keep.has(name)).map((name) => rm(path.join(outDir, name), { force: true })),
    );
  };

  /** One build into .cotton-dev/: the served build on success, the error otherwise. */
  const buildOnce = async () => {
    const started = performance.now();
    if (dropCache) {
      cache = undefined;
      dropCache = false;
    }
    /** @type {DevEvent} */
    let event;
    try {
      if (firstBuild) {
        firstBuild = false;
        await rm(outDir, { recursive: true, force: true });
      }
      await mkdir(outDir, { recursive: true });
      const pluginJson = await readPluginJson(root);
      id = pluginJson.id;
      const version = await readPluginVersion(root);
      /** @type {string[]} */
      const warnings = [];
      const bundle = await rollup(
        pluginRollupInput(root, pluginJson, { minify: false, sourcemap: true, cache, isShared, warnings }),
      );
      cache = bundle.cache;
      /** @type {ReturnType<typeof bundleOutputOf>} */
      let built;
      /** @type {string[]} */
      let fileNames;
      try {
        const { output } = await bundle.write(pluginRollupOutput(outDir, pluginJson.id, { sourcemap: true }));
        built = bundleOutputOf(output, isShared);
        fileNames = output.map((item) => item.fileName);
      } finally {
        await bundle.close();
      }
      for (const warning of warnings) log.warn(`warning: ${warning}`);
      const { entryFileName } = built;
      if (!entryFileName) throw new Error(`plugin ${pluginJson.id}: rollup produced no entry chunk`);
      await checkDefinition({ distDir: outDir, entryFile: entryFileName, pluginJson });
      /** @type {Map<string, Buffer>} */
      const files = new Map();
      await Promise.all(fileNames.map(async (name) => files.set(name, await readFile(path.join(outDir, name)))));
      const manifest = await pluginManifestOf({
        ...built,
        entryFileName,
        pluginJson,
        version,
        dir: outDir,
        baseUrl,
        entryBytes: files.get(entryFileName),
      });
      // The integrities were computed from the files on disk: the bytes served are those read.
      const builtAt = new Date().toISOString();
      /** @type {DevManifest} */
      const devManifest = { ...manifest, dev: { build: goodBuilds + 1, builtAt, session } };
      checkManifest(devManifest, pluginJson.id);
      goodBuilds += 1;
      const ms = Math.round(performance.now() - started);
      good = { build: goodBuilds, builtAt, manifest: devManifest, files, ms };
      failure = undefined;
      event = { type: 'build', build: goodBuilds, manifest: devManifest, ms };
      log.info(`✔ ${id} 构建 #${goodBuilds}  ${ms} ms`);
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      failure = errorText(error);
      event = { type: 'error', message: failure, ms };
      log.error(`✖ ${id} 构建失败  ${ms} ms${good ? `（仍在提供构建 #${good.build}）` : ''}\n${failure}`);
    }
    await prune().catch(() => undefined);
    if (!closed) publish(event);
  };

  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<void> | undefined} */
  let running;
  let queued = false;
  const runBuild = () => {
    if (closed) return;
    if (running) {
      queued = true;
      return;
    }
    running = buildOnce().finally(() => {
      running = undefined;
      if (queued) {
        queued = false;
        runBuild();
      }
    });
  };
  /** @param {'src' | 'config'} kind */
  const schedule = (kind) => {
    // plugin.json, package.json or tsconfig.json change what the plugins transform: rollup's
    // cached transforms are stale then.
    if (kind === 'config') dropCache = true;
    clearTimeout(timer);
    timer = setTimeout(runBuild, debounceMs);
  };

  const watcher = watchPluginFolder(root, schedule);

  // The origins the portal accepts dev servers from: tell the author before they try.
  const origin = new URL(url).origin;
  if (portalCheck?.reachable && portalCheck.pluginDevOrigins) {
    const sources = portalCheck.pluginDevOrigins;
    if (!sources.some((source) => originMatches(origin, source))) {
      log.warn(
        `⚠ 门户的 PLUGIN_DEV_ORIGINS（${sources.join(' ') || '空'}）不包含 ${origin}：门户不会从这个开发服务器加载插件。` +
          '请用 --host/--port 换一个它允许的地址，或请门户管理员把这个地址加入 PLUGIN_DEV_ORIGINS',
      );
    }
  }
  log.info(`cotton-plugin dev: ${url}  (${path.relative(process.cwd(), root) || '.'} → ${DEV_DIR}/)`);
  if (portalUrl) log.info(`  门户 ${portalUrl.origin}${portalUrl.pathname === '/' ? '' : portalUrl.pathname}`);
  log.info(`  在门户 系统管理 › 插件管理 点「开发模式」，填入 ${url}（需有插件管理权限）; 每次构建后页面自动刷新`);
  runBuild();

  return {
    url,
    root,
    outDir,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => ({ good, failure }),
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      clearInterval(ping);
      watcher.close();
      listeners.clear();
      for (const res of sseClients) res.end();
      sseClients.clear();
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      // A build under way finishes (its result is not published) before the folder is left alone.
      await running;
    },
  };
}
