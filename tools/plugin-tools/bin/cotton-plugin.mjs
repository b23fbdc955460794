#!/usr/bin/env node
// `cotton-plugin`: the plugin author's command (docs/plugins.md).
//
//   cotton-plugin build [folder] [--no-archive] [--no-sourcemap]
//
// Builds the plugin folder (default: the current one) into dist/: the SystemJS bundle and
// manifest.json, `.gz`/`.br` siblings of each bundle file, and the installable archive
// dist/<id>-<version>.tgz (the bundle files with those siblings). Fails, naming the problem,
// when plugin.json is invalid, when the definition in src/index.tsx does not match
// plugin.json, or when the bundle would contain its own copy of a shared module.
import path from 'node:path';
import { buildPluginPackage } from '../lib/package-plugin.mjs';

const USAGE = `Usage: cotton-plugin build [folder] [--no-archive] [--no-sourcemap]

  build   build dist/ (bundle, manifest.json, .gz/.br) and pack dist/<id>-<version>.tgz
          --no-archive    skip the archive
          --no-sourcemap  no .js.map files`;

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @param {string[]} args */
async function build(args) {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const folders = args.filter((arg) => !arg.startsWith('--'));
  for (const flag of flags) {
    if (flag !== '--no-archive' && flag !== '--no-sourcemap') throw new Error(`unknown option ${flag}\n\n${USAGE}`);
  }
  if (folders.length > 1) throw new Error(`one folder at a time\n\n${USAGE}`);
  const dir = path.resolve(folders[0] ?? '.');
  const started = Date.now();
  const result = await buildPluginPackage(dir, {
    archive: !flags.has('--no-archive'),
    sourcemap: !flags.has('--no-sourcemap'),
  });
  for (const warning of result.warnings) console.warn(`warning: ${warning}`);
  const shown = (/** @type {string} */ file) => path.relative(process.cwd(), file) || file;
  console.log(
    `✔ ${result.manifest.id} ${result.manifest.version} built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`  ${shown(result.file)}  ${kb(result.bytes)}  gzip ${kb(result.gzipBytes)}`);
  if (result.bundleFiles.length > 1) console.log(`  + ${result.bundleFiles.length - 1} chunk(s)`);
  console.log('  ✔ definition matches plugin.json   ✔ no shared module bundled   ✔ .gz/.br written');
  if (result.archive) console.log(`  archive ${shown(result.archive)}  ${kb(result.archiveBytes ?? 0)}`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'build') await build(rest);
  else if (command === undefined || command === '--help' || command === '-h' || command === 'help') console.log(USAGE);
  else throw new Error(`unknown command ${command}\n\n${USAGE}`);
} catch (error) {
  console.error(`✖ cotton-plugin ${command}: ${/** @type {Error} */ (error).message}`);
  process.exitCode = 1;
}
