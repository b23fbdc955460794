// @cotton/sdk/build — the plugin build and the shared-module tables the shell reads.
export { buildPlugin, integrityOf, readPluginJson, sharedExternal, sharedImportsOf } from './build-plugin.mjs';
export { cssModules, styleInjection } from './css-modules.mjs';
export { exportTable, packageEntry, parseExportTable, resolveSourceFile } from './export-table.mjs';
export { FORBIDDEN_PACKAGES, forbidBundledSharedModules, sharedPackageOf } from './forbid-bundled.mjs';
export { matchPerExport, perExportImports } from './per-export-imports.mjs';
export {
  SDK_DIR,
  SDK_SRC_DIR,
  getSdkVersion,
  getSharedModules,
  perExportModuleNames,
  wholeModuleNames,
} from './shared-modules.mjs';
