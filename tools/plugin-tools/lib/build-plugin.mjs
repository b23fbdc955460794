// Builds one plugin folder into `dist/<id>.<contenthash8>.js` (System.register format) and
// `dist/manifest.json`, with everything the shell lends kept external.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import MagicString from 'magic-string';
import { pluginContract } from './contracts.mjs';
import { cssModules } from './css-modules.mjs';
import { exportTable } from './export-table.mjs';
import { forbidBundledSharedModules } from './forbid-bundled.mjs';
import { perExportImports } from './per-export-imports.mjs';
import { SDK_NODE_MODULES, getSdkVersion, getSharedModules, perExportModuleNames } from './shared-modules.mjs';

// The package has one declaration file for its CommonJS and ES builds; NodeNext reads it as
// CommonJS (the function under `.default`), while Node loads the ES build here, whose default
// export is the function itself.
/**
 * The first line of a public plugin's entry (issue 16): a public plugin is prefetched, and so
 * loaded, while the visitor is still on the page linking to it, and a visit calls most of its
 * functions at once, so compiling them all at load moves that work out of the click. Admin
 * plugins load on the click itself, where compiling what the page does not call would cost.
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts {@link EAGER_COMPILE_HINT} on the entry's first line, once the code is final (esbuild's
 * minifier would drop a banner): V8 then compiles every function of the file as it loads, on a
 * background thread (explicit compile hints, Chrome 136+), rather than each on its first call
 * on the main thread. The source map moves down the one line.
 * @returns {import('rollup').Plugin}
 */
export function eagerCompileHint() {
  return {
    name: 'cotton-eager-compile-hint',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || !item.isEntry) continue;
        item.code = `${EAGER_COMPILE_HINT}\n${item.code}`;
        // The map is written from its own asset, emitted by now.
        const mapAsset = bundle[`${item.fileName}.map`];
        if (mapAsset?.type === 'asset') {
          const map = JSON.parse(String(mapAsset.source));
          mapAsset.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
        }
      }
    },
  };
}

const commonjsPlugin = /** @type {typeof commonjs.default} */ (/** @type {unknown} */ (commonjs));

/** @typedef {import('rollup').Plugin} Plugin */
/** @typedef {import('../../../sdk/src/contracts/plugin.js').ManifestRoute} ManifestRoute */
/** @typedef {import('../../../sdk/src/contracts/plugin.js').PluginManifest} PluginManifest */
/** @typedef {import('../../../sdk/src/contracts/plugin.js').PluginPermission} PluginPermission */
/**
 * @typedef {{ id: string, routes: ManifestRoute[], components: string[], permissions?: PluginPermission[],
 *   entities?: unknown[] }} PluginJson
 */
/**
 * @typedef {{ manifest: PluginManifest, file: string, bytes: number, gzipBytes: number,
 *   warnings: string[] }} BuildResult
 */

/** Why a route path is refused: the rule of `isLocalRoutePath` (sdk/src/contracts/plugin.ts), which the portal applies too. */
const NOT_LOCAL_PATH =
  'is not a path of the portal: one leading /, no // or \\, no spaces or control characters (the portal refuses it)';

/**
 * Reads a plugin's static description and checks it against the contract's schema
 * (`PluginDescription`, sdk/src/contracts/plugin.ts), naming the first field that is wrong.
 * @param {string} pluginDir
 * @returns {Promise<PluginJson>}
 */
