import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { changeSignalOf, VersionedCache } from '../../db/change-signal';
import { pluginFiles, pluginRegistry } from '../../db/schema/index';
import {
  isLocalRoutePath,
  PLUGIN_PERMISSION_LIMIT,
  PluginManifest,
  PluginPermission,
  type PluginSignature,
  type ManifestChunk,
  type ManifestRoute,
  type PluginArchiveFile,
} from '@cotton/sdk/contracts';
import { Value } from 'typebox/value';

type ManifestField = keyof typeof PluginManifest.properties;

/** Whether `value` fits the contract's schema of one manifest field. */
function fits(field: ManifestField, value: unknown): boolean {
  return Value.Check(PluginManifest.properties[field], value);
}

/** A manifest's text as a message may show it: 64 characters at most, control characters as �. */
function shown(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
  return printable.length > 64 ? `${printable.slice(0, 63)}…` : printable;
}

/**
 * Checks a `manifest.json` against the contract (`PluginManifest` of `@cotton/sdk/contracts`),
 * field by field so that the reason names the first bad one (in plain Chinese: 插件编号, not `id`), plus what a schema cannot say:
 * the id is the folder's (`plugins/<folder>/dist`; null for an uploaded archive), the entry
 * and the chunks lie under `/plugins/<id>/`, every route's path is one of this site's
 * (`isLocalRoutePath`). `sharedImports` may be absent (manifests written
 * before the field: `[]`). Returns the manifest with only its own fields and, apart, the
 * archive's `files` when listed — or the reason it is refused.
 */
export function checkManifest(
  value: unknown,
  folder: string | null,
): { manifest: PluginManifest; files?: PluginArchiveFile[]; signature?: PluginSignature } | { reason: string } {
  if (!value || typeof value !== 'object') return { reason: '内容应为 JSON 对象' };
  const m = value as Record<string, unknown>;
  if (!fits('id', m.id)) return { reason: '插件编号无效：应以小写字母开头，只含小写字母、数字和 -' };
  if (folder !== null && m.id !== folder) return { reason: `插件编号「${String(m.id)}」与目录名「${folder}」不一致` };
  const home = `/plugins/${String(m.id)}/`;
  if (!fits('version', m.version)) return { reason: '版本号无效' };
  if (!fits('entry', m.entry) || !(m.entry as string).startsWith(home)) return { reason: `入口文件应位于 ${home} 下` };
  if (!fits('integrity', m.integrity)) return { reason: '入口文件的完整性校验值无效' };
  if (!fits('sdkVersion', m.sdkVersion)) return { reason: 'SDK 版本无效' };
  if (!fits('components', m.components)) return { reason: '组件清单无效' };
  if (m.sharedImports !== undefined && !fits('sharedImports', m.sharedImports)) return { reason: '共享依赖清单无效' };
  if (
    m.chunks !== undefined &&
    (!fits('chunks', m.chunks) || !(m.chunks as ManifestChunk[]).every((chunk) => chunk.url.startsWith(home)))
  ) {
    return { reason: '分块文件清单无效' };
  }
  if (!fits('routes', m.routes)) return { reason: '路由清单无效' };
  const foreign = (m.routes as ManifestRoute[]).findIndex((route) => !isLocalRoutePath(route.path));
  if (foreign >= 0) {
    const path = (m.routes as ManifestRoute[])[foreign].path;
    return { reason: `路由清单第 ${foreign + 1} 条的路径「${shown(path)}」不是本站路径：应以 / 开头，如 /warehouse` };
  }
  if (m.files !== undefined && !fits('files', m.files)) return { reason: '文件清单无效' };
  if (m.permissions !== undefined) {
    const reason = permissionsProblem(m.permissions, m.components as string[]);
    if (reason) return { reason };
  }
  if (m.signature !== undefined && !fits('signature', m.signature)) return { reason: '签名的格式无效' };
  const checked = { ...m, sharedImports: m.sharedImports ?? [] };
  if (!Value.Check(PluginManifest, checked)) return { reason: '内容不符合插件清单的规范' };
  // Only the manifest's own fields (also inside routes and chunks).
  const { chunks, sharedImports, files, signature, permissions, ...manifest } = Value.Clean(
    PluginManifest,
    Value.Clone(checked),
  ) as PluginManifest;
  return {
    manifest: {
      ...manifest,
      sharedImports: [...new Set(sharedImports)].sort(),
      ...(chunks && chunks.length > 0 ? { chunks } : {}),
      ...(permissions && permissions.length > 0 ? { permissions } : {}),
    },
    ...(files ? { files } : {}),
    ...(signature ? { signature } : {}),
  };
}

