// Checks that the definition a plugin bundle exports (`definePlugin({ id, routes, components })`
// in src/index.tsx) says what its `plugin.json` says. The manifest is written from
// `plugin.json` (so the shell can register routes without downloading bundles) while the
// definition is what renders: a route or component listed in one and not the other is a
// menu that opens nothing, or a page no menu can reach.
//
// The check runs the built entry itself — what ships, not the sources — in a Node `vm`
// context, with a tiny System.register loader: the plugin's own chunks are loaded from
// `dist/`, every shared module (React, Arco, the SDK…) is a stand-in whose properties and calls
// give more stand-ins, except `definePlugin`, which is the identity as in the SDK. A plugin's top
// level normally only declares components and calls factories (`observer`, `createContext`,
// `createListStore`), which stand-ins answer; browser-only work belongs in components and effects.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/** @typedef {import('../../../sdk/src/contracts/plugin.js').ManifestRoute} ManifestRoute */
/** @typedef {{ id: string, routes: ManifestRoute[], components: string[] }} PluginJson */
/**
 * @typedef {{ id?: unknown, routes?: Array<{ path?: unknown, element?: unknown, public?: unknown,
 *   title?: unknown }>, components?: Record<string, unknown> }} LoadedDefinition
 */

/**
 * A stand-in for anything a shared module exports: callable, constructible, and every
 * property is another stand-in. Not thenable (so `await` does not hang on it) and printable.
 * @param {string} name what it stands for, for messages
 * @returns {any}
 */
function standIn(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_target, key) {
      if (key === Symbol.toPrimitive) return () => `[stand-in ${name}]`;
      if (key === 'then' || typeof key === 'symbol') return undefined;
      if (key === 'prototype') return {};
      if (key === 'toString' || key === 'valueOf') return () => `[stand-in ${name}]`;
      return standIn(`${name}.${String(key)}`);
    },
    apply() {
      return standIn(`${name}()`);
    },
    construct() {
      return standIn(`new ${name}`);
    },
  });
}

/**
 * The namespace of a replaced by stand-ins shared module: `definePlugin` (alone in `@cotton/sdk/definePlugin`
 * after the per-export rewrite) is the identity it is in the SDK; anything else is a stand-in.
 * @param {string} specifier
 * @returns {Record<string, unknown>}
 */
function sharedNamespace(specifier) {
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'definePlugin' && specifier.startsWith('@cotton/sdk')) {
          return (/** @type {unknown} */ definition) => definition;
        }
        if (key === '__esModule') return true;
        // Not thenable: the loader resolves namespaces through promises.
        if (key === 'then' || typeof key === 'symbol') return undefined;
        return standIn(`${specifier}.${key}`);
      },
    },
  );
}

/**
 * Runs the System.register bundle `entryFile` (in `distDir`) and returns its exports.
 * @param {string} distDir
 * @param {string} entryFile file name in distDir
 * @returns {Promise<Record<string, unknown>>}
 */
export async function loadBundleExports(distDir, entryFile) {
  /** @type {Array<[string[], Function]>} */
  const registered = [];
  const context = vm.createContext({
    System: {
      register: (/** @type {string[]} */ deps, /** @type {Function} */ declare) => registered.push([deps, declare]),
    },
    console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
    setTimeout,
    clearTimeout,
    queueMicrotask,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    structuredClone,
  });
  /** @type {Map<string, Promise<Record<string, unknown>>>} */
  const loaded = new Map();

  /**
   * @param {string} file a file name in distDir
   * @returns {Promise<Record<string, unknown>>}
   */
  const load = (file) => {
    const known = loaded.get(file);
    if (known) return known;
    const promise = (async () => {
      const full = path.join(distDir, file);
      if (path.dirname(full) !== distDir) throw new Error(`the bundle imports ${file}, outside dist/`);
      vm.runInContext(readFileSync(full, 'utf8'), context, { filename: full, timeout: 10_000 });
      const entry = registered.pop();
      if (!entry) throw new Error(`${file} does not call System.register`);
      const [deps, declare] = entry;
      /** @type {Record<string, unknown>} */
      const exports = {};
      /** @param {string | Record<string, unknown>} name @param {unknown} [value] */
      const exportValue = (name, value) => {
        if (typeof name === 'string') exports[name] = value;
        else Object.assign(exports, name);
        return value;
      };
      const importer = {
        import: (/** @type {string} */ specifier) => resolve(specifier),
        meta: { url: `file:///${file}` },
      };
      const { setters = [], execute } = declare(exportValue, importer);
      for (const [index, dep] of deps.entries()) {
        const namespace = await resolve(dep);
        setters[index]?.(namespace);
      }
      await execute?.();
      return exports;
    })();
    loaded.set(file, promise);
    return promise;
  };

  /** @param {string} specifier */
  const resolve = (specifier) =>
    specifier.startsWith('./') ? load(specifier.slice(2)) : Promise.resolve(sharedNamespace(specifier));

  return load(entryFile);
}

