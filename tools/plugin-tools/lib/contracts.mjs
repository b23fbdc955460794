// The plugin contract (sdk/src/contracts/plugin.ts: `PluginDescription`, the `plugin.json`
// schema, and `PluginManifest`) with TypeBox's `Value`, for the build. The contract is
// TypeScript in the repository (compiled JavaScript in the packed SDK) and the build plain
// Node: esbuild turns the file (which imports nothing but TypeBox) into CommonJS, evaluated
// once with the SDK's own `typebox`, and `Value` comes from that same copy — a schema is
// checked by the TypeBox that made it (Node ≥ 20.19, the engines' floor, `require`s ES
// modules).
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { buildSync } from 'esbuild';
import { sdkModuleFile } from './shared-modules.mjs';

/**
 * @typedef {typeof import('../../../sdk/src/contracts/plugin.js') & { Value: typeof import('typebox/value').Value }} PluginContract
 */

/** @type {PluginContract | undefined} */
let contract;

/** @returns {PluginContract} */
export function pluginContract() {
  if (!contract) {
    const file = sdkModuleFile('contracts/plugin');
    const { outputFiles } = buildSync({
      entryPoints: [file],
      bundle: true,
      external: ['typebox', 'typebox/*'],
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    /** @type {{ exports: Record<string, unknown> }} */
    const module = { exports: {} };
    const run = vm.runInThisContext(`(function (module, exports, require) {\n${outputFiles[0].text}\n})`, {
      filename: file,
    });
    const require = createRequire(file);
    run(module, module.exports, require);
    const { Value } = require('typebox/value');
    contract = /** @type {PluginContract} */ (/** @type {unknown} */ ({ ...module.exports, Value }));
  }
  return contract;
}
