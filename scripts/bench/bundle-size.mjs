// Bundle-size benchmark. Prints:
//  1. the gzip size of the shell entry (index.html's scripts and styles), of each plugin
//     bundle, and of each shared module's package built whole (for comparison: the shell
//     lends Arco and the SDK one export at a time, and of react-router-dom its browser API);
//  2. what a cold visit transfers, measured in Debian's Chromium against the built portal:
//     every response (document, JS, CSS, fonts, JSON, images), as served. /home, then the
//     extra transfer of the hop to /warehouse, then /warehouse opened directly.
// Goals (issue 30; issue 16 had 230 / 300 / 30): the code (JS + CSS + fonts) of cold /home
// ≤ 200 KB gz, of cold /warehouse ≤ 280 KB gz, the hop /home → /warehouse ≤ 30 KB gz.
// Usage: npm run build && npm run bench:bundle-size [-- --list] [-- --cold]
//   --list: every response of each visit; --cold: the visits only
// BENCH_PORT (default 3190): the port of the portal the benchmark starts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { root } from '../lib/ensure.mjs';

/** @typedef {'js' | 'css' | 'font' | 'html' | 'json' | 'image' | 'other'} Kind */
/**
 * @typedef {{ path: string, kind: Kind, encoding: string, served: number, gz: number, startTime: number }} Transfer
 *   one response: its body as served to Chromium (`served`, in its `encoding`) and to a
 *   gzip-only client (`gz`), its start in ms since the epoch
 */

/** KB gz of code (JS + CSS + fonts). */
const GOALS = { home: 200, warehouse: 280, hop: 30 };
/** What the goals count: the code a page needs, whatever the page's data and pictures. */
const CODE_KINDS = new Set(['js', 'css', 'font']);
const LIST = process.argv.includes('--list');

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (/** @type {Uint8Array} */ buf) => gzipSync(buf).length;
/** @param {string} label @param {number} bytes */
const row = (label, bytes, extra = '') => console.log(`  ${label.padEnd(44)} ${kb(bytes).padStart(10)} gz${extra}`);

