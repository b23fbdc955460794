// The shared-module list and the SDK version, read from the SDK's TypeScript source so that
// there is one list (sdk/src/shared-modules.ts) and one version (sdk/src/version.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import vm from 'node:vm';
import { transformSync } from 'esbuild';

/** @typedef {{ readonly name: string, readonly perExport: boolean }} SharedModule */

/** Absolute path of the SDK package (the folder holding `src/` and `build/`). */
export const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Absolute path of the SDK's TypeScript sources. */
export const SDK_SRC_DIR = path.join(SDK_DIR, 'src');

/**
 * Transpiles a dependency-free TypeScript module and evaluates it.
 * @param {string} file absolute path of a `.ts` file that imports nothing at runtime
 * @returns {Record<string, unknown>} its exports
 */
function evaluateTsModule(file) {
  const source = readFileSync(file, 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'cjs', sourcefile: file, target: 'node20' });
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
    const list = evaluateTsModule(path.join(SDK_SRC_DIR, 'shared-modules.ts')).SHARED_MODULES;
    if (!Array.isArray(list) || list.some((m) => typeof m?.name !== 'string' || typeof m?.perExport !== 'boolean')) {
      throw new Error('sdk/src/shared-modules.ts: SHARED_MODULES must be an array of { name, perExport }');
    }
    sharedModules = Object.freeze(list.map((m) => Object.freeze({ name: m.name, perExport: m.perExport })));
  }
  return sharedModules;
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
  const version = evaluateTsModule(path.join(SDK_SRC_DIR, 'version.ts')).SDK_VERSION;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error('sdk/src/version.ts: SDK_VERSION must be a semver string');
  }
  return version;
}
