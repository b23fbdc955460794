// npm run build: the shell (Vite), every plugin with a plugin.json (one after another, with
// the function behind `cotton-plugin build` of tools/plugin-tools, which also checks the
// definition against plugin.json and writes the bundle's `.br`/`.gz`; no archive: the server
// registers these plugins from their `dist/`), precompressed `.br`/`.gz` siblings of the
// shell's static files, then the server (server/build.mjs). Prints each step with its output sizes; exits non-zero on the first
// failure.
// Flags: --only shell|plugins|server (repeatable or comma-separated).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = ['shell', 'plugins', 'server'];

/** @returns {Set<string>} */
function parseOnly() {
  /** @type {string[]} */
  const picked = [];
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--only') picked.push(...(args[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) picked.push(...arg.slice('--only='.length).split(','));
    else fail(`unknown argument ${arg} (use --only shell|plugins|server)`);
  }
  for (const step of picked) if (!STEPS.includes(step)) fail(`--only ${step}: expected one of ${STEPS.join(', ')}`);
  return new Set(picked.length > 0 ? picked : STEPS);
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`\n✖ build failed: ${message}`);
  process.exit(1);
}

/** @param {number} bytes */
function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * @param {string} dir
 * @returns {string[]} files under dir, relative
 */
function listFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full).map((f) => path.join(entry.name, f)));
    else files.push(entry.name);
  }
  return files;
}

/**
 * @param {string} dir
 * @param {string[]} files relative to dir
 */
function measure(dir, files) {
  return files
    .map((f) => {
      const bytes = readFileSync(path.join(dir, f));
      return { f, raw: bytes.length, gz: gzipSync(bytes).length };
    })
    .sort((a, b) => b.gz - a.gz);
}

/** @param {string} label @param {{ raw: number, gz: number }[]} rows */
function total(label, rows) {
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  const gz = rows.reduce((sum, r) => sum + r.gz, 0);
  console.log(`    ${label.padEnd(56)} ${kb(raw).padStart(10)}  gzip ${kb(gz).padStart(9)}`);
}

/** Prints the JS/CSS/HTML files of a dist folder with raw and gzip sizes. */
function printSizes(/** @type {string} */ dir) {
  const rows = measure(
    dir,
    listFiles(dir).filter((f) => /\.(js|css|html)$/.test(f)),
  );
  for (const { f, raw, gz } of rows.slice(0, 12)) {
    console.log(`    ${f.padEnd(56)} ${kb(raw).padStart(10)}  gzip ${kb(gz).padStart(9)}`);
  }
  if (rows.length > 12) console.log(`    … ${rows.length - 12} more files`);
  total(`${rows.length} files`, rows);
}

/**
 * The shell's first load is index.html and what it references (entry, preloaded chunks,
 * CSS); every other chunk is an export lent to plugins, fetched only when one asks.
 */
function printShellSizes(/** @type {string} */ dir) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const initial = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
  const rows = measure(dir, initial);
  console.log('    first load (index.html and what it references):');
  for (const { f, raw, gz } of rows.slice(0, 8)) {
    console.log(`    ${f.padEnd(56)} ${kb(raw).padStart(10)}  gzip ${kb(gz).padStart(9)}`);
  }
  if (rows.length > 8) total(`… ${rows.length - 8} more preloaded chunks`, rows.slice(8));
  total(`first load: ${rows.length} files (JS + CSS)`, rows);
  const lazy = measure(
    dir,
    listFiles(dir).filter((f) => /\.(js|css)$/.test(f) && !initial.includes(f.split(path.sep).join('/'))),
  );
  total(`lazy chunks (exports lent to plugins): ${lazy.length} files`, lazy);
}

/** @param {string} title */
function heading(title) {
  console.log(`\n▶ ${title}`);
}