export async function readPluginJson(pluginDir) {
  const file = path.join(pluginDir, 'plugin.json');
  /** @type {any} */
  let json;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${/** @type {Error} */ (error).message}`, { cause: error });
  }
  /** @param {string} message */
  const fail = (message) => {
    throw new Error(`${file}: ${message}`);
  };
  const { PluginDescription, Value, isLocalRoutePath } = pluginContract();
  const { id, routes: routeList, components } = PluginDescription.properties;
  const route = routeList.items.properties;
  if (!Value.Check(id, json?.id)) fail('"id" must be a kebab-case name like "warehouse"');
  if (!Array.isArray(json.routes)) fail('"routes" must be an array (may be empty)');
  if (!Value.Check(components, json.components)) fail('"components" must be an array of component names');
  json.routes.forEach((/** @type {any} */ item, /** @type {number} */ index) => {
    if (!Value.Check(route.path, item?.path)) fail(`routes[${index}].path must start with /`);
    if (!isLocalRoutePath(item.path)) fail(`routes[${index}].path ${JSON.stringify(item.path)} ${NOT_LOCAL_PATH}`);
    if (item.public !== undefined && !Value.Check(route.public, item.public))
      fail(`routes[${index}].public must be a boolean`);
    if (item.title !== undefined && !Value.Check(route.title, item.title))
      fail(`routes[${index}].title must be a string`);
  });
  if (json.permissions !== undefined) {
    const { PluginPermission, PLUGIN_PERMISSION_LIMIT } = pluginContract();
    if (!Array.isArray(json.permissions)) fail('"permissions" must be an array');
    if (json.permissions.length > PLUGIN_PERMISSION_LIMIT) fail(`at most ${PLUGIN_PERMISSION_LIMIT} "permissions"`);
    const seen = new Set();
    json.permissions.forEach((/** @type {any} */ item, /** @type {number} */ index) => {
      const { code, label, type, component } = PluginPermission.properties;
      if (!Value.Check(code, item?.code))
        fail(
          `permissions[${index}].code must be lower-case words joined by ":" (e.g. "inspection:record:add"), at most 64 characters`,
        );
      if (seen.has(item.code)) fail(`permissions[${index}].code ${item.code} is declared twice`);
      seen.add(item.code);
      if (!Value.Check(label, item.label)) fail(`permissions[${index}].label must be 1 to 32 characters`);
      if (!Value.Check(type, item.type)) fail(`permissions[${index}].type must be "menu" or "button"`);
      if (!Value.Check(component, item.component) || !json.components.includes(item.component))
        fail(`permissions[${index}].component must be one of "components"`);
    });
  }
  if (json.entities !== undefined && !Array.isArray(json.entities)) fail('"entities" must be an array');
  if (!Value.Check(PluginDescription, json)) fail('does not match PluginDescription (sdk/src/contracts/plugin.ts)');
  /** @type {ManifestRoute[]} */
  const routes = json.routes.map((/** @type {any} */ route) => {
    return {
      path: route.path,
      public: route.public === true,
      ...(route.title !== undefined ? { title: route.title } : {}),
    };
  });
  // The entities are the portal's to check (it names the field a refusal is about): copied as they are.
  return {
    id: json.id,
    routes,
    components: [...json.components],
    ...(json.permissions?.length
      ? { permissions: json.permissions.map((/** @type {PluginPermission} */ item) => ({ ...item })) }
      : {}),
    ...(json.entities !== undefined ? { entities: json.entities } : {}),
  };
}

/**
 * `external` for plugin builds: every shared module, and every `<package>/<Export>` of a
 * per-export one.
 * @returns {(id: string) => boolean}
 */
export function sharedExternal() {
  const whole = new Set(getSharedModules().map((m) => m.name));
  const perExport = new Set();
  for (const name of perExportModuleNames()) {
    for (const exportName of exportTable(name).keys()) perExport.add(`${name}/${exportName}`);
  }
  return (id) => whole.has(id) || perExport.has(id);
}

/**
 * The shared specifiers a build imports (`react`, `@arco-design/web-react/Table`…),
 * statically or dynamically, from any of its chunks: sorted, each once. Imports between
 * the plugin's own chunks are left out.
 * @param {Array<import('rollup').OutputChunk | import('rollup').OutputAsset>} output
 * @param {(id: string) => boolean} isShared
 * @returns {string[]}
 */
export function sharedImportsOf(output, isShared) {
  const own = new Set(output.map((item) => item.fileName));
  const found = new Set();
  for (const item of output) {
    if (item.type !== 'chunk') continue;
    for (const id of [...item.imports, ...item.dynamicImports]) {
      if (!own.has(id) && isShared(id)) found.add(id);
    }
  }
  return [...found].sort();
}

/**
 * Bundled third-party code reads `process.env.NODE_ENV`; browsers have no `process`.
 * Replaces the expression (not the text: a string mentioning it stays as it is).
 * @returns {Plugin}
 */
function nodeEnvProduction() {
  /**
   * @param {any} node
   * @param {(node: any) => void} visit
   */
  const walk = (node, visit) => {
    if (!node || typeof node.type !== 'string') return;
    visit(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) walk(child, visit);
      else if (value && typeof value === 'object') walk(value, visit);
    }
  };
  /** @param {any} node @param {string} name */
  const isProperty = (node, name) =>
    !node.computed ? node.property?.name === name : node.property?.type === 'Literal' && node.property.value === name;
  return {
    name: 'cotton:node-env',
    transform(code, id) {
      if (!code.includes('NODE_ENV')) return null;
      let ast;
      try {
        ast = /** @type {any} */ (this.parse(code));
      } catch {
        return null;
      }
      const out = new MagicString(code);
      walk(ast, (node) => {
        if (
          node.type === 'MemberExpression' &&
          isProperty(node, 'NODE_ENV') &&
          node.object?.type === 'MemberExpression' &&
          isProperty(node.object, 'env') &&
          node.object.object?.type === 'Identifier' &&
          node.object.object.name === 'process'
        ) {
          out.overwrite(node.start, node.end, '"production"');
        }
      });
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
    },
  };
}

/**
 * @param {string} file
 * @returns {Promise<string>} `sha384-<base64>`
 */
export async function integrityOf(file) {
  return `sha384-${createHash('sha384')
    .update(await readFile(file))
    .digest('base64')}`;
}

/**
 * @typedef {{ minify?: boolean, sourcemap?: boolean, cache?: import('rollup').RollupCache | false,
 *   isShared?: (id: string) => boolean, warnings?: string[] }} RollupInputOptions
 */

/**
 * The rollup input options of a plugin build: `src/index.tsx`, the shared modules external,
 * CSS modules, esbuild for TypeScript and JSX, per-export imports, `process.env.NODE_ENV`,
 * node resolution and CommonJS, and the refusal of a bundled shared module. `buildPlugin`
 * (minified) and the dev server (`cotton-plugin dev`: not minified, with rollup's cache
 * kept between builds) both build with these.
 * @param {string} root the plugin folder, absolute
 * @param {PluginJson} pluginJson as {@link readPluginJson} read it
 * @param {RollupInputOptions} [options] `minify` and `sourcemap` default to true; `cache` is
 *   the previous build's `bundle.cache` (or false); `isShared` the `external` test (default:
 *   a fresh {@link sharedExternal}); rollup's warnings are pushed to `warnings` when given
 * @returns {import('rollup').InputOptions & { input: string }}
 */
export function pluginRollupInput(root, pluginJson, options = {}) {
  const { id } = pluginJson;
  const input = path.join(root, 'src', 'index.tsx');
  if (!existsSync(input)) throw new Error(`${input}: the plugin entry is missing`);
  const tsconfig = path.join(root, 'tsconfig.json');
  const warnings = options.warnings ?? [];
  return {
    input,
    external: options.isShared ?? sharedExternal(),
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    plugins: [
      cssModules(id, { root }),
      esbuild({
        jsx: 'automatic',
        target: 'es2020',
        minify: options.minify !== false,
        sourceMap: options.sourcemap !== false,
        tsconfig: existsSync(tsconfig) ? tsconfig : false,
      }),
      perExportImports({ root }),
      nodeEnvProduction(),
      nodeResolve({
        browser: true,
        extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'],
        // A plugin folder without its own copy of a shared package still finds the one beside
        // the SDK (and is then told not to bundle it).
        modulePaths: [SDK_NODE_MODULES],
      }),
      commonjsPlugin(),
      forbidBundledSharedModules({ pluginId: id, root }),
    ],
    onLog(level, log, handler) {
      // React Server Components' "use client" (Tiptap, other React libraries) means nothing in a
      // browser bundle; rollup drops it and says so on every build.
      if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
      if (log.code === 'UNRESOLVED_IMPORT') {
        handler('error', { ...log, message: `plugin ${id}: ${log.message}` });
        return;
      }
      if (level === 'warn') warnings.push(log.message);
      handler(level, log);
    },
  };
}

/**
 * The rollup output options of a plugin build: System.register files named
 * `<id>.<hash8>.js` (the entry) and `<id>.<name>.<hash8>.js` (a dynamic import's chunk).
 * @param {string} dir the folder to write to
 * @param {string} id the plugin id
 * @param {{ sourcemap?: boolean, eager?: boolean }} [options] `sourcemap` (default true) writes
 *   `.js.map` files; `eager`: the entry starts with {@link EAGER_COMPILE_HINT}
 * @returns {import('rollup').OutputOptions}
 */
export function pluginRollupOutput(dir, id, options = {}) {
  return {
    dir,
    format: 'system',
    entryFileNames: `${id}.[hash:8].js`,
    chunkFileNames: `${id}.[name].[hash:8].js`,
    hashCharacters: 'hex',
    sourcemap: options.sourcemap !== false,
    generatedCode: 'es2015',
    ...(options.eager ? { plugins: [eagerCompileHint()] } : {}),
  };
}

/**
 * What a manifest needs from rollup's output: the entry's file name, the other chunks' (the
 * entry's dynamic imports and code they share), sorted, and the shared imports.
 * @param {Array<import('rollup').OutputChunk | import('rollup').OutputAsset>} output
 * @param {(id: string) => boolean} isShared
 * @returns {{ entryFileName: string | undefined, extraChunks: string[], sharedImports: string[] }}
 */
export function bundleOutputOf(output, isShared) {
  return {
    entryFileName: output.find((item) => item.type === 'chunk' && item.isEntry)?.fileName,
    extraChunks: output
      .filter((item) => item.type === 'chunk' && !item.isEntry)
      .map((item) => item.fileName)
      .sort(),
    sharedImports: sharedImportsOf(output, isShared),
  };
}

/**
 * Fails unless `manifest` matches the contract's `PluginManifest` — what the server's
 * registry will check (the same schema): never write or serve a manifest it refuses.
 * @param {unknown} manifest
 * @param {string} id the plugin id, for the message
 */
export function checkManifest(manifest, id) {
  const { PluginManifest, Value, isLocalRoutePath } = pluginContract();
  if (!Value.Check(PluginManifest, manifest)) {
    const [first] = Value.Errors(PluginManifest, manifest);
    throw new Error(
      `plugin ${id}: the manifest does not match PluginManifest (sdk/src/contracts/plugin.ts): ${first?.instancePath || '/'} ${first?.message}`,
    );
  }
  const { routes } = /** @type {PluginManifest} */ (manifest);
  routes.forEach((route, index) => {
    if (!isLocalRoutePath(route.path))
      throw new Error(
        `plugin ${id}: the manifest's routes[${index}].path ${JSON.stringify(route.path)} ${NOT_LOCAL_PATH}`,
      );
  });
}

