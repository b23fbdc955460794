import { existsSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compress';
import { isRestPath } from './envelope';

/**
 * Static hosting of the built portal (docs/architecture.md, "Static hosting"):
 * - `shell/dist` at `/`; `/assets/*` (hashed) cached for a year, immutable;
 * - `plugins/<id>/dist/<file>` at `/plugins/<id>/<file>` (hashed bundles), immutable, while
 *   the plugin is enabled; an uploaded plugin's files from the file store (`installedPlugins`);
 * - `index.html` and other unhashed files: `no-cache` (revalidated with ETag);
 * - `manifest.json` files are never served (the registry publishes them); source maps
 *   (`*.map`, the full source) only outside production;
 * - other GETs for client routes fall back to `index.html`; a missing file is a real 404;
 * - precompressed siblings written by the build (`x.js.br`, `x.js.gz`) are sent instead of
 *   the file to clients that accept them (`Content-Encoding`, `Vary: Accept-Encoding`,
 *   the file's own cache headers); they are not served under their own names.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

const PLUGIN_ID = /^[a-z0-9][a-z0-9-]*$/;
/** Build outputs that are not served under their own URL; source maps too in production. */
const HIDDEN_FILE = /(^|\/)manifest\.json$|\.(br|gz)$/;
const SOURCE_MAP = /\.map$/;

export interface StaticSite {
  /** Answers a GET no route matched: `index.html` for client routes, else a 404. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path !== '' && !path.startsWith('..') && !path.startsWith(sep);
}

function notFoundResponse(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', NO_CACHE).type('text/plain; charset=utf-8').send('404 Not Found');
}

/** The files of uploaded plugins (modules/plugin-admin): in the file store by content. */
export interface InstalledPluginFiles {
  /** A file while it is served (its version active and enabled, or just replaced), else null. */
  find(id: string, name: string): Promise<{ sha256: string; size: number } | null>;
  /** The bytes of `sha256` (a memory read once cached), or null. */
  read(sha256: string): Promise<Buffer | null>;
  /** Whether plugin `id` is enabled: a disabled bundled plugin's folder is not served. */
  enabled(id: string): Promise<boolean>;
}

export interface StaticOptions {
  staticRoot: string;
  /** Whether `*.map` files are served: for development, never in production. */
  sourceMaps: boolean;
  /** Served at `/plugins/<id>/<name>` before the bundled plugins' folders are looked at. */
  installedPlugins?: InstalledPluginFiles;
}

/** Content types of the files an uploaded plugin may carry; anything else is sent as bytes. */
const INSTALLED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A page address with repeated slashes (`//home`, `/bid//detail`) or backslashes, as the path
 * it means (`/home`), else null. `/rest/…` calls are left alone (an API client gets its envelope).
 */
export function collapsedPagePath(url: string): string | null {
  const [path, ...query] = url.split('?');
  if (!/\/\/|\\/.test(path)) return null;
  const collapsed = path.replace(/[\\/]+/g, '/');
  if (isRestPath(collapsed)) return null;
  // Never `//host`: one leading slash, so the redirect stays on this site.
  return query.length > 0 ? `${collapsed}?${query.join('?')}` : collapsed;
}

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<StaticSite> {
  // `//home` meant `/home`: the static route took it for a file path and refused it (403), so
  // the visitor read a JSON envelope. A page address is sent on to the path it means.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const target = collapsedPagePath(request.url);
    if (target !== null) return reply.code(301).header('cache-control', NO_CACHE).redirect(target, 301);
  });

  const hidden = (path: string) => HIDDEN_FILE.test(path) || (!options.sourceMaps && SOURCE_MAP.test(path));
  const shellDist = join(options.staticRoot, 'shell', 'dist');
  const pluginsRoot = join(options.staticRoot, 'plugins');
  const hasShell = existsSync(join(shellDist, 'index.html'));
  if (!hasShell) {
    app.log.warn({ shellDist }, '未找到门户前端构建产物（shell/dist/index.html），仅提供 API');
  }

  const cacheControlFor = (filePath: string): string => {
    if (isInside(join(shellDist, 'assets'), filePath)) return IMMUTABLE;
    if (isInside(pluginsRoot, filePath) && relative(pluginsRoot, filePath).split(sep)[1] === 'dist') return IMMUTABLE;
    return NO_CACHE;
  };

  await app.register(fastifyStatic, {
    root: hasShell ? shellDist : options.staticRoot,
    serve: hasShell,
    prefix: '/',
    wildcard: true,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // `x.js.br` / `x.js.gz` beside `x.js` (scripts/build.mjs), chosen by Accept-Encoding.
    preCompressed: true,
    allowedPath: (pathName) => !hidden(pathName),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  if (hasShell) app.get('/', (_request, reply) => reply.sendFile('index.html', shellDist));

  app.get('/plugins/:id/*', async (request, reply) => {
    const { id, '*': file } = request.params as { id: string; '*': string };
    if (!PLUGIN_ID.test(id) || !file || hidden(file)) return reply.callNotFound();
    // An uploaded plugin's file (one name, one content in every version: immutable).
    const installedPlugins = options.installedPlugins;
    const installed = installedPlugins && (await installedPlugins.find(id, file));
    if (installedPlugins && installed) {
      // Its `.br` / `.gz` sibling from the same archive, when the client takes it (checked at install).
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const encodings = encoding === 'br' ? (['br', 'gzip'] as const) : encoding === 'gzip' ? (['gzip'] as const) : [];
      let sent = installed;
      for (const candidate of encodings) {
        const sibling = await installedPlugins.find(id, `${file}.${candidate === 'br' ? 'br' : 'gz'}`);
        if (sibling) {
          sent = sibling;
          reply.header('content-encoding', candidate);
          break;
        }
      }
      // A HEAD reads no bytes; bytes a row names are there (a foreign key keeps them).
      const bytes = request.method === 'HEAD' ? null : await installedPlugins.read(sent.sha256);
      if (request.method !== 'HEAD' && !bytes) return reply.callNotFound();
      return reply
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('vary', 'accept-encoding')
        .header('etag', `"${sent.sha256}"`)
        .header('content-length', sent.size)
        .type(INSTALLED_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
        .send(bytes ?? '');
    }
    // A bundled plugin's build, while the plugin is enabled.
    if (installedPlugins && !(await installedPlugins.enabled(id))) return reply.callNotFound();
    return reply.sendFile(file, join(pluginsRoot, id, 'dist'));
  });

  return {
    fallback(request, reply) {
      const path = request.url.split('?', 1)[0];
      const isGet = request.method === 'GET' || request.method === 'HEAD';
      const isAsset = path.startsWith('/assets/') || path.startsWith('/plugins/') || extname(path) !== '';
      const accept = request.headers.accept ?? '';
      const wantsHtml = accept === '' || accept.includes('text/html') || accept.includes('*/*');
      if (!hasShell || !isGet || isAsset || !wantsHtml) return notFoundResponse(reply);
      return reply.sendFile('index.html', shellDist);
    },
  };
}
