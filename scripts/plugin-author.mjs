// What an outside plugin author does, in a temporary folder outside the repository:
// pack @cotton/sdk, @cotton/plugin-tools and create-cotton-plugin; scaffold a plugin with
// create-cotton-plugin; `npm install` the two packed packages (and the template's other
// dev dependencies, from npm's cache when it has them); type-check; `cotton-plugin build`;
// then check the archive: manifest.json, the bundle files and their `.br`/`.gz` siblings at
// its root, every file's integrity and size as the manifest says, each sibling decompressing
// to its file, no source map.
//
//   node scripts/plugin-author.mjs [--keep] [--test]
//     --keep  leave the temporary folder (its path is printed)
//     --test  also run the scaffold's own test (vitest, jsdom)
//
// scripts/plugin-author.test.mjs runs it in the tooling suite; tests/e2e/plugin-author.spec.ts
// runs the same steps (packAuthorPackages, scaffoldPlugin, installAuthorPackages,
// buildPluginArchive) and installs the archives into the running portal.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { list as listTar } from 'tar';

/** The scaffolded plugin's id (and so its folder and archive name). */
export const AUTHOR_PLUGIN_ID = 'acme-report';

/**
 * Runs a command (without blocking the event loop: a Playwright worker keeps talking to its
 * browser meanwhile), failing with its output.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {(line: string) => void} log
 * @returns {Promise<string>} stdout
 */
export function run(command, args, cwd, log) {
  const started = Date.now();
  // No npm_* variables of an enclosing `npm run`/`npx`: the author's npm reads its own folder.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const stdout = [];
    /** @type {Buffer[]} */
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      log(`  $ ${command} ${args.join(' ')}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      const out = Buffer.concat(stdout).toString('utf8');
      if (code === 0) resolve(out);
      else {
        const err = Buffer.concat(stderr).toString('utf8');
        reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (${code ?? signal}):\n${out}\n${err}`));
      }
    });
  });
}

/**
 * Every entry of a .tgz, name → bytes.
 * @param {string} file
 * @returns {Promise<Map<string, Buffer>>}
 */
export async function readArchive(file) {
  /** @type {Map<string, Buffer>} */
  const entries = new Map();
  await listTar({
    file,
    onReadEntry: (entry) => {
      /** @type {Buffer[]} */
      const parts = [];
      entry.on('data', (part) => parts.push(part));
      entry.on('end', () => entries.set(entry.path, Buffer.concat(parts)));
    },
  });
  return entries;
}

/**
 * The archive's problems (empty when it is as the server expects).
 * @param {Map<string, Buffer>} entries
 * @param {string} id
 * @param {string} [version] the version the manifest must have
 * @returns {string[]}
 */
