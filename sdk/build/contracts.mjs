// The plugin contract (sdk/src/contracts/plugin.ts: `PluginDescription`, the `plugin.json`
// schema, and `PluginManifest`) with TypeBox's `Value`, for the build. The contract is
// TypeScript and the build plain Node: esbuild turns the file (which imports nothing but
// TypeBox) into CommonJS, evaluated once with the SDK's own `typebox` (one copy; Node
// ≥ 20.19, the engines' floor, `require`s ES modules).
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { buildSync } from 'esbuild';
import { Value } from 'typebox/value';
import { SDK_DIR } from './shared-modules.mjs';

/** @typedef {typeof import('../src/contracts/plugin.js') & { Value: typeof Value }} PluginContract */

/** @type {PluginContract | undefined} */
let contract;

/** @returns {PluginContract} */
export function pluginContract() {
  if (!contract) {
    const file = path.join(SDK_DIR, 'src/contracts/plugin.ts');
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
    run(module, module.exports, createRequire(file));
    contract = /** @type {PluginContract} */ (/** @type {unknown} */ ({ ...module.exports, Value }));
  }
  return contract;
}
