import { Type, type Static } from 'typebox';
// With its extension: the build tools' type check (tsconfig.tooling.json, NodeNext) reads this file too.
import { FILE_ID_PATTERN } from '../validators/file-id.js';
import { safeLocalPath } from '../validators/redirect.js';
import { defineCall } from './call.js';
import { EmptyBody } from './common.js';

// The plugin manifest (docs/architecture.md, "Plugin contract"): written by the plugin build
// (`dist/manifest.json`), checked and stored by the server's plugin registry, published by
// `/rest/anon/plugins`, read by the shell. And `plugin.json`, the static description the
// build reads. This file imports nothing but TypeBox and dependency-free validators:
// the build (plain Node, tools/plugin-tools) bundles it on its own.

/** A plugin id: kebab-case, starting with a letter (`warehouse`, `partner-app`). */
export const PluginId = Type.String({ pattern: '^[a-z][a-z0-9-]*$' });

/** Subresource integrity of a bundle file: `sha384-<base64>` (sha256 and sha512 accepted). */
export const Integrity = Type.String({ pattern: '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$' });

const Text = Type.String({ minLength: 1 });

/** A route of the manifest. `public` routes are reachable without login. */
export const ManifestRoute = Type.Object({
  /** Absolute path, e.g. `/warehouse`. May contain react-router params. */
  path: Text,
  public: Type.Boolean(),
  /** Document title while the route is shown. */
  title: Type.Optional(Type.String()),
});
export type ManifestRoute = Static<typeof ManifestRoute>;

/**
 * Whether a route's path is a path of this site by the rule of `safeLocalPath` (the one every
 * login redirect passes: one leading `/`, not `//`, no backslash, no control characters or
 * spaces at any layer of percent-decoding), written as it resolves (no `.`/`..` segments, no
 * query or fragment). The shell routes and links to it, so `javascript:…`
 * or another site's address must never get that far: the server's plugin registry and the
 * plugin build both refuse a manifest with any other path.
 */
export function isLocalRoutePath(path: string): boolean {
  // As written, already resolved: `/x/../login` would otherwise pass the reserved-path check
  // as written and route as `/login`; a query or fragment is no route.
  return safeLocalPath(path) === path && !/[?#]/.test(path);
}

/** An extra file of the bundle (a dynamic import's chunk) and the `sha384-…` of the file. */
export const ManifestChunk = Type.Object({
  /** Beside the entry, e.g. `/plugins/receipt/receipt.bar-chart.1a2b3c4d.js`. */
  url: Text,
  integrity: Integrity,
});
export type ManifestChunk = Static<typeof ManifestChunk>;

/**
 * A file of a plugin archive (`<id>-<version>.tgz`, packed by `cotton-plugin build`), at the
 * archive's root beside `manifest.json`: the entry and each chunk.
 */
export const PluginArchiveFile = Type.Object({
  /** File name at the archive root, e.g. `warehouse.3f2a1b9c.js` (no folder). */
  name: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  /** `sha384-…` of the file's bytes. */
  integrity: Integrity,
  /** Size in bytes. */
  size: Type.Integer({ minimum: 0 }),
});
export type PluginArchiveFile = Static<typeof PluginArchiveFile>;

/**
 * A permission code a plugin declares: lower-case words joined by `:` (`inspection:record:add`),
 * at most 64 characters, unique across the portal (the install refuses a code the portal or
 * another plugin already uses).
 */
export const PluginPermissionCode = Type.String({
  minLength: 3,
  maxLength: 64,
  pattern: '^[a-z][a-z0-9-]{0,30}(:[a-z][a-z0-9-]{0,30}){1,3}$',
});

/** At most this many permission codes per plugin. */
export const PLUGIN_PERMISSION_LIMIT = 50;

/**
 * A permission code of `plugin.json` and the manifest: `button` codes become nodes under the
 * menus showing `component` (the grant tree shows them with `label`); a `menu` code becomes
 * the code of such a menu when it has none (the code of the page itself).
 */
export const PluginPermission = Type.Object({
  code: PluginPermissionCode,
  /** As the grant tree shows it, e.g. 新增记录. */
  label: Type.String({ minLength: 1, maxLength: 32 }),
  type: Type.Union([Type.Literal('menu'), Type.Literal('button')]),
  /** One of the plugin's `components`. */
  component: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Z][\\w$]*$' }),
});
export type PluginPermission = Static<typeof PluginPermission>;

/**
 * A publisher's signature of an archive's manifest (Ed25519 over {@link manifestSigningText}:
 * the manifest with every file's integrity, without the signature): the key's id (the first
 * 32 hex digits of the SHA-256 of its SPKI DER form) and the 64-byte signature in base64.
 */
export const PluginSignature = Type.Object({
  // 32 lowercase hex digits: the form of a stored file's id.
  keyId: Type.String({ pattern: FILE_ID_PATTERN.source }),
  value: Type.String({ minLength: 86, maxLength: 88, pattern: '^[A-Za-z0-9+/]{86}(==)?$' }),
});
export type PluginSignature = Static<typeof PluginSignature>;

