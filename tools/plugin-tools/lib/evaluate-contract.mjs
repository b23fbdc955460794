// A wire contract module evaluated in plain Node: sdk/src/contracts/*.ts inside the repository,
// dist/contracts/*.js in the packed SDK. esbuild bundles the file (its siblings included; it
// imports nothing else but TypeBox) into CommonJS, run with a `require` of the file's own folder,
// so its schemas are made by the SDK's own `typebox` (Node ≥ 20.19, the engines' floor,
// `require`s ES modules).
//
// One home for the plugin build (contracts.mjs) and the repository's sdk/calls.mjs, which
// imports it from here: these tools are packed for outside authors and cannot reach into the
// repository's sdk/ folder, while the repository's scripts can reach the tools.
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { buildSync } from 'esbuild';

/**
 * @param {string} file absolute path of a contract module
 * @returns {Record<string, unknown>} its exports
 */
export function evaluateContract(file) {
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
  return module.exports;
}