const shellDist = join(root, 'shell', 'dist');
if (!existsSync(join(shellDist, 'index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

if (!process.argv.includes('--cold')) await staticSizes();

console.log('\nCold visits in Chromium: every response counted (document, JS, CSS, fonts, JSON, images),');
console.log('as served: "served" = the bytes on the wire to Chromium (its encoding), "gz" = the same');
console.log('response fetched again by a client that accepts only gzip (the unit of the goals).');
const port = Number(process.env.BENCH_PORT ?? 3190);
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'cotton-bench-')),
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
try {
  await waitFor(`${origin}/rest/anon/portalConfig`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  // A fresh context per cold visit: an empty HTTP cache.
  const home = await browser.newContext();
  const page = await home.newPage();
  const seen = record(page);
  await page.goto(`${origin}/home`, { waitUntil: 'networkidle' });
  await page.locator('#logistics').waitFor();
  // The shell marks `cotton:prefetch` when, the page being idle, it starts fetching the
  // plugins the page links to. What was requested before the mark is the page's own load.
  const prefetchAt = await prefetchMark(page, 10_000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const visit = await seen.take();
  const own = prefetchAt ? visit.filter((f) => f.startTime < prefetchAt) : visit;
  summarise('cold /home (the page itself)', own, GOALS.home);
  if (prefetchAt) {
    summarise(
      '  then, idle: prefetch of the plugins /home links to',
      visit.filter((f) => f.startTime >= prefetchAt),
    );
    summarise('  everything transferred while on /home', visit);
  } else {
    console.log('  (no cotton:prefetch mark: the shell did not prefetch)');
  }

  await page
    .getByRole('link', { name: /仓库查询/ })
    .first()
    .click();
  await page.getByTestId('warehouse-table').locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  summarise('hop /home → /warehouse', await seen.take(), GOALS.hop);

  // The same page opened directly (no prefetch can help a first visit).
  const warehouse = await browser.newContext();
  const direct = await warehouse.newPage();
  const directSeen = record(direct);
  await direct.goto(`${origin}/warehouse`, { waitUntil: 'networkidle' });
  await direct.getByTestId('warehouse-table').locator('tbody tr').first().waitFor();
  const directPrefetchAt = await prefetchMark(direct, 3_000);
  await direct.waitForLoadState('networkidle');
  await direct.waitForTimeout(1000);
  const directVisit = await directSeen.take();
  summarise(
    'cold /warehouse opened directly',
    directVisit.filter((f) => !directPrefetchAt || f.startTime < directPrefetchAt),
    GOALS.warehouse,
  );
  await browser.close();
} finally {
  server.kill('SIGTERM');
}

/**
 * Records every response a page receives, with its size as served to Chromium
 * (`responseBodySize`: the encoded body) and as served to a gzip-only client (the same URL
 * fetched again with `Accept-Encoding: gzip`). `blob:` and `data:` URLs transfer nothing.
 * @param {import('@playwright/test').Page} page
 */
function record(page) {
  /** @type {Promise<Transfer | null>[]} */
  let pending = [];
  page.on('requestfinished', (request) => {
    pending.push(measure(request));
  });
  return {
    /** The responses finished since the last call, in request order. */
    async take() {
      const done = await Promise.all(pending.splice(0));
      return /** @type {Transfer[]} */ (done.filter(Boolean)).sort((a, b) => a.startTime - b.startTime);
    },
  };
}

/**
 * @param {import('@playwright/test').Request} request
 * @returns {Promise<Transfer | null>}
 */
async function measure(request) {
  const url = new URL(request.url());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const response = await request.response();
  if (!response) return null;
  const headers = await response.allHeaders();
  const sizes = await request.sizes();
  const kind = kindOf(headers['content-type'] ?? '', url.pathname);
  // Playwright reports the body as the bytes received less the headers: negative when
  // Chromium answered from its cache and nothing came over the wire.
  const fromCache = sizes.responseBodySize < 0;
  const served = fromCache ? 0 : sizes.responseBodySize;
  const gz = fromCache ? 0 : request.method() === 'GET' ? await gzipTransfer(url.href) : served;
  return {
    path: url.pathname + url.search,
    kind,
    encoding: fromCache ? 'cache' : (headers['content-encoding'] ?? 'none'),
    served,
    gz,
    startTime: request.timing().startTime,
  };
}

/**
 * @param {string} contentType
 * @param {string} pathname
 * @returns {Kind}
 */
function kindOf(contentType, pathname) {
  const type = contentType.toLowerCase();
  if (type.includes('javascript') || /\.m?js$/.test(pathname)) return 'js';
  if (type.includes('text/css') || pathname.endsWith('.css')) return 'css';
  if (type.startsWith('font/') || /\.(woff2?|ttf|otf|eot)$/.test(pathname)) return 'font';
  if (type.includes('json')) return 'json';
  if (type.startsWith('image/')) return 'image';
  if (type.includes('text/html')) return 'html';
  return 'other';
}

/**
 * The body bytes a client that accepts only gzip receives for a URL (the server's
 * precompressed `.gz` sibling, its on-the-fly gzip of an API answer, or the file as it is).
 * @param {string} url
 * @returns {Promise<number>}
 */
function gzipTransfer(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let size = 0;
      response.on('data', (chunk) => (size += chunk.length));
      response.on('end', () => resolve(size));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * @param {import('@playwright/test').Page} page
 * @param {number} timeout
 * @returns {Promise<number | null>} the mark's time since the epoch, null if none
 */
async function prefetchMark(page, timeout) {
  return page
    .waitForFunction(
      () => {
        const mark = performance.getEntriesByName('cotton:prefetch')[0];
        return mark ? performance.timeOrigin + mark.startTime : false;
      },
      undefined,
      { timeout },
    )
    .then((handle) => /** @type {Promise<number>} */ (handle.jsonValue()))
    .catch(() => null);
}

/**
 * Prints a visit: the code (JS + CSS + fonts, the goals' figure) and everything else by
 * kind, gzip and as served, and the largest files (every file with --list).
 * @param {string} label @param {Transfer[]} files @param {number} [goalKb]
 */
function summarise(label, files, goalKb) {
  /** @param {Transfer[]} list @param {'gz' | 'served'} key */
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
  const code = files.filter((f) => CODE_KINDS.has(f.kind));
  const goal = goalKb ? ` — goal ≤ ${goalKb} KB gz: ${sum(code, 'gz') <= goalKb * 1024 ? 'met' : 'NOT met'}` : '';
  console.log(
    `  ${label}: code (JS + CSS + fonts) ${kb(sum(code, 'gz'))} gz, ${kb(sum(code, 'served'))} served, in ${code.length} files${goal}`,
  );
  /** @type {Kind[]} */
  const kinds = ['js', 'css', 'font', 'html', 'json', 'image', 'other'];
  const parts = kinds
    .map((kind) => {
      const of = files.filter((f) => f.kind === kind);
      return of.length ? `${kind} ${kb(sum(of, 'gz'))} (${of.length})` : null;
    })
    .filter(Boolean);
  console.log(
    `      all ${files.length} responses: ${kb(sum(files, 'gz'))} gz, ${kb(sum(files, 'served'))} served — ${parts.join(', ')}`,
  );
  const shown = LIST ? files : [...files].sort((a, b) => b.gz - a.gz).slice(0, 6);
  for (const f of shown) {
    console.log(
      `      ${f.kind.padEnd(5)} ${f.path.slice(0, 64).padEnd(64)} ${kb(f.gz).padStart(9)} gz ${kb(f.served).padStart(9)} ${f.encoding}`,
    );
  }
}

/** Part 1: the built files' gzip sizes, without a browser. */
async function staticSizes() {
  console.log('\nStatic sizes (gzip)');
  const html = readFileSync(join(shellDist, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let shellTotal = 0;
  for (const url of urls) {
    const size = gz(readFileSync(join(shellDist, url)));
    shellTotal += size;
    row(`shell ${url}`, size);
  }
  row('shell entry in all (index.html references)', shellTotal);

  for (const id of readdirSync(join(root, 'plugins'))) {
    const manifestFile = join(root, 'plugins', id, 'dist', 'manifest.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const file = join(root, 'plugins', id, 'dist', manifest.entry.split('/').pop());
    row(`plugin ${id}`, gz(readFileSync(file)));
  }

  const { getSharedModules } = await import(join(root, 'tools', 'plugin-tools', 'lib', 'shared-modules.mjs'));
  for (const { name, perExport } of getSharedModules()) {
    if (name === '@cotton/sdk') continue;
    const result = await build({
      stdin: { contents: `export * from '${name}';`, resolveDir: root },
      bundle: true,
      minify: true,
      write: false,
      format: 'esm',
      logLevel: 'silent',
      plugins: [exactExternals(['react', 'react-dom', 'react/jsx-runtime', 'mobx'].filter((x) => x !== name))],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const note = perExport
      ? ' (whole; served per export)'
      : name === 'react-router-dom'
        ? ' (whole; the shell lends its browser API)'
        : '';
    row(`shared ${name}${note}`, gz(result.outputFiles[0].contents));
  }
  row(
    'Arco CSS whole (arco.min.css; served per component)',
    gz(readFileSync(join(root, 'node_modules/@arco-design/web-react/dist/css/arco.min.css'))),
  );
}

/** @param {string} url */
async function waitFor(url) {
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * esbuild's `external` also matches subpaths (`react-dom` would swallow `react-dom/client`).
 * @param {string[]} names
 * @returns {import('esbuild').Plugin}
 */
function exactExternals(names) {
  const filter = new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`);
  return { name: 'exact-externals', setup: (b) => b.onResolve({ filter }, (a) => ({ path: a.path, external: true })) };
}