/**
 * Why the declared permission codes are refused (the first problem, naming the entry), or
 * null: the schema, each code once, each for one of the plugin's components.
 */
function permissionsProblem(value: unknown, components: string[]): string | null {
  if (!Array.isArray(value)) return '权限清单无效';
  if (value.length > PLUGIN_PERMISSION_LIMIT) return `权限编码不能超过 ${PLUGIN_PERMISSION_LIMIT} 个`;
  const seen = new Set<string>();
  for (const [index, item] of value.entries()) {
    const at = `权限清单第 ${index + 1} 条`;
    if (!Value.Check(PluginPermission, item)) {
      const code = (item as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !Value.Check(PluginPermission.properties.code, code)) {
        return `${at}的权限编码无效：应为冒号分隔的小写字母、数字或 -（如 inspection:record:add），不超过 64 个字符`;
      }
      return `${at}（${code}）无效：名称为 1 到 32 个字符，类型为菜单或按钮，组件为插件的组件之一`;
    }
    const permission = item as PluginPermission;
    if (seen.has(permission.code)) return `权限编码「${permission.code}」重复声明`;
    seen.add(permission.code);
    if (!components.includes(permission.component)) {
      return `权限编码「${permission.code}」的组件「${permission.component}」不在插件的组件清单中`;
    }
  }
  return null;
}