/**
 * The manifest of a built bundle, checked against the contract ({@link checkManifest}).
 * `entry` and each chunk's `url` are `baseUrl` + the file name; integrities are the sha384
 * of the files as written in `dir`.
 * @param {{ pluginJson: PluginJson, version: string, dir: string, entryFileName: string,
 *   extraChunks: string[], sharedImports: string[], baseUrl: string, entryBytes?: Uint8Array }} options
 *   `baseUrl` ends with `/` (`/plugins/<id>/` for the portal); `entryBytes` saves reading the
 *   entry again
 * @returns {Promise<PluginManifest>}
 */
export async function pluginManifestOf(options) {
  const { pluginJson, dir, entryFileName, extraChunks, baseUrl } = options;
  const { id } = pluginJson;
  const bytes = options.entryBytes ?? (await readFile(path.join(dir, entryFileName)));
  /** @type {PluginManifest} */
  const manifest = {
    id,
    version: options.version,
    entry: `${baseUrl}${entryFileName}`,
    integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    routes: pluginJson.routes,
    components: pluginJson.components,
    sdkVersion: getSdkVersion(),
    sharedImports: options.sharedImports,
    ...(pluginJson.entities !== undefined ? { entities: pluginJson.entities } : {}),
  };
  if (pluginJson.permissions?.length) manifest.permissions = pluginJson.permissions;
  // Each extra chunk with the sha384 of the file as written (the shell puts every one in
  // the import map's integrity before importing the entry). Absent for a one-file build.
  if (extraChunks.length > 0) {
    manifest.chunks = await Promise.all(
      extraChunks.map(async (fileName) => ({
        url: `${baseUrl}${fileName}`,
        integrity: await integrityOf(path.join(dir, fileName)),
      })),
    );
  }
  checkManifest(manifest, id);
  return manifest;
}