/** The JSON of `value` with every object's keys in code-point order, no spaces: the same bytes on every machine. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a publisher signs: the archive's manifest (its `files` with every file's integrity
 * included) without `signature`, as canonical JSON (keys sorted, no spaces), UTF-8.
 */
export function manifestSigningText(manifest: Record<string, unknown>): string {
  const { signature: _signature, ...signed } = manifest;
  return canonicalJson(signed);
}

/** The manifest the plugin build writes and the server publishes. */
export const PluginManifest = Type.Object({
  id: PluginId,
  version: Text,
  /** URL of the SystemJS bundle, e.g. `/plugins/warehouse/warehouse.3f2a1b9c.js` (under `/plugins/<id>/`). */
  entry: Text,
  /** `sha384-…` of the bundle. */
  integrity: Integrity,
  routes: Type.Array(ManifestRoute),
  /** Components a server menu's `componentPath` (`<plugin id>/<export>`) may name. */
  components: Type.Array(Text),
  /** SDK_VERSION the plugin was built against. */
  sdkVersion: Text,
  /**
   * The shared modules the bundle imports, as the specifiers it asks SystemJS for: whole
   * modules (`react`, `react-router-dom`) and single exports of per-export ones
   * (`@arco-design/web-react/Table`, `@cotton/sdk/RegionCascader`); sorted, each once.
   * Written by the plugin build; the shell imports them ahead of a visit (prefetch of the
   * plugins a page links to). The server publishes `[]` for a manifest written before the field.
   */
  sharedImports: Type.Array(Text),
  /**
   * The bundle's other files: the chunks its dynamic `import()`s load, each with the
   * `sha384-…` of the file. The shell adds every one to the import map's integrity before
   * importing the entry. Absent when the bundle is one file.
   */
  chunks: Type.Optional(Type.Array(ManifestChunk)),
  /**
   * In the archive's `manifest.json` (written by `cotton-plugin build`): every other file of
   * the archive — the entry and the chunks — with its integrity and size, for the server to
   * check before it stores them. Absent from a manifest that no archive carries; the server
   * never publishes it.
   */
  files: Type.Optional(Type.Array(PluginArchiveFile)),
  /** The permission codes the plugin declares (`plugin.json`); absent when none. */
  permissions: Type.Optional(Type.Array(PluginPermission, { maxItems: PLUGIN_PERMISSION_LIMIT })),
  /**
   * In an archive's `manifest.json` only (`cotton-plugin sign`): the publisher's signature. The
   * server checks it against 插件管理's trusted keys and never publishes it.
   */
  signature: Type.Optional(PluginSignature),
  /**
   * The plugin's entities (`plugin.json`'s, copied by the build): checked at install by the
   * server's own rules (contracts/plugin-entity.ts), which name the field a refusal is about;
   * never published.
   */
  entities: Type.Optional(Type.Array(Type.Unknown())),
});
export type PluginManifest = Static<typeof PluginManifest>;

/**
 * The manifest a plugin dev server (`cotton-plugin dev`) serves on `/manifest.json` and in its
 * `build` events (docs/plugins.md "Dev mode"): a plugin manifest whose files are absolute URLs
 * on the dev server, with the count of good builds, when it was built, and this run of the
 * dev server (the count starts again at 1 after a restart).
 */
export type DevPluginManifest = PluginManifest & { dev: { build: number; builtAt: string; session: string } };

/**
 * `plugin.json` beside a plugin's `package.json`: what the build puts into the manifest
 * besides the bundle's own facts. `public` defaults to `false`.
 */
export const PluginDescription = Type.Object({
  id: PluginId,
  routes: Type.Array(
    Type.Object({
      path: Type.String({ pattern: '^/' }),
      public: Type.Optional(Type.Boolean()),
      title: Type.Optional(Type.String()),
    }),
  ),
  components: Type.Array(Type.String({ pattern: '^[A-Z][\\w$]*$' })),
  /** The permission codes the plugin's pages check (each for one of `components`). */
  permissions: Type.Optional(Type.Array(PluginPermission, { maxItems: PLUGIN_PERMISSION_LIMIT })),
  /** The plugin's entities: its own data (docs/plugins.md "Plugin data"), checked at install. */
  entities: Type.Optional(Type.Array(Type.Unknown())),
});
export type PluginDescription = Static<typeof PluginDescription>;

/** `/rest/anon/plugins` → `dataSet`: the enabled plugins' manifests, as published. */
const PluginList = Type.Object({ plugins: Type.Array(PluginManifest) });

/**
 * The public plugin manifest list the shell loads at boot (and again while the portal runs):
 * the same answer to a POST (what the shell sends) and to a GET.
 */
export const pluginCalls = {
  list: defineCall({ method: 'POST', path: '/rest/anon/plugins', body: EmptyBody, answer: PluginList }),
  listGet: defineCall({ method: 'GET', path: '/rest/anon/plugins', answer: PluginList }),
};
