// The plugin contract (sdk/src/contracts/plugin.ts: `PluginDescription`, the `plugin.json`
// schema, and `PluginManifest`) with TypeBox's `Value`, for the build. The contract is
// TypeScript in the repository (compiled JavaScript in the packed SDK) and the build plain
// Node: the file is evaluated once (evaluate-contract.mjs) with the SDK's own `typebox`, and
// `Value` comes from that same copy — a schema is checked by the TypeBox that made it.
import { createRequire } from 'node:module';
import { evaluateContract } from './evaluate-contract.mjs';
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
    const exports = evaluateContract(file);
    // The contract's folder resolves `typebox` as the evaluated file did: the same copy.
    const { Value } = createRequire(file)('typebox/value');
    contract = /** @type {PluginContract} */ (/** @type {unknown} */ ({ ...exports, Value }));
  }
  return contract;
}
