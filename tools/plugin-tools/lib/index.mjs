// @cotton/plugin-tools — the plugin build (`cotton-plugin build`), the dev server
// (`cotton-plugin dev`), and the shared-module tables the shell's Vite config reads.
export {
  buildPlugin,
  bundleOutputOf,
  checkManifest,
  integrityOf,
  pluginManifestOf,
  pluginRollupInput,
  pluginRollupOutput,
  readPluginJson,
  readPluginVersion,
  sharedExternal,
  sharedImportsOf,
} from './build-plugin.mjs';
export { checkDefinition, definitionProblems, loadBundleExports } from './check-definition.mjs';
export { cssModules, styleInjection } from './css-modules.mjs';
export {
  DEFAULT_DEV_HOST,
  DEFAULT_DEV_PORT,
  DEFAULT_PLUGIN_DEV_ORIGINS,
  DEV_DIR,
  fetchPortalCheck,
  originMatches,
  parsePortalUrl,
  startPluginDev,
  watchPluginFolder,
} from './dev-server.mjs';
export { exportTable, packageEntry, parseExportTable, resolveSourceFile } from './export-table.mjs';
export { FORBIDDEN_PACKAGES, forbidBundledSharedModules, sharedPackageOf } from './forbid-bundled.mjs';
export {
  archiveFileNamesOf,
  archiveFilesOf,
  buildPluginPackage,
  bundleFilesOf,
  packArchive,
  precompressFiles,
} from './package-plugin.mjs';
export { matchPerExport, perExportImports } from './per-export-imports.mjs';
export { generateSigningKey, publicKeyId, readSigningKey, signArchive, signManifest } from './sign-plugin.mjs';
export {
  SDK_DIR,
  SDK_DIST_DIR,
  SDK_NODE_MODULES,
  SDK_SRC_DIR,
  getSdkVersion,
  getSharedModules,
  perExportModuleNames,
  sdkModuleFile,
  wholeModuleNames,
} from './shared-modules.mjs';
