// `cotton-plugin build` as a function: the rollup build (which refuses bundled shared
// modules), the definition check against plugin.json, precompressed siblings of the bundle,
// and the installable archive `dist/<id>-<version>.tgz` (the bundle and those siblings). The
// repository's `npm run build` calls the same function (without the archive: its plugins are
// registered from `dist/`).
import { createHash } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { create as createTar } from 'tar';
import { buildPlugin, readPluginJson } from './build-plugin.mjs';
import { checkDefinition } from './check-definition.mjs';
import { pluginContract } from './contracts.mjs';

/** @typedef {import('../../../sdk/src/contracts/plugin.js').PluginManifest} PluginManifest */
/** @typedef {import('../../../sdk/src/contracts/plugin.js').PluginArchiveFile} PluginArchiveFile */
/**
 * @typedef {{ manifest: PluginManifest, file: string, bytes: number, gzipBytes: number,
 *   warnings: string[], bundleFiles: string[], archive?: string, archiveBytes?: number }} PackageResult
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The bundle's files as the manifest names them: the entry, then its chunks, as file names
 * in `dist/` (the manifest's URLs are `/plugins/<id>/<file>`).
 * @param {PluginManifest} manifest
 * @returns {string[]}
 */
export function bundleFilesOf(manifest) {
  return [manifest.entry, ...(manifest.chunks ?? []).map((chunk) => chunk.url)].map((url) => path.posix.basename(url));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each file,
 * for a static server that sends precompressed files to clients that accept them (the
 * portal's, from `dist/` for its own plugins, from the archive for an uploaded one).
 * @param {string} distDir
 * @param {string[]} files file names in distDir
 */
export async function precompressFiles(distDir, files) {
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(distDir, name);
      const bytes = await readFile(file);
      const [brBytes, gzBytes] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brBytes), writeFile(`${file}.gz`, gzBytes)]);
    }),
  );
}

/**
 * `files` of the archive's manifest: each bundle file with its `sha384-…` and size.
 * @param {string} distDir
 * @param {string[]} files file names in distDir
 * @returns {Promise<PluginArchiveFile[]>}
 */
export async function archiveFilesOf(distDir, files) {
  return Promise.all(
    files.map(async (name) => {
      const bytes = await readFile(path.join(distDir, name));
      return { name, integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`, size: bytes.length };
    }),
  );
}

/**
 * The files of the archive besides manifest.json: each bundle file followed by its `.br`
 * and `.gz` siblings (the server sends those, as they are, to clients that accept them).
 * @param {string[]} bundleFiles
 * @returns {string[]}
 */
export function archiveFileNamesOf(bundleFiles) {
  return bundleFiles.flatMap((name) => [name, `${name}.br`, `${name}.gz`]);
}

/**
 * Packs `dist/<id>-<version>.tgz`: `manifest.json` (the PluginManifest plus `files`), the
 * bundle files and the `.br`/`.gz` sibling of each (written by {@link precompressFiles}
 * beforehand; the server checks that each decompresses to its file and serves it with
 * `Content-Encoding`, but compresses nothing itself), all at the archive's root, each listed
 * in `files`. No source maps. Entries carry no owner and a fixed time, so the same bundle
 * packs to the same archive.
 * @param {string} distDir
 * @param {PluginManifest} manifest as the build wrote it
 * @returns {Promise<{ archive: string, manifest: PluginManifest }>}
 */
export async function packArchive(distDir, manifest) {
  const files = archiveFileNamesOf(bundleFilesOf(manifest));
  /** @type {string[]} */
  const missing = [];
  for (const name of files) {
    if (!(await stat(path.join(distDir, name)).catch(() => null))) missing.push(name);
  }
  if (missing.length > 0) {
    throw new Error(`plugin ${manifest.id}: the archive needs ${missing.join(', ')} in ${distDir} (precompressFiles)`);
  }
  const packed = { ...manifest, files: await archiveFilesOf(distDir, files) };
  const { PluginManifest, Value } = pluginContract();
  if (!Value.Check(PluginManifest, packed)) {
    const [first] = Value.Errors(PluginManifest, packed);
    throw new Error(
      `plugin ${manifest.id}: the archive's manifest does not match PluginManifest: ${first?.instancePath || '/'} ${first?.message}`,
    );
  }
  // dist/manifest.json says what the archive says (with `files`).
  await writeFile(path.join(distDir, 'manifest.json'), `${JSON.stringify(packed, null, 2)}\n`);
  const archive = path.join(distDir, `${manifest.id}-${manifest.version}.tgz`);
  await rm(archive, { force: true });
  await createTar(
    { gzip: { level: 9 }, file: archive, cwd: distDir, portable: true, noDirRecurse: true, mtime: new Date(0) },
    ['manifest.json', ...files],
  );
  return { archive, manifest: packed };
}

/**
 * Builds, checks, compresses and packs a plugin folder.
 * @param {string} pluginDir folder with `package.json`, `plugin.json` and `src/index.tsx`
 * @param {{ archive?: boolean, sourcemap?: boolean }} [options] `archive: false` skips the
 *   archive (the repository's own build)
 * @returns {Promise<PackageResult>}
 */
export async function buildPluginPackage(pluginDir, options = {}) {
  const root = path.resolve(pluginDir);
  const result = await buildPlugin(root, { sourcemap: options.sourcemap });
  const distDir = path.dirname(result.file);
  const bundleFiles = bundleFilesOf(result.manifest);
  await checkDefinition({ distDir, entryFile: bundleFiles[0], pluginJson: await readPluginJson(root) });
  await precompressFiles(distDir, bundleFiles);
  if (options.archive === false) return { ...result, bundleFiles };
  const { archive, manifest } = await packArchive(distDir, result.manifest);
  return { ...result, manifest, bundleFiles, archive, archiveBytes: (await stat(archive)).size };
}