export function archiveProblems(entries, id, version = '0.1.0') {
  /** @type {string[]} */
  const problems = [];
  const manifestBytes = entries.get('manifest.json');
  if (!manifestBytes) return ['no manifest.json at the archive root'];
  const manifest = JSON.parse(manifestBytes.toString('utf8'));
  if (manifest.id !== id) problems.push(`manifest id ${manifest.id}, expected ${id}`);
  if (manifest.version !== version) problems.push(`manifest version ${manifest.version}, expected ${version}`);
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) return [...problems, 'manifest.json has no files'];
  /** @type {Array<{ name: string, integrity: string, size: number }>} */
  const files = manifest.files;
  const names = files.map((file) => file.name);
  const others = [...entries.keys()].filter((name) => name !== 'manifest.json');
  if ([...others].sort().join() !== [...names].sort().join()) {
    problems.push(`archive holds ${others.join(', ')}; manifest lists ${names.join(', ')}`);
  }
  for (const name of others) {
    if (name.includes('/')) problems.push(`${name} is not at the archive root`);
    if (name.endsWith('.map')) problems.push(`${name} should not be in the archive`);
  }
  // Every JS file with its `.br` and `.gz`, which the server sends (as they are) to clients
  // that accept them: each must decompress to its file.
  for (const name of names.filter((file) => file.endsWith('.js'))) {
    const bytes = entries.get(name);
    for (const [sibling, decompress] of /** @type {const} */ ([
      [`${name}.br`, brotliDecompressSync],
      [`${name}.gz`, gunzipSync],
    ])) {
      const packed = entries.get(sibling);
      if (!packed || !names.includes(sibling)) {
        problems.push(`${sibling} is not in the archive or not listed in the manifest's files`);
        continue;
      }
      if (!bytes) continue;
      /** @type {Buffer | null} */
      let decoded;
      try {
        decoded = decompress(packed);
      } catch {
        decoded = null;
      }
      if (!decoded || !decoded.equals(bytes)) problems.push(`${sibling} does not decompress to ${name}`);
    }
  }
  for (const name of names.filter((file) => /\.(br|gz)$/.test(file))) {
    if (!names.includes(name.slice(0, -3))) problems.push(`${name} is not beside a file of the archive`);
  }
  for (const file of files) {
    const bytes = entries.get(file.name);
    if (!bytes) continue;
    const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
    if (file.integrity !== integrity)
      problems.push(`${file.name}: integrity ${file.integrity}, the file's is ${integrity}`);
    if (file.size !== bytes.length)
      problems.push(`${file.name}: size ${file.size}, the file has ${bytes.length} bytes`);
  }
  const entryName = path.posix.basename(manifest.entry ?? '');
  if (manifest.entry !== `/plugins/${id}/${entryName}`)
    problems.push(`entry ${manifest.entry} is not under /plugins/${id}/`);
  if (!names.includes(entryName)) problems.push(`the entry ${entryName} is not among the files`);
  const entryFile = files.find((file) => file.name === entryName);
  if (entryFile && entryFile.integrity !== manifest.integrity)
    problems.push("the entry's integrity differs from manifest.integrity");
  return problems;
}

const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/**
 * Packs the three packages an author gets into `<folder>/packages` (in a process of its own:
 * the packing compiles the SDK, and a caller's event loop keeps running meanwhile).
 * @param {string} folder
 * @param {(line: string) => void} log
 * @returns {Promise<{ sdk: string, pluginTools: string, createPlugin: string }>} tarball paths
 */
export async function packAuthorPackages(folder, log) {
  const script = fileURLToPath(new URL('./pack-authors.mjs', import.meta.url));
  const out = await run(process.execPath, [script, '--out', path.join(folder, 'packages'), '--json'], folder, log);
  /** @type {{ sdk: string, pluginTools: string, createPlugin: string }} */
  const tarballs = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
  log(
    `  packed ${Object.values(tarballs)
      .map((file) => path.basename(file))
      .join(', ')}`,
  );
  return tarballs;
}

/**
 * `npx --package <create-cotton-plugin tarball> create-cotton-plugin <id>` in `folder`, and a
 * check of the files it writes.
 * @param {string} folder
 * @param {{ createPlugin: string }} tarballs
 * @param {(line: string) => void} log
 * @param {string} [id]
 * @returns {Promise<string>} the plugin's folder
 */
export async function scaffoldPlugin(folder, tarballs, log, id = AUTHOR_PLUGIN_ID) {
  await run(
    'npx',
    ['--yes', ...NPM_FLAGS, '--package', tarballs.createPlugin, 'create-cotton-plugin', id],
    folder,
    log,
  );
  const dir = path.join(folder, id);
  for (const file of [
    'package.json',
    'plugin.json',
    'tsconfig.json',
    'README.md',
    'src/index.tsx',
    'src/list-page.tsx',
    'src/index.test.tsx',
  ]) {
    if (!existsSync(path.join(dir, file))) throw new Error(`create-cotton-plugin wrote no ${file}`);
  }
  if (readFileSync(path.join(dir, 'tsconfig.json'), 'utf8').includes('extends')) {
    throw new Error('the scaffold tsconfig.json extends another file');
  }
  return dir;
}

