// Export tables of the per-export shared modules: export name → the file that defines it and
// the name it has there. Read from the package's own entry, which must consist of
// `export { a, default as B } from './x'` lines (`export type` lines are skipped).
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { SDK_DIR, perExportModuleNames } from './shared-modules.mjs';

/** @typedef {{ file: string, imported: string }} ExportEntry */
/** @typedef {Map<string, ExportEntry>} ExportTable */

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.jsx'];

/**
 * @param {string} file
 * @returns {boolean}
 */
function isFile(file) {
  return existsSync(file) && statSync(file).isFile();
}

/**
 * Resolves a relative import the way a bundler would: the file itself, the file with a
 * source extension (also `./x.js` written for `./x.ts`), or the folder's index file.
 * @param {string} fromDir
 * @param {string} specifier
 * @returns {string | undefined} absolute real path
 */
export function resolveSourceFile(fromDir, specifier) {
  const base = path.resolve(fromDir, specifier);
  const withoutJsExt = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...(withoutJsExt !== base ? SOURCE_EXTENSIONS.map((ext) => withoutJsExt + ext) : []),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const found = candidates.find(isFile);
  return found && realpathSync(found);
}

/**
 * Splits `@scope/pkg/sub/path` into the package name and the subpath.
 * @param {string} specifier
 * @returns {{ packageName: string, subpath: string }}
 */
function splitSpecifier(specifier) {
  const parts = specifier.split('/');
  const size = specifier.startsWith('@') ? 2 : 1;
  return { packageName: parts.slice(0, size).join('/'), subpath: parts.slice(size).join('/') };
}

/**
 * The folder of an installed package, looked up from the SDK upwards (the SDK itself for
 * `@cotton/sdk`).
 * @param {string} packageName
 * @returns {string}
 */
function packageDir(packageName) {
  const own = JSON.parse(readFileSync(path.join(SDK_DIR, 'package.json'), 'utf8'));
  if (own.name === packageName) return SDK_DIR;
  for (let dir = SDK_DIR; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', packageName);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Cannot find package ${packageName} (looked in node_modules above ${SDK_DIR})`);
}

/**
 * @param {unknown} target an `exports` entry
 * @returns {string | undefined}
 */
function exportsTarget(target) {
  if (typeof target === 'string') return target;
  if (target && typeof target === 'object') {
    const conditions = /** @type {Record<string, unknown>} */ (target);
    for (const condition of ['import', 'module', 'browser', 'default']) {
      const found = exportsTarget(conditions[condition]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The ES entry file of a package or package subpath, e.g. `@arco-design/web-react` →
 * `…/@arco-design/web-react/es/index.js`, `@arco-design/web-react/icon` → `…/icon/index.es.js`,
 * `@cotton/sdk` → `sdk/src/index.ts`.
 * @param {string} specifier
 * @returns {string} absolute path
 */
export function packageEntry(specifier) {
  const { packageName, subpath } = splitSpecifier(specifier);
  const root = packageDir(packageName);
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (rootManifest.exports && typeof rootManifest.exports === 'object') {
    const key = subpath ? `./${subpath}` : '.';
    const target = exportsTarget(rootManifest.exports[key]);
    if (target) {
      const file = resolveSourceFile(root, target);
      if (file) return file;
    }
  }
  const dir = path.join(root, subpath);
  const manifestFile = path.join(dir, 'package.json');
  const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  for (const field of [manifest.module, manifest.main, 'index']) {
    if (typeof field !== 'string') continue;
    const file = resolveSourceFile(dir, field);
    if (file) return file;
  }
  throw new Error(`Cannot find the ES entry of ${specifier} (in ${dir})`);
}

/**
 * Parses a per-export entry's source into its table. Only `export { … } from '…'` lines
 * count (also over several lines); `export type { … }` lines and `type` specifiers are
 * skipped; anything else (Arco's `export var version`) is ignored; `export * from` is an
 * error, since the names it would export cannot be listed without reading further.
 * @param {string} entryFile absolute path
 * @param {string} packageName for messages
 * @returns {ExportTable}
 */
export function parseExportTable(entryFile, packageName) {
  const source = readFileSync(entryFile, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
  const star = /\bexport\s*\*\s*(?:as\s+[\w$]+\s+)?from\s*(['"])([^'"]+)\1/.exec(source);
  if (star) {
    throw new Error(
      `${entryFile}: "export * from '${star[2]}'" is not allowed in the entry of the per-export package ${packageName}; list the names: export { a, b } from '…'`,
    );
  }
  const dir = path.dirname(entryFile);
  /** @type {ExportTable} */
  const table = new Map();
  const reExport = /\bexport\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3/g;
  for (const [, typeOnly, list, , from] of source.matchAll(reExport)) {
    if (typeOnly) continue;
    const file = resolveSourceFile(dir, from);
    if (!file) throw new Error(`${entryFile}: cannot resolve '${from}'`);
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (!specifier || /^type\s/.test(specifier)) continue;
      const match = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(specifier);
      if (!match) throw new Error(`${entryFile}: cannot read the export "${specifier}"`);
      const imported = match[1];
      const exported = match[2] ?? imported;
      if (exported === 'default') continue;
      if (table.has(exported)) throw new Error(`${entryFile}: "${exported}" is exported twice`);
      table.set(exported, { file, imported });
    }
  }
  if (table.size === 0) throw new Error(`${entryFile}: no "export { … } from '…'" lines found for ${packageName}`);
  return table;
}

/** @type {Map<string, ExportTable>} */
const cache = new Map();

/**
 * The export table of a per-export shared module.
 * @param {string} packageName one of the `perExport: true` names in SHARED_MODULES
 * @param {{ fresh?: boolean }} [options] `fresh` re-reads the entry (dev server, tests)
 * @returns {ExportTable}
 */
export function exportTable(packageName, options = {}) {
  if (!perExportModuleNames().includes(packageName)) {
    throw new Error(`${packageName} is not a per-export shared module (see sdk/src/shared-modules.ts)`);
  }
  let table = options.fresh ? undefined : cache.get(packageName);
  if (!table) {
    table = parseExportTable(packageEntry(packageName), packageName);
    cache.set(packageName, table);
  }
  return table;
}
