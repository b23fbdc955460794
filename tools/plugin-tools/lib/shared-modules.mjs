// The shared-module list and the SDK version, read from the installed SDK so that there is
// one list (`SHARED_MODULES`, sdk/src/shared-modules.ts) and one version (`SDK_VERSION`,
// sdk/src/version.ts). Inside the repository the SDK is TypeScript source (`src/`); the
// packed SDK an outside author installs has the same modules compiled (`dist/`). Both are
// read the same way: transpiled by esbuild and evaluated without their imports.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import vm from 'node:vm';
import { transformSync } from 'esbuild';

/** @typedef {{ readonly name: string, readonly perExport: boolean }} SharedModule */

/**
 * Finds `@cotton/sdk` the way Node resolves a package from these tools: the nearest
 * `node_modules/@cotton/sdk` above this file. In the repository that is the workspace link
 * to `sdk/`; in an author's plugin folder it is the SDK installed beside these tools.
 * @returns {{ dir: string, nodeModules: string }} the SDK's real folder, and the
 *   `node_modules` folder it was found in (where its peers — React, Arco — are installed too)
 */
function locateSdk() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const nodeModules = path.join(dir, 'node_modules');
    if (existsSync(path.join(nodeModules, '@cotton', 'sdk', 'package.json'))) {
      return { dir: realpathSync(path.join(nodeModules, '@cotton', 'sdk')), nodeModules };
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(
        '@cotton/plugin-tools: cannot find @cotton/sdk; install it beside the tools (npm install @cotton/sdk)',
      );
    }
    dir = parent;
  }
}

const sdk = locateSdk();
/** Absolute path of the SDK package (the folder holding its `package.json`). */
export const SDK_DIR = sdk.dir;
/** The `node_modules` folder the SDK was found in: the SDK's peers resolve from there. */
export const SDK_NODE_MODULES = sdk.nodeModules;
/** Absolute path of the SDK's TypeScript sources (inside the repository; absent in the packed SDK). */
export const SDK_SRC_DIR = path.join(SDK_DIR, 'src');
/** Absolute path of the packed SDK's compiled modules (absent inside the repository). */
export const SDK_DIST_DIR = path.join(SDK_DIR, 'dist');

/**
 * A module of the SDK: its TypeScript source when the SDK is the repository's, its compiled
 * file when it is the packed one.
 * @param {string} name path under `src/` without extension, e.g. `contracts/plugin`
 * @returns {string} absolute path
 */
export function sdkModuleFile(name) {
  const source = path.join(SDK_SRC_DIR, `${name}.ts`);
  if (existsSync(source)) return source;
  const compiled = path.join(SDK_DIST_DIR, `${name}.js`);
  if (existsSync(compiled)) return compiled;
  throw new Error(`@cotton/sdk at ${SDK_DIR} has neither src/${name}.ts nor dist/${name}.js`);
}

/**
 * Transpiles a dependency-free module (TypeScript or ES module JavaScript) and evaluates it.
 * @param {string} file absolute path of a `.ts` or `.js` file that imports nothing at runtime
 * @returns {Record<string, unknown>} its exports
 */
function evaluateModule(file) {
  const source = readFileSync(file, 'utf8');
  const { code } = transformSync(source, {
    loader: file.endsWith('.ts') ? 'ts' : 'js',
    format: 'cjs',
    sourcefile: file,
    target: 'node20',
  });
  /** @type {{ exports: Record<string, unknown> }} */
  const module = { exports: {} };
  vm.runInNewContext(code, { module, exports: module.exports }, { filename: file });
  return module.exports;
}

/** @type {readonly SharedModule[] | undefined} */
let sharedModules;

/**
 * `SHARED_MODULES` from `sdk/src/shared-modules.ts`.
 * @returns {readonly SharedModule[]}
 */
export function getSharedModules() {
  if (!sharedModules) {
    const list = evaluateModule(sdkModuleFile('shared-modules')).SHARED_MODULES;
    if (!Array.isArray(list) || list.some((m) => typeof m?.name !== 'string' || typeof m?.perExport !== 'boolean')) {
      throw new Error('sdk/src/shared-modules.ts: SHARED_MODULES must be an array of { name, perExport }');
    }
    sharedModules = Object.freeze(list.map((m) => Object.freeze({ name: m.name, perExport: m.perExport })));
  }
  return sharedModules;
}

/** @type {readonly string[] | undefined} */
let bundledEntries;

/**
 * `BUNDLED_ENTRIES` from `sdk/src/shared-modules.ts`: SDK entries a plugin bundles.
 * @returns {readonly string[]}
 */
export function getBundledEntries() {
  if (!bundledEntries) {
    const list = evaluateModule(sdkModuleFile('shared-modules')).BUNDLED_ENTRIES;
    if (!Array.isArray(list) || list.some((name) => typeof name !== 'string' || !name.startsWith('@cotton/sdk/'))) {
      throw new Error('sdk/src/shared-modules.ts: BUNDLED_ENTRIES must be an array of @cotton/sdk/… names');
    }
    bundledEntries = Object.freeze([...list]);
  }
  return bundledEntries;
}

/**
 * The files of the bundled entries (`@cotton/sdk/calls` → the SDK's `calls` module), with `/`.
 * @returns {string[]}
 */
export function bundledEntryFiles() {
  return getBundledEntries().map((name) => sdkModuleFile(name.slice('@cotton/sdk/'.length)).split(path.sep).join('/'));
}

/** @returns {string[]} the names of the per-export shared modules */
export function perExportModuleNames() {
  return getSharedModules()
    .filter((m) => m.perExport)
    .map((m) => m.name);
}

/** @returns {string[]} the names of the shared modules served whole */
export function wholeModuleNames() {
  return getSharedModules()
    .filter((m) => !m.perExport)
    .map((m) => m.name);
}

/**
 * `SDK_VERSION` from `sdk/src/version.ts`.
 * @returns {string}
 */
export function getSdkVersion() {
  const version = evaluateModule(sdkModuleFile('version')).SDK_VERSION;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error('sdk/src/version.ts: SDK_VERSION must be a semver string');
  }
  return version;
}