/**
 * `npm install --save-dev` of the packed SDK and tools (and the template's other dev
 * dependencies, from npm's cache when it has them).
 * @param {string} dir the plugin's folder
 * @param {{ sdk: string, pluginTools: string }} tarballs
 * @param {(line: string) => void} log
 */
export async function installAuthorPackages(dir, tarballs, log) {
  await run('npm', ['install', ...NPM_FLAGS, '--save-dev', tarballs.sdk, tarballs.pluginTools], dir, log);
}

/**
 * The author's own checks of the scaffold: `npm run typecheck`, and `npm test` unless
 * `test` is false (its component test, in the scaffold's Vitest).
 * @param {string} dir
 * @param {(line: string) => void} log
 * @param {{ test?: boolean }} [options]
 */
export async function checkAuthorPlugin(dir, log, options = {}) {
  await run('npm', ['run', 'typecheck', '--silent'], dir, log);
  if (options.test !== false) await run('npm', ['test', '--silent'], dir, log);
}

/**
 * `npm run build` (`cotton-plugin build`), then checks what it wrote: the archive
 * `dist/<id>-<version>.tgz` (the version of package.json), its files (with the `.br`/`.gz`
 * of each JS file) against its manifest, and the `.gz`/`.br` siblings of the JS files in
 * `dist/`.
 * @param {string} dir the plugin's folder
 * @param {(line: string) => void} log
 * @param {string[]} [options] more options of `cotton-plugin build` (`--sign <key file>`)
 * @returns {Promise<{ archive: string, manifest: Record<string, any> }>}
 */
export async function buildPluginArchive(dir, log, options = []) {
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const { id } = JSON.parse(readFileSync(path.join(dir, 'plugin.json'), 'utf8'));
  const args = ['run', 'build', '--silent', ...(options.length > 0 ? ['--', ...options] : [])];
  log((await run('npm', args, dir, log)).trim().replace(/^/gm, '    '));
  const dist = path.join(dir, 'dist');
  const archive = path.join(dist, `${id}-${version}.tgz`);
  if (!existsSync(archive)) throw new Error(`cotton-plugin build wrote no ${archive}`);
  const entries = await readArchive(archive);
  const problems = archiveProblems(entries, id, version);
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
    for (const sibling of [`${file}.gz`, `${file}.br`]) {
      if (!existsSync(path.join(dist, sibling))) problems.push(`dist/${sibling} is missing`);
    }
  }
  if (problems.length > 0) throw new Error(`the archive is not as expected:\n  - ${problems.join('\n  - ')}`);
  const manifest = JSON.parse(/** @type {Buffer} */ (entries.get('manifest.json')).toString('utf8'));
  return { archive, manifest };
}

/**
 * The whole walk. Returns the archive's manifest.
 * @param {{ keep?: boolean, test?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ manifest: Record<string, unknown>, dir: string, seconds: number }>}
 */
export async function runAuthorFlow(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const started = Date.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cotton-author-'));
  try {
    log(`author folder ${tmp}`);
    const tarballs = await packAuthorPackages(tmp, log);
    const dir = await scaffoldPlugin(tmp, tarballs, log);
    await installAuthorPackages(dir, tarballs, log);
    await checkAuthorPlugin(dir, log, { test: options.test === true });
    const { archive, manifest } = await buildPluginArchive(dir, log);
    const seconds = (Date.now() - started) / 1000;
    log(
      `✔ ${path.basename(archive)}: manifest.json + ${manifest.files.length} file(s), integrity checked (${seconds.toFixed(1)} s)`,
    );
    return { manifest, dir, seconds };
  } finally {
    if (options.keep) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  try {
    await runAuthorFlow({ keep: args.has('--keep'), test: args.has('--test') });
  } catch (error) {
    console.error(`✖ ${/** @type {Error} */ (error).message}`);
    process.exitCode = 1;
  }
}