/** Reads every `plugins/*\/dist/manifest.json` under `staticRoot`; invalid ones are logged and skipped. */
export async function readBundledManifests(staticRoot: string, log: FastifyBaseLogger): Promise<PluginManifest[]> {
  const pluginsRoot = join(staticRoot, 'plugins');
  let folders: string[];
  try {
    folders = (await readdir(pluginsRoot, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  const manifests: PluginManifest[] = [];
  for (const folder of folders.sort()) {
    const file = join(pluginsRoot, folder, 'dist', 'manifest.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      log.warn({ file }, '插件清单不是合法的 JSON，已跳过');
      continue;
    }
    const checked = checkManifest(parsed, folder);
    if ('reason' in checked) {
      log.warn({ file, reason: checked.reason }, '插件清单无效，已跳过');
      continue;
    }
    manifests.push(checked.manifest);
  }
  return manifests;
}

/**
 * Upserts the bundled plugins found under `staticRoot` (source `bundled`) and removes the
 * bundled rows whose manifest is gone. `enabled` of an existing row is kept: staff may
 * have switched a plugin off.
 */
export async function registerBundledPlugins(
  db: AppDatabase,
  staticRoot: string,
  log: FastifyBaseLogger,
): Promise<PluginManifest[]> {
  const manifests = await readBundledManifests(staticRoot, log);
  await db.transaction(async (tx) => {
    for (const manifest of manifests) {
      const row = {
        id: manifest.id,
        version: manifest.version,
        entry: manifest.entry,
        integrity: manifest.integrity,
        routes: manifest.routes,
        components: manifest.components,
        sdkVersion: manifest.sdkVersion,
        sharedImports: manifest.sharedImports,
        chunks: manifest.chunks ?? [],
        source: 'bundled' as const,
      };
      await tx
        .insert(pluginRegistry)
        .values(row)
        // An uploaded plugin of the same id keeps its row (installs refuse bundled ids; this is a bundle added later).
        .onConflictDoUpdate({
          target: pluginRegistry.id,
          set: { ...row, updatedAt: sql`now()` },
          setWhere: eq(pluginRegistry.source, 'bundled'),
        });
    }
    const ids = manifests.map((manifest) => manifest.id);
    await tx
      .delete(pluginRegistry)
      .where(
        ids.length > 0
          ? and(eq(pluginRegistry.source, 'bundled'), notInArray(pluginRegistry.id, ids))
          : eq(pluginRegistry.source, 'bundled'),
      );
  });
  log.info({ plugins: manifests.map((manifest) => `${manifest.id}@${manifest.version}`) }, '已登记内置插件');
  return manifests;
}

/**
 * The enabled plugins, kept while `plugin_registry` is unchanged (the change signal): an
 * install, enable, disable, upgrade or rollback in any process is heard within milliseconds.
 */
const enabledPlugins = new VersionedCache<PluginManifest[]>(['plugin_registry'], 1);

/** The enabled plugins, as manifests, ordered by id. */
export async function listEnabledPlugins(db: AppDatabase): Promise<PluginManifest[]> {
  return enabledPlugins.get(changeSignalOf(db), 'enabled', () => readEnabledPlugins(db));
}

async function readEnabledPlugins(db: AppDatabase): Promise<PluginManifest[]> {
  const rows = await db
    .select({
      id: pluginRegistry.id,
      version: pluginRegistry.version,
      entry: pluginRegistry.entry,
      integrity: pluginRegistry.integrity,
      routes: pluginRegistry.routes,
      components: pluginRegistry.components,
      sdkVersion: pluginRegistry.sdkVersion,
      sharedImports: pluginRegistry.sharedImports,
      chunks: pluginRegistry.chunks,
    })
    .from(pluginRegistry)
    .where(eq(pluginRegistry.enabled, true))
    .orderBy(asc(pluginRegistry.id));
  // `chunks` is optional in the manifest: left out for one-file bundles. A route whose path is
  // not this site's (stored before installs checked it) is never published.
  return rows.map(({ chunks, routes, ...rest }) => {
    const manifest = { ...rest, routes: routes.filter((route) => isLocalRoutePath(route.path)) };
    return chunks.length > 0 ? { ...manifest, chunks } : manifest;
  });
}

/** A stored file of an installed plugin: its bytes in the file store by sha256. */
export interface InstalledPluginFile {
  sha256: string;
  size: number;
}

/**
 * What an uploaded plugin serves, by file name: the files of its active version while it is
 * enabled, and those of the version active before it until `previousUntil` (ms; 0: none).
 */
interface ServedFiles {
  active: Map<string, InstalledPluginFile>;
  previous: Map<string, InstalledPluginFile>;
  previousUntil: number;
}

/** Per plugin id, kept while `plugin_registry` and `plugin_files` are unchanged (the change signal). */
const servedFiles = new VersionedCache<ServedFiles>(['plugin_registry', 'plugin_files'], 256);

/**
 * The stored file `name` of the uploaded plugin `id` while it is served, or null: a file of
 * the plugin's active version while the plugin is enabled, or of the version active before
 * it for a grace after the switch (`previous_until`, set by plugin-admin: a tab that loaded
 * it keeps loading its chunks). A disabled or uninstalled plugin's files, and those of a
 * version never made active, are not served. A name means the same bytes in every version
 * (the install refuses otherwise). No query while the kept entry holds.
 */
export async function findInstalledPluginFile(
  db: AppDatabase,
  id: string,
  name: string,
): Promise<InstalledPluginFile | null> {
  const served = await servedFiles.get(changeSignalOf(db), id, () => readServedFiles(db, id));
  const active = served.active.get(name);
  if (active) return active;
  return Date.now() < served.previousUntil ? (served.previous.get(name) ?? null) : null;
}

async function readServedFiles(db: AppDatabase, id: string): Promise<ServedFiles> {
  const [plugin] = await db
    .select({
      version: pluginRegistry.version,
      enabled: pluginRegistry.enabled,
      previousVersion: pluginRegistry.previousVersion,
      previousUntil: pluginRegistry.previousUntil,
    })
    .from(pluginRegistry)
    .where(eq(pluginRegistry.id, id));
  if (!plugin?.enabled) return { active: new Map(), previous: new Map(), previousUntil: 0 };
  const previous = plugin.previousUntil ? plugin.previousVersion : null;
  const rows = await db
    .select({
      version: pluginFiles.version,
      name: pluginFiles.name,
      sha256: pluginFiles.sha256,
      size: pluginFiles.size,
    })
    .from(pluginFiles)
    .where(
      and(
        eq(pluginFiles.pluginId, id),
        inArray(pluginFiles.version, previous ? [plugin.version, previous] : [plugin.version]),
      ),
    );
  const filesOf = (version: string | null) =>
    new Map(
      rows.filter((row) => row.version === version).map((row) => [row.name, { sha256: row.sha256, size: row.size }]),
    );
  return {
    active: filesOf(plugin.version),
    previous: filesOf(previous),
    previousUntil: previous ? plugin.previousUntil!.getTime() : 0,
  };
}

/** Whether plugin `id` is registered and enabled: a disabled bundled plugin's folder is not served either. */
export async function isPluginEnabled(db: AppDatabase, id: string): Promise<boolean> {
  return (await listEnabledPlugins(db)).some((plugin) => plugin.id === id);
}
