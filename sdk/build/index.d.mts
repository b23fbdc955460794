// Types of @cotton/sdk/build for TypeScript callers (the shell's Vite config). The
// implementation is plain ESM with JSDoc (index.mjs and its siblings).
import type { Plugin } from 'rollup';
import type { ManifestRoute, PluginManifest } from '../src/contracts/plugin.js';

/** The manifest a build writes: the wire contract of sdk/src/contracts/plugin.ts. */
export type { ManifestRoute, PluginManifest };

export interface SharedModule {
  readonly name: string;
  readonly perExport: boolean;
}

/** Where one export of a per-export module lives: `import { [imported] } from file`. */
export interface ExportEntry {
  file: string;
  imported: string;
}
export type ExportTable = Map<string, ExportEntry>;

export interface BuildResult {
  manifest: PluginManifest;
  file: string;
  bytes: number;
  gzipBytes: number;
  warnings: string[];
}

export const SDK_DIR: string;
export const SDK_SRC_DIR: string;
export function getSharedModules(): readonly SharedModule[];
export function perExportModuleNames(): string[];
export function wholeModuleNames(): string[];
export function getSdkVersion(): string;

export function exportTable(packageName: string, options?: { fresh?: boolean }): ExportTable;
export function packageEntry(specifier: string): string;
export function parseExportTable(entryFile: string, packageName: string): ExportTable;
export function resolveSourceFile(fromDir: string, specifier: string): string | undefined;

export function perExportImports(options?: { tables?: Record<string, ExportTable>; root?: string }): Plugin;
export function matchPerExport(
  specifier: string,
  packages: string[],
): { packageName: string; exportName?: string } | undefined;

export const FORBIDDEN_PACKAGES: string[];
export function sharedPackageOf(id: string): string | undefined;
export function forbidBundledSharedModules(options: { pluginId: string; root?: string }): Plugin;

export function cssModules(pluginId: string, options?: { root?: string }): Plugin;
export function styleInjection(pluginId: string, css: string): string;

export function readPluginJson(
  pluginDir: string,
): Promise<{ id: string; routes: ManifestRoute[]; components: string[] }>;
export function sharedExternal(): (id: string) => boolean;
export function sharedImportsOf(
  output: ReadonlyArray<{ type: 'chunk' | 'asset'; fileName: string; imports?: string[]; dynamicImports?: string[] }>,
  isShared: (id: string) => boolean,
): string[];
export function integrityOf(file: string): Promise<string>;
export function buildPlugin(pluginDir: string, options?: { sourcemap?: boolean }): Promise<BuildResult>;
