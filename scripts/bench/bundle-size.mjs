// Bundle-size benchmark. Prints:
//  1. the gzip size of the shell entry (entry chunk, its static imports, its CSS), of each
//     plugin bundle, and of each shared module built on its own;
//  2. what a cold visit transfers, measured in Debian's Chromium against the built portal:
//     all JS + CSS for /home, then the extra JS + CSS for the hop to /warehouse.
// Goals (issue 2): cold /home ≤ 400 KB gz in all; the hop to /warehouse ≤ 30 KB gz.
// Usage: npm run build && npm run bench:bundle-size
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { root } from '../lib/ensure.mjs';

/** @typedef {{ path: string, size: number, startTime: number }} Transfer one JS or CSS response: gzip size, start in ms */

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (/** @type {Uint8Array} */ buf) => gzipSync(buf).length;
/** @param {string} label @param {number} bytes */
const row = (label, bytes, extra = '') => console.log(`  ${label.padEnd(44)} ${kb(bytes).padStart(10)} gz${extra}`);

const shellDist = join(root, 'shell', 'dist');
if (!existsSync(join(shellDist, 'index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

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

const { getSharedModules } = await import(join(root, 'sdk', 'build', 'index.mjs'));
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
  row(`shared ${name}${perExport ? ' (whole; served per export)' : ''}`, gz(result.outputFiles[0].contents));
}
row(
  'shared Arco CSS (arco.min.css)',
  gz(readFileSync(join(root, 'node_modules/@arco-design/web-react/dist/css/arco.min.css'))),
);

console.log('\nCold visit in Chromium (JS + CSS, gzip of each response body)');
const port = 3190;
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
  await waitFor(`http://127.0.0.1:${port}/rest/anon/portalConfig`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  /** @type {Transfer[]} */
  const seen = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    const body = await response.body().catch(() => null);
    if (body) seen.push({ path: url.pathname, size: gz(body), startTime: response.request().timing().startTime });
  });
  await page.goto(`http://127.0.0.1:${port}/home`, { waitUntil: 'networkidle' });
  await page.locator('#logistics').waitFor();
  // The shell marks `cotton:prefetch` when, the page being idle, it starts fetching the
  // plugins the page links to. What was requested before the mark is the page's own load.
  const prefetchAt = await page
    .waitForFunction(
      () => {
        const mark = performance.getEntriesByName('cotton:prefetch')[0];
        return mark ? performance.timeOrigin + mark.startTime : false;
      },
      undefined,
      { timeout: 10_000 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const visit = seen.splice(0);
  const own = prefetchAt ? visit.filter((f) => f.startTime < prefetchAt) : visit;
  summarise('cold /home (the page itself)', own, 400);
  if (prefetchAt) {
    summarise(
      '  then, idle: prefetch of the plugins /home links to',
      visit.filter((f) => f.startTime >= prefetchAt),
    );
    summarise('  everything transferred while on /home', visit, 400);
  } else {
    console.log('  (no cotton:prefetch mark: the shell did not prefetch)');
  }

  await page
    .getByRole('link', { name: /仓库查询/ })
    .first()
    .click();
  await page.getByTestId('warehouse-table').locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  summarise('hop /home → /warehouse', seen.splice(0), 30);

  // The same page opened directly, for comparison (no prefetch can help a first visit).
  const direct = await browser.newPage();
  /** @type {Transfer[]} */
  const directSeen = [];
  direct.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    const body = await response.body().catch(() => null);
    if (body) directSeen.push({ path: url.pathname, size: gz(body), startTime: response.request().timing().startTime });
  });
  await direct.goto(`http://127.0.0.1:${port}/warehouse`, { waitUntil: 'networkidle' });
  await direct.getByTestId('warehouse-table').locator('tbody tr').first().waitFor();
  await direct.waitForTimeout(1500);
  const directPrefetchAt = await direct.evaluate(() => {
    const mark = performance.getEntriesByName('cotton:prefetch')[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  });
  summarise(
    'cold /warehouse opened directly',
    directSeen.filter((f) => !directPrefetchAt || f.startTime < directPrefetchAt),
    400,
  );
  await browser.close();
} finally {
  server.kill('SIGTERM');
}

/** @param {string} label @param {Transfer[]} files @param {number} [goalKb] */
function summarise(label, files, goalKb) {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const js = files.filter((f) => f.path.endsWith('.js'));
  const css = files.filter((f) => f.path.endsWith('.css'));
  const largest = [...files].sort((a, b) => b.size - a.size).slice(0, 6);
  const goal = goalKb ? ` — goal ≤ ${goalKb} KB: ${total <= goalKb * 1024 ? 'met' : 'NOT met'}` : '';
  console.log(
    `  ${label}: ${kb(total)} gz in ${files.length} files (JS ${kb(js.reduce((s, f) => s + f.size, 0))} in ${js.length}, CSS ${kb(css.reduce((s, f) => s + f.size, 0))} in ${css.length})${goal}`,
  );
  for (const f of largest) console.log(`      ${f.path.padEnd(60)} ${kb(f.size).padStart(10)}`);
}

/** @param {string} url */
async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
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
