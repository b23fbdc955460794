// Fails the build when a plugin bundle would contain its own copy of a module the shell
// lends (React, the router, Arco, mobx, the SDK and its validators): two Reacts break hooks,
// two SDKs lose the state the shell set at boot, and a copy of the validators is bytes every
// page already has.
import path from 'node:path';
import { SDK_SRC_DIR, bundledEntryFiles } from './shared-modules.mjs';

/** @typedef {import('rollup').Plugin} Plugin */

/** Packages whose files must never be bundled by a plugin (any file of the package). */
export const FORBIDDEN_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@arco-design/web-react',
  'mobx',
  'mobx-react-lite',
  '@cotton/sdk',
];

/**
 * The shared SDK entry a file of the SDK belongs to, named in the error.
 * @param {string} inner the file's path below the SDK's `src/` (or the packed SDK's `dist/`)
 * @returns {string}
 */
function sdkEntryOf(inner) {
  return inner.startsWith('validators/') ? '@cotton/sdk/validators' : '@cotton/sdk';
}

/**
 * The shared package a module id belongs to, if any.
 * @param {string} id a resolved rollup module id (may carry a `\0` prefix or a `?query`)
 * @returns {string | undefined}
 */
export function sharedPackageOf(id) {
  const file = id.replace(/^\0/, '').replace(/\?.*$/, '').split(path.sep).join('/');
  const sdkSrc = SDK_SRC_DIR.split(path.sep).join('/') + '/';
  // The SDK's bundled entries (`@cotton/sdk/calls`) are plain data a plugin carries.
  if (bundledEntryFiles().includes(file)) return undefined;
  if (file.startsWith(sdkSrc)) return sdkEntryOf(file.slice(sdkSrc.length));
  const at = file.lastIndexOf('/node_modules/');
  if (at === -1) return undefined;
  const rest = file.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  if (name === '@cotton/sdk') return sdkEntryOf(rest.slice(3).join('/'));
  return FORBIDDEN_PACKAGES.includes(name) ? name : undefined;
}

/**
 * @param {{ pluginId: string, root?: string }} options `root` shortens file names in messages
 * @returns {Plugin}
 */
export function forbidBundledSharedModules({ pluginId, root }) {
  return {
    name: 'cotton:forbid-bundled-shared-modules',
    buildEnd(error) {
      if (error) return;
      /** @type {string[]} */
      const problems = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info || info.isExternal) continue;
        const pkg = sharedPackageOf(id);
        if (!pkg) continue;
        const importer = info.importers[0] ?? info.dynamicImporters[0];
        const shown = (/** @type {string} */ file) => (root ? path.relative(root, file.replace(/^\0/, '')) : file);
        problems.push(
          `plugin ${pluginId} would bundle its own copy of ${pkg}; import it from the shared module instead (${shown(id)}${importer ? `, imported by ${shown(importer)}` : ''})`,
        );
      }
      if (problems.length > 0) this.error(problems.join('\n'));
    },
  };
}