/**
 * @param {LoadedDefinition['routes']} routes
 * @returns {ManifestRoute[]}
 */
function normaliseRoutes(routes) {
  return (routes ?? []).map((route) => ({
    path: String(route.path),
    public: route.public === true,
    ...(route.title !== undefined ? { title: String(route.title) } : {}),
  }));
}

/** @param {ManifestRoute} route */
function describeRoute(route) {
  return `${route.path} (${route.public ? 'public' : 'login required'}${route.title !== undefined ? `, title "${route.title}"` : ''})`;
}

/**
 * The differences between a loaded definition and `plugin.json`, as sentences; empty when
 * they agree.
 * @param {unknown} value the bundle's default export
 * @param {PluginJson} pluginJson
 * @returns {string[]}
 */
export function definitionProblems(value, pluginJson) {
  if (!value || typeof value !== 'object') {
    return ['the bundle has no default export; src/index.tsx must end with export default definePlugin({ … })'];
  }
  const definition = /** @type {LoadedDefinition} */ (value);
  /** @type {string[]} */
  const problems = [];
  if (definition.id !== pluginJson.id) {
    problems.push(`id: plugin.json says "${pluginJson.id}", definePlugin says "${String(definition.id)}"`);
  }

  const routes = normaliseRoutes(definition.routes);
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const jsonPaths = new Set(pluginJson.routes.map((route) => route.path));
  for (const route of pluginJson.routes) {
    const defined = byPath.get(route.path);
    if (!defined) problems.push(`route ${route.path}: in plugin.json, not in definePlugin's routes`);
    else if (JSON.stringify(defined) !== JSON.stringify(route)) {
      problems.push(
        `route ${route.path}: plugin.json says ${describeRoute(route)}, definePlugin says ${describeRoute(defined)}`,
      );
    }
  }
  for (const route of routes) {
    if (!jsonPaths.has(route.path)) problems.push(`route ${route.path}: in definePlugin's routes, not in plugin.json`);
  }
  if (
    problems.length === 0 &&
    routes.map((r) => r.path).join('\n') !== pluginJson.routes.map((r) => r.path).join('\n')
  ) {
    problems.push('routes: the same routes, in another order (the shell matches them in the order of plugin.json)');
  }
  for (const route of definition.routes ?? []) {
    if (typeof route.element !== 'function')
      problems.push(`route ${String(route.path)}: element is not a React component`);
  }

  const components = Object.keys(definition.components ?? {});
  for (const name of pluginJson.components) {
    if (!components.includes(name))
      problems.push(`component ${name}: in plugin.json, not in definePlugin's components`);
  }
  for (const name of components) {
    if (!pluginJson.components.includes(name)) {
      problems.push(`component ${name}: in definePlugin's components, not in plugin.json`);
    } else if (typeof definition.components?.[name] !== 'function') {
      problems.push(`component ${name}: not a React component`);
    }
  }
  return problems;
}

/**
 * Loads the built entry and fails with every difference from `plugin.json`.
 * @param {{ distDir: string, entryFile: string, pluginJson: PluginJson }} options
 * @returns {Promise<void>}
 */
export async function checkDefinition({ distDir, entryFile, pluginJson }) {
  let exports;
  try {
    exports = await loadBundleExports(distDir, entryFile);
  } catch (error) {
    throw new Error(
      `plugin ${pluginJson.id}: cannot run the built bundle to check its definition against plugin.json: ${/** @type {Error} */ (error).message}\n` +
        '  (the check runs the bundle top level in Node with the shared modules replaced by stand-ins: keep browser-only work such as window or document inside components and effects)',
      { cause: error },
    );
  }
  const problems = definitionProblems(exports.default, pluginJson);
  if (problems.length > 0) {
    throw new Error(
      `plugin ${pluginJson.id}: the definition in src/index.tsx does not match plugin.json:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        '  Make them agree: plugin.json is what the portal registers (routes, menu components), definePlugin is what renders.',
    );
  }
}