/** @param {string} command @param {string[]} args @param {string} cwd */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.error) fail(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

async function buildShell() {
  heading('shell (vite build)');
  const started = Date.now();
  const shellDir = path.join(root, 'shell');
  // A child process keeps Vite's process-wide state (and its exit) out of this script.
  run(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    shellDir,
  );
  console.log(`  ✔ shell/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  printShellSizes(path.join(shellDir, 'dist'));
}

async function buildPlugins() {
  const { buildPluginPackage } = await import('../tools/plugin-tools/lib/package-plugin.mjs');
  const dirs = pluginDirs();
  if (dirs.length === 0) console.log('\n▶ plugins: none with a plugin.json');
  for (const dir of dirs) {
    heading(`plugin ${path.basename(dir)} (rollup)`);
    const started = Date.now();
    try {
      const result = await buildPluginPackage(dir, { archive: false });
      console.log(
        `  ✔ ${path.relative(root, result.file)}  ${kb(result.bytes)}  gzip ${kb(result.gzipBytes)}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      console.log(`    entry ${result.manifest.entry}  ${result.manifest.integrity.slice(0, 22)}…`);
    } catch (error) {
      fail(`plugin ${path.basename(dir)}: ${/** @type {Error} */ (error).message}`);
    }
  }
}

/** Static files worth a precompressed sibling: text the server sends as it is. */
const PRECOMPRESSED = /\.(js|css|svg|html)$/;
/**
 * Smaller files are sent as they are: the headers would eat the gain. The shell's chunks
 * include many small ones (an Arco icon, a hook: 0.5–1 KB, a third to a half of it saved by
 * compression, against ~45 bytes of `Content-Encoding` and `Vary`).
 */
const PRECOMPRESS_MIN_BYTES = 256;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * `.js`, `.css`, `.svg` and `.html` file over 256 bytes in `dirs` (`manifest.json` never), for
 * the server to send to clients that accept them (server/src/http/static.ts).
 * @param {string[]} dirs
 */
async function precompress(dirs) {
  heading('precompress (.br, .gz)');
  const started = Date.now();
  /** @type {string[]} */
  const files = [];
  for (const dir of dirs) {
    for (const f of listFiles(dir)) {
      const file = path.join(dir, f);
      if (!PRECOMPRESSED.test(f) || path.basename(f) === 'manifest.json') continue;
      if (statSync(file).size > PRECOMPRESS_MIN_BYTES) files.push(file);
    }
  }
  let raw = 0;
  let br = 0;
  let gz = 0;
  // zlib's async calls run on libuv's thread pool: a few files at a time.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const bytes = await readFile(file);
      const [brBytes, gzBytes] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brBytes), writeFile(`${file}.gz`, gzBytes)]);
      raw += bytes.length;
      br += brBytes.length;
      gz += gzBytes.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  for (const dir of dirs) {
    const count = files.filter((file) => file.startsWith(dir + path.sep)).length;
    console.log(`    ${path.relative(root, dir).padEnd(56)} ${String(count).padStart(4)} files`);
  }
  console.log(
    `  ✔ ${files.length} files, ${kb(raw)} → br ${kb(br)}, gz ${kb(gz)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** @returns {string[]} the plugin folders that have a plugin.json, sorted */
function pluginDirs() {
  const pluginsDir = path.join(root, 'plugins');
  return existsSync(pluginsDir)
    ? readdirSync(pluginsDir)
        .map((name) => path.join(pluginsDir, name))
        .filter((dir) => statSync(dir).isDirectory() && existsSync(path.join(dir, 'plugin.json')))
        .sort()
    : [];
}

async function buildServer() {
  const script = path.join(root, 'server', 'build.mjs');
  if (!existsSync(script)) {
    console.log('\n▶ server: server/build.mjs not found, skipped');
    return;
  }
  heading('server (node server/build.mjs)');
  run(process.execPath, [script], root);
  const dist = path.join(root, 'server', 'dist');
  if (existsSync(dist)) printSizes(dist);
}

const only = parseOnly();
const started = Date.now();
if (only.has('shell')) await buildShell();
if (only.has('plugins')) await buildPlugins();
// What this run built (each build empties its dist folder first). The plugin build writes
// its bundles' siblings itself.
const built = [...(only.has('shell') ? [path.join(root, 'shell', 'dist')] : [])].filter((dir) => existsSync(dir));
if (built.length > 0) await precompress(built);
if (only.has('server')) await buildServer();
console.log(`\n✔ build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