/**
 * `package.json`'s `version` (the plugin's).
 * @param {string} root the plugin folder
 * @returns {Promise<string>}
 */
export async function readPluginVersion(root) {
  const packageJson = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  if (typeof packageJson.version !== 'string') throw new Error(`${root}/package.json: "version" is missing`);
  return packageJson.version;
}

/**
 * Builds a plugin.
 * @param {string} pluginDir folder with `package.json`, `plugin.json` and `src/index.tsx`
 * @param {{ sourcemap?: boolean }} [options]
 * @returns {Promise<BuildResult>}
 */
export async function buildPlugin(pluginDir, options = {}) {
  const root = path.resolve(pluginDir);
  const pluginJson = await readPluginJson(root);
  const { id } = pluginJson;
  const version = await readPluginVersion(root);

  /** @type {string[]} */
  const warnings = [];
  const isShared = sharedExternal();
  const bundle = await rollup(
    pluginRollupInput(root, pluginJson, { minify: true, sourcemap: options.sourcemap, isShared, warnings }),
  );

  const dist = path.join(root, 'dist');
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  /** @type {ReturnType<typeof bundleOutputOf>} */
  let built;
  try {
    const eager = (pluginJson.routes ?? []).some((route) => route.public === true);
    const { output } = await bundle.write(pluginRollupOutput(dist, id, { sourcemap: options.sourcemap, eager }));
    built = bundleOutputOf(output, isShared);
  } finally {
    await bundle.close();
  }
  const { entryFileName } = built;
  if (!entryFileName) throw new Error(`plugin ${id}: rollup produced no entry chunk`);

  const file = path.join(dist, entryFileName);
  const bytes = await readFile(file);
  const manifest = await pluginManifestOf({
    ...built,
    entryFileName,
    pluginJson,
    version,
    dir: dist,
    baseUrl: `/plugins/${id}/`,
    entryBytes: bytes,
  });
  await writeFile(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, file, bytes: bytes.length, gzipBytes: gzipSync(bytes).length, warnings };
}
