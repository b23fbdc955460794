// Types of @cotton/plugin-tools for TypeScript callers (the shell's Vite config, scripts).
// The implementation is plain ESM with JSDoc (index.mjs and its siblings).
import type { InputOptions, OutputAsset, OutputChunk, OutputOptions, Plugin, RollupCache } from 'rollup';
// The contract's one file, not `@cotton/sdk/contracts`: inside the repository that entry is
// TypeScript source, which the tooling's NodeNext check would read. The packed tools import
// `@cotton/sdk/contracts` (scripts/pack-authors.mjs rewrites this line).
import type {
  DevPluginManifest,
  ManifestRoute,
  PluginArchiveFile,
  PluginManifest,
} from '../../../sdk/src/contracts/plugin.js';

/** The manifest a build writes: the wire contract of sdk/src/contracts/plugin.ts. */
export type { ManifestRoute, PluginArchiveFile, PluginManifest };

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
export const SDK_DIST_DIR: string;
export const SDK_NODE_MODULES: string;
export function sdkModuleFile(name: string): string;
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
export function readPluginVersion(root: string): Promise<string>;

/** Options of {@link pluginRollupInput}. */
export interface RollupInputOptions {
  /** Minify with esbuild (default true; the dev server does not). */
  minify?: boolean;
  /** Source maps (default true). */
  sourcemap?: boolean;
  /** The previous build's `bundle.cache`, or false. */
  cache?: RollupCache | false;
  /** `external`: default a fresh `sharedExternal()`. */
  isShared?: (id: string) => boolean;
  /** Receives rollup's warnings. */
  warnings?: string[];
}
/** The rollup input options of a plugin build (`buildPlugin` and the dev server share them). */
export function pluginRollupInput(
  root: string,
  pluginJson: PluginJson,
  options?: RollupInputOptions,
): InputOptions & { input: string };
export function pluginRollupOutput(dir: string, id: string, options?: { sourcemap?: boolean }): OutputOptions;
export function bundleOutputOf(
  output: ReadonlyArray<OutputChunk | OutputAsset>,
  isShared: (id: string) => boolean,
): { entryFileName: string | undefined; extraChunks: string[]; sharedImports: string[] };
export function checkManifest(manifest: unknown, id: string): void;
export function pluginManifestOf(options: {
  pluginJson: PluginJson;
  version: string;
  dir: string;
  entryFileName: string;
  extraChunks: string[];
  sharedImports: string[];
  /** Prefix of `entry` and the chunks' `url`, ending with `/`. */
  baseUrl: string;
  entryBytes?: Uint8Array;
}): Promise<PluginManifest>;
export function buildPlugin(pluginDir: string, options?: { sourcemap?: boolean }): Promise<BuildResult>;

export interface PluginJson {
  id: string;
  routes: ManifestRoute[];
  components: string[];
}
export function loadBundleExports(distDir: string, entryFile: string): Promise<Record<string, unknown>>;
export function definitionProblems(definition: unknown, pluginJson: PluginJson): string[];
export function checkDefinition(options: { distDir: string; entryFile: string; pluginJson: PluginJson }): Promise<void>;

export interface PackageResult extends BuildResult {
  /** The entry's and the chunks' file names in dist/. */
  bundleFiles: string[];
  /** dist/<id>-<version>.tgz, unless built with `archive: false`. */
  archive?: string;
  archiveBytes?: number;
}
export function bundleFilesOf(manifest: PluginManifest): string[];
export function precompressFiles(distDir: string, files: string[]): Promise<void>;
export function archiveFileNamesOf(bundleFiles: string[]): string[];
export function archiveFilesOf(distDir: string, files: string[]): Promise<PluginArchiveFile[]>;
export function packArchive(
  distDir: string,
  manifest: PluginManifest,
): Promise<{ archive: string; manifest: PluginManifest }>;
export function buildPluginPackage(
  pluginDir: string,
  options?: { archive?: boolean; sourcemap?: boolean },
): Promise<PackageResult>;

/** The id a signature names: the first 32 hex digits of the SHA-256 of the key's SPKI DER form. */
export function publicKeyId(publicKey: import('node:crypto').KeyObject): string;
/** Writes `<base>.key` (PKCS #8 PEM, owner-only) and `<base>.pub` (SPKI PEM); never overwrites. */
export function generateSigningKey(base: string): Promise<{ privateFile: string; publicFile: string; keyId: string }>;
export function readSigningKey(file: string): Promise<import('node:crypto').KeyObject>;
/** The manifest (with `files`) and its Ed25519 `signature`. */
export function signManifest<M extends Record<string, unknown>>(
  manifest: M,
  privateKey: import('node:crypto').KeyObject,
): M & { signature: { keyId: string; value: string } };
/** Signs an archive of `cotton-plugin build` in place (and `manifestFile`, dist/manifest.json, when given). */
export function signArchive(
  archive: string,
  keyFile: string,
  options?: { manifestFile?: string },
): Promise<{ keyId: string; id: string; version: string }>;

/** The manifest the dev server serves (`DevPluginManifest` of the SDK's contracts). */
export type DevManifest = DevPluginManifest;
/** A good dev build, as served. */
export interface DevBuild {
  /** 1-based count of good builds. */
  build: number;
  builtAt: string;
  manifest: DevManifest;
  /** File name → bytes, as written to `.cotton-dev/`: the bundle's JS and its source maps. */
  files: Map<string, Buffer>;
  ms: number;
}
/** What the dev server tells its listeners (and, as SSE, its clients) after each build. */
export type DevEvent =
  { type: 'build'; build: number; manifest: DevManifest; ms: number } | { type: 'error'; message: string; ms: number };
export interface DevLog {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}
/** What `/rest/anon/portalConfig` told about the portal, or why it could not be asked. */
export type PortalCheck =
  { reachable: true; production: boolean; pluginDevOrigins?: string[] } | { reachable: false; problem: string };
export interface DevOptions {
  /** The portal's URL: CORS allows its origin only; without it any origin, and no portal check. */
  portal?: string;
  /** Default 5174; 0 for any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: the console. */
  log?: DevLog;
  /** Replaces `fetchPortalCheck`. */
  checkPortal?: (portal: string) => Promise<PortalCheck>;
  /** Quiet time after a file event before building (default 50 ms). */
  debounceMs?: number;
  /** Interval of the SSE `: ping` comment (default 15 s). */
  pingMs?: number;
}
export interface DevServer {
  /** `http://<host>:<port>`, no trailing slash. */
  url: string;
  root: string;
  /** `<folder>/.cotton-dev`. */
  outDir: string;
  /** Calls `listener` after each build; returns the unsubscribe function. */
  onEvent(listener: (event: DevEvent) => void): () => void;
  /** The served build, and the newest build's error while it is the newest. */
  current(): { good?: DevBuild; failure?: string };
  /** Stops watching, ends the SSE streams, closes the server, waits for a build under way. */
  close(): Promise<void>;
}
export const DEV_DIR: string;
export const DEFAULT_DEV_PORT: number;
export const DEFAULT_DEV_HOST: string;
export const DEFAULT_PLUGIN_DEV_ORIGINS: string[];
export function parsePortalUrl(portal: string | undefined): URL;
export function fetchPortalCheck(portal: string, options?: { timeoutMs?: number }): Promise<PortalCheck>;
export function originMatches(origin: string, source: string): boolean;
export function watchPluginFolder(root: string, onChange: (kind: 'src' | 'config') => void): { close(): void };
export function startPluginDev(pluginDir: string, options?: DevOptions): Promise<DevServer>;
