import type {
  AdminPluginRow,
  AdminPluginVersions,
  ListExportBody,
  ListRequest,
  PluginManifest,
} from '@cotton/sdk/contracts';
import { compareVersions } from '@cotton/sdk/validators';
import { and, asc, count, desc, eq, isNotNull, like, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase, Tx } from '../../db/client';
import { pluginFiles, pluginRegistry, pluginVersions, sysPermissions } from '../../db/schema/index';
import { defineList, escapeLike, type CompiledList } from '../../lib/list/index';
import { ApiError } from '../../http/envelope';
import type { FileStore } from '../files/store';
import { recordAudit } from '../shared/audit';
import { chinaTime } from '../shared/china-time';
import { lockRoutes, routeKey, SHELL_PATHS } from '../shared/route-paths';
import type { PluginSignatureMode } from '../../config';
import { readPluginArchive, sdkCompatible, type CheckedArchive } from './archive';
import { applyPluginEntities, checkEntities } from '../plugin-entity/index';
import { checkCodesFree, claimCodes, releaseCodes } from './codes';
import { checkSignature, checkVersionSigned } from './signatures';

/**
 * 系统管理 › 插件管理 (docs/architecture.md "Plugin registry"): install an archive, enable,
 * disable, switch the active version (upgrade, roll back), uninstall. Every write is one
 * transaction with its audit row; the triggers of migration 0026 tell every process.
 */

/** The plugin whose page this is: switching it off would leave nobody a way back. */
const SELF_PLUGIN = 'system';

export const PLUGIN_ADMIN_MESSAGES = {
  notFound: '插件不存在或已卸载',
  bundledId: (id: string) => `插件标识「${id}」已被内置插件使用，请更换插件标识后重新构建`,
  versionTaken: (id: string, version: string) => `插件「${id}」的版本 ${version} 已安装，请提高版本号后重新构建`,
  fileConflict: (name: string, version: string) =>
    `文件「${name}」与已安装的版本 ${version} 中的同名文件内容不同；文件名应含内容哈希，请重新构建`,
  routeTaken: (path: string, other: string) => `路由「${path}」已被插件「${other}」使用`,
  routeReserved: (path: string) => `路由「${path}」是门户保留的地址`,
  routeMenu: (path: string, menu: string) => `路由「${path}」已被菜单「${menu}」使用，请更换插件的路由或先修改该菜单`,
  noVersion: (id: string, version: string) => `插件「${id}」没有已安装的版本 ${version}`,
  bundledVersions: '内置插件随门户发布，只有一个版本',
  sdkMajor: (id: string, version: string, sdk: string) =>
    `插件「${id}」的版本 ${version} 基于 SDK ${sdk} 构建，与当前门户的 SDK 主版本不同，不能启用`,
  selfDisable: '系统管理插件提供插件管理页面，不能停用',
  bundledUninstall: '内置插件随门户发布，不能卸载，可将其停用',
  inMenus: (id: string, names: string) => `插件「${id}」仍被菜单${names}使用，请先在菜单管理中修改或删除这些菜单`,
  menusMissing: (id: string, version: string, menus: string) =>
    `插件「${id}」的版本 ${version} 没有菜单${menus}所需的组件，不能启用该版本；请先在菜单管理中修改或删除这些菜单`,
} as const;

const versionCount = sql<number>`(
  select count(*)::int from ${pluginVersions} where ${pluginVersions.pluginId} = ${pluginRegistry.id}
)`;
/** The trusted key's name that signed the active version (null: 未签名, or a bundled plugin). */
// Both sides named in full: drizzle may write columns bare, and a bare `version` would be the inner row's.
const activeSigner = sql<string | null>`(
  select v.signer_name from ${pluginVersions} v
  where v.plugin_id = ${sql.raw('"plugin_registry"."id"')} and v.version = ${sql.raw('"plugin_registry"."version"')}
)`;
const enabledCode = sql<string>`(case when ${pluginRegistry.enabled} then '1' else '0' end)`;

/** The list's allow-list. */
export const pluginList = defineList<AdminPluginRow>()({
  table: pluginRegistry,
  key: pluginRegistry.id,
  fields: {
    id: {
      label: '插件标识',
      column: pluginRegistry.id,
      type: 'text',
      filter: 'like',
      sortable: true,
      superQuery: true,
      export: { width: 16 },
    },
    title: { label: '名称', export: { width: 18 } },
    version: {
      label: '当前版本',
      column: pluginRegistry.version,
      type: 'text',
      sortable: true,
      superQuery: true,
      export: { width: 12 },
    },
    source: {
      label: '来源',
      column: pluginRegistry.source,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.source === 'bundled' ? '内置' : '上传') },
    },
    enabled: {
      label: '状态',
      column: enabledCode,
      type: 'code',
      filter: 'eq',
      superQuery: true,
      export: { width: 8, value: (row) => (row.enabled ? '已启用' : '已停用') },
    },
    components: { label: '组件', export: { width: 40, value: (row) => row.components.join('、') } },
    // The trusted key's name that signed the active version (a bundled plugin: —, as on the page).
    signer: {
      label: '签名',
      export: { width: 16, value: (row) => row.signer ?? (row.source === 'bundled' ? '—' : '未签名') },
    },
    versionCount: { label: '版本数', export: { width: 8 } },
    updateTime: {
      label: '更新时间',
      column: pluginRegistry.updatedAt,
      type: 'date',
      sortable: true,
      superQuery: true,
      export: { width: 20, value: (row) => chinaTime(row.updateTime) },
    },
  },
  defaultSort: { field: 'id', order: 'asc' },
  cacheTotal: false,
});

function pluginRows(db: AppDatabase) {
  return async (query: CompiledList): Promise<AdminPluginRow[]> => {
    const rows = await db
      .select({
        id: pluginRegistry.id,
        version: pluginRegistry.version,
        source: pluginRegistry.source,
        enabled: pluginRegistry.enabled,
        routes: pluginRegistry.routes,
        components: pluginRegistry.components,
        versionCount,
        signer: activeSigner,
        updatedAt: pluginRegistry.updatedAt,
      })
      .from(pluginRegistry)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(({ routes, updatedAt, ...row }) => ({
      ...row,
      title: routes.find((route) => route.title)?.title ?? row.id,
      versionCount: row.source === 'bundled' ? 1 : row.versionCount,
      updateTime: updatedAt.toISOString(),
    }));
  };
}

export async function pluginPage(db: AppDatabase, body: ListRequest) {
  return pluginList.page<AdminPluginRow>(db, body, { rows: pluginRows(db) });
}

/** 导出: the plugins the list's query matches (or the selected ones, by plugin id). */
export async function pluginExport(db: AppDatabase, body: ListExportBody) {
  return pluginList.exportRows(db, body, { rows: pluginRows(db) });
}

async function registryRow(db: Tx | AppDatabase, id: string) {
  const [row] = await db.select().from(pluginRegistry).where(eq(pluginRegistry.id, id));
  return row ?? null;
}

/** The installed versions of a plugin, newest install first (a bundled plugin: its one version). */
export async function pluginVersionsOf(db: AppDatabase, id: string): Promise<AdminPluginVersions> {
  const plugin = await registryRow(db, id);
  if (!plugin) throw new ApiError('404', PLUGIN_ADMIN_MESSAGES.notFound);
  const routesOf = (manifest: Pick<PluginManifest, 'routes'>) => manifest.routes.map((route) => route.path);
  if (plugin.source === 'bundled') {
    return {
      id,
      source: 'bundled',
      versions: [
        {
          version: plugin.version,
          sdkVersion: plugin.sdkVersion,
          active: true,
          installedAt: plugin.registeredAt.toISOString(),
          installedBy: null,
          signer: null,
          fileCount: 1 + plugin.chunks.length,
          size: 0,
          components: plugin.components,
          routes: routesOf(plugin),
        },
      ],
    };
  }
  const rows = await db
    .select({
      version: pluginVersions.version,
      manifest: pluginVersions.manifest,
      size: pluginVersions.size,
      installedAt: pluginVersions.installedAt,
      installedBy: pluginVersions.installedBy,
      signer: pluginVersions.signerName,
      // The outer row named in full: drizzle writes its columns bare here, which the inner query
      // would read as its own (every version then counted every file of every plugin).
      fileCount: sql<number>`(select count(*)::int from ${pluginFiles} f
        where f.plugin_id = ${sql.raw('"plugin_versions"."plugin_id"')}
        and f.version = ${sql.raw('"plugin_versions"."version"')})`,
    })
    .from(pluginVersions)
    .where(eq(pluginVersions.pluginId, id))
    .orderBy(desc(pluginVersions.installedAt), desc(pluginVersions.version));
  return {
    id,
    source: 'external',
    versions: rows.map((row) => ({
      version: row.version,
      sdkVersion: row.manifest.sdkVersion,
      active: row.version === plugin.version,
      installedAt: row.installedAt.toISOString(),
      installedBy: row.installedBy,
      signer: row.signer,
      fileCount: row.fileCount,
      size: row.size,
      components: row.manifest.components,
      routes: routesOf(row.manifest),
    })),
  };
}

/**
 * Serialises every write of plugin `id` (install, activate, enable, disable, uninstall) until
 * the transaction ends: a first install has no registry row to lock `for update`, so two of
 * them would both see "no plugin yet" and both make their version the active one.
 */
async function lockPlugin(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plugin:${id}`}))`);
}

/**
 * Refuses routes of `manifest` that the shell, another enabled plugin or a menu already claims
 * (shared/route-paths.ts). Takes the routes lock (after {@link lockPlugin}), held until the
 * caller's transaction (and its write of the routes) ends.
 */
async function checkRoutes(db: Tx, manifest: Pick<PluginManifest, 'id' | 'routes'>): Promise<void> {
  await lockRoutes(db);
  const reserved = new Set(SHELL_PATHS.map(routeKey));
  const others = await db
    .select({ id: pluginRegistry.id, routes: pluginRegistry.routes })
    .from(pluginRegistry)
    .where(and(eq(pluginRegistry.enabled, true), ne(pluginRegistry.id, manifest.id)))
    .orderBy(asc(pluginRegistry.id));
  const claimed = new Map<string, string>();
  for (const other of others) for (const route of other.routes) claimed.set(routeKey(route.path), other.id);
  for (const route of manifest.routes) {
    const key = routeKey(route.path);
    if (reserved.has(key)) throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.routeReserved(route.path));
    const other = claimed.get(key);
    if (other) throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.routeTaken(route.path, other));
  }
  if (manifest.routes.length === 0) return;
  const menus = await db
    .select({ name: sysPermissions.name, path: sysPermissions.path })
    .from(sysPermissions)
    .where(and(eq(sysPermissions.type, 'menu'), isNotNull(sysPermissions.path)))
    .orderBy(asc(sysPermissions.id));
  for (const route of manifest.routes) {
    const menu = menus.find((row) => routeKey(row.path!) === routeKey(route.path));
    if (menu) throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.routeMenu(route.path, menu.name));
  }
}

/** The menus whose component is one of plugin `id`'s (`componentPath` `<id>/<Component>`), in menu order. */
async function menusOf(db: Tx, id: string): Promise<Array<{ name: string; component: string }>> {
  const rows = await db
    .select({ name: sysPermissions.name, componentPath: sysPermissions.componentPath })
    .from(sysPermissions)
    .where(like(sysPermissions.componentPath, `${escapeLike(id)}/%`))
    .orderBy(asc(sysPermissions.id));
  return rows.map((row) => ({ name: row.name, component: row.componentPath!.slice(id.length + 1) }));
}

/**
 * Refuses to make `manifest` the version the portal loads while a menu points at a component
 * it does not have (the menus named): the menu would open on 插件没有菜单所需的页面.
 */
async function checkMenus(db: Tx, manifest: Pick<PluginManifest, 'id' | 'version' | 'components'>): Promise<void> {
  const missing = (await menusOf(db, manifest.id)).filter((menu) => !manifest.components.includes(menu.component));
  if (missing.length === 0) return;
  const names = missing.map((menu) => `「${menu.name}」（${manifest.id}/${menu.component}）`).join('');
  throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.menusMissing(manifest.id, manifest.version, names));
}

/**
 * How long, after a switch of version, the files of the version switched away from are still
 * served: a tab that loaded it keeps loading its chunks until it takes the new plugin list
 * (at a navigation, within about 30 s of activity: docs/architecture.md "Plugin registry").
 */
export const PREVIOUS_VERSION_GRACE_MINUTES = 15;

/** The registry's columns recording the version switched away from: served for the grace if it ran. */
function previousColumns(current: { version: string; enabled: boolean }) {
  if (!current.enabled) return { previousVersion: null, previousUntil: null };
  return {
    previousVersion: current.version,
    previousUntil: sql`now() + make_interval(mins => ${PREVIOUS_VERSION_GRACE_MINUTES})`,
  };
}

/** The registry's columns for `manifest` as the active version. */
function activeColumns(manifest: PluginManifest) {
  return {
    version: manifest.version,
    entry: manifest.entry,
    integrity: manifest.integrity,
    routes: manifest.routes,
    components: manifest.components,
    sdkVersion: manifest.sdkVersion,
    sharedImports: manifest.sharedImports,
    chunks: manifest.chunks ?? [],
  };
}

/** Stores every file's bytes in `tx`, the transaction that names them. */
async function storeFiles(tx: Tx, store: FileStore, archive: CheckedArchive): Promise<void> {
  for (const file of archive.files) await store.keepBytes(tx, file.sha256, file.bytes);
}

/**
 * Installs an uploaded archive: every check of {@link readPluginArchive}, then the id (not a
 * bundled plugin's), the version (not installed yet), the file names (the same bytes as in
 * the plugin's other versions) and — when it becomes active — the routes. A plugin's first
 * version becomes active and enabled; a later one only with `activate` (else: 版本 › 升级 / 回滚),
 * and a disabled plugin stays disabled.
 */
export async function installPlugin(
  db: AppDatabase,
  store: FileStore,
  request: FastifyRequest,
  bytes: Buffer,
  activate: boolean,
  signatures: PluginSignatureMode = 'optional',
): Promise<{ id: string; version: string; active: boolean; enabled: boolean; signer: string | null }> {
  const archive = await readPluginArchive(bytes);
  const { manifest } = archive;
  // The declared entities, checked before anything is stored (plugin-entity/declaration.ts).
  checkEntities(manifest.id, manifest.entities);
  const existing = await registryRow(db, manifest.id);
  if (existing?.source === 'bundled') throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.bundledId(manifest.id));
  return db.transaction(async (tx) => {
    await lockPlugin(tx, manifest.id);
    const [current] = await tx.select().from(pluginRegistry).where(eq(pluginRegistry.id, manifest.id)).for('update');
    if (current?.source === 'bundled') throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.bundledId(manifest.id));
    const signer = await checkSignature(tx, archive, signatures);
    // Refused at install, whichever version is active: activating it later would be refused too.
    await checkCodesFree(tx, manifest.id, manifest.permissions ?? []);
    const inserted = await tx
      .insert(pluginVersions)
      .values({
        pluginId: manifest.id,
        version: manifest.version,
        manifest,
        size: archive.size,
        installedBy: request.auth?.user.loginName ?? null,
        signerKeyId: signer?.keyId ?? null,
        signerName: signer?.name ?? null,
      })
      .onConflictDoNothing()
      .returning({ version: pluginVersions.version });
    if (inserted.length === 0) {
      throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.versionTaken(manifest.id, manifest.version));
    }
    const sameNames = await tx
      .select({ name: pluginFiles.name, sha256: pluginFiles.sha256, version: pluginFiles.version })
      .from(pluginFiles)
      .where(eq(pluginFiles.pluginId, manifest.id));
    const byName = new Map(sameNames.map((file) => [file.name, file]));
    for (const file of archive.files) {
      const other = byName.get(file.name);
      if (other && other.sha256 !== file.sha256) {
        throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.fileConflict(file.name, other.version));
      }
    }
    // The plugin's tables brought to the declaration: a change that drops or narrows data is refused here.
    await applyPluginEntities(tx, manifest.id, manifest.entities);
    await storeFiles(tx, store, archive);
    await tx.insert(pluginFiles).values(
      archive.files.map((file) => ({
        pluginId: manifest.id,
        version: manifest.version,
        name: file.name,
        sha256: file.sha256,
        integrity: file.integrity,
        size: file.bytes.length,
      })),
    );
    const active = !current || activate;
    if (active) {
      await checkMenus(tx, manifest);
      if (!current || current.enabled) await checkRoutes(tx, manifest);
      await tx
        .insert(pluginRegistry)
        .values({ id: manifest.id, ...activeColumns(manifest), source: 'external', enabled: true })
        .onConflictDoUpdate({
          target: pluginRegistry.id,
          set: { ...activeColumns(manifest), ...(current && previousColumns(current)), updatedAt: sql`now()` },
        });
      await claimCodes(tx, manifest.id, manifest.permissions ?? []);
    }
    await recordAudit(tx, request, {
      action: 'plugin.install',
      entity: 'plugin',
      entityId: manifest.id,
      before: current ? { version: current.version, enabled: current.enabled } : null,
      after: {
        version: manifest.version,
        active,
        files: archive.files.map((file) => file.name),
        size: archive.size,
        signer: signer ? `${signer.name}（${signer.keyId}）` : '未签名',
        codes: (manifest.permissions ?? []).map((permission) => permission.code),
      },
    });
    // A disabled plugin stays disabled: its new active version is loaded once it is enabled.
    return {
      id: manifest.id,
      version: manifest.version,
      active,
      enabled: current?.enabled ?? true,
      signer: signer?.name ?? null,
    };
  });
}

/** Makes an installed version the active one: an upgrade or a roll back, audited as which it is. */
export async function activatePluginVersion(
  db: AppDatabase,
  request: FastifyRequest,
  id: string,
  version: string,
  signatures: PluginSignatureMode = 'optional',
) {
  return db.transaction(async (tx) => {
    await lockPlugin(tx, id);
    const [current] = await tx.select().from(pluginRegistry).where(eq(pluginRegistry.id, id)).for('update');
    if (!current) throw new ApiError('404', PLUGIN_ADMIN_MESSAGES.notFound);
    if (current.source === 'bundled') throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.bundledVersions);
    const [target] = await tx
      .select({ manifest: pluginVersions.manifest })
      .from(pluginVersions)
      .where(and(eq(pluginVersions.pluginId, id), eq(pluginVersions.version, version)));
    if (!target) throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.noVersion(id, version));
    const manifest = target.manifest;
    if (!sdkCompatible(manifest.sdkVersion)) {
      throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.sdkMajor(id, version, manifest.sdkVersion));
    }
    if (current.version !== version) {
      await checkVersionSigned(tx, id, version, signatures);
      await checkMenus(tx, manifest);
      if (current.enabled) await checkRoutes(tx, manifest);
      await tx
        .update(pluginRegistry)
        .set({ ...activeColumns(manifest), ...previousColumns(current), updatedAt: sql`now()` })
        .where(eq(pluginRegistry.id, id));
      await claimCodes(tx, id, manifest.permissions ?? []);
      await recordAudit(tx, request, {
        action: compareVersions(version, current.version) > 0 ? 'plugin.upgrade' : 'plugin.rollback',
        entity: 'plugin',
        entityId: id,
        before: { version: current.version },
        after: { version },
      });
    }
    return { id, version, enabled: current.enabled };
  });
}

/**
 * Switches a plugin on (its routes and the menus' components checked again) or off: the portal
 * stops loading it at once. Switching off is never refused for its menus (it is the way to
 * stop a broken plugin at once); the answer names them (`menus`): they cannot be opened
 * until the plugin is enabled again.
 */
export async function setPluginEnabled(
  db: AppDatabase,
  request: FastifyRequest,
  id: string,
  enabled: boolean,
  signatures: PluginSignatureMode = 'optional',
) {
  if (!enabled && id === SELF_PLUGIN) throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.selfDisable);
  return db.transaction(async (tx) => {
    await lockPlugin(tx, id);
    const [current] = await tx.select().from(pluginRegistry).where(eq(pluginRegistry.id, id)).for('update');
    if (!current) throw new ApiError('404', PLUGIN_ADMIN_MESSAGES.notFound);
    if (current.enabled !== enabled) {
      if (enabled) {
        if (!sdkCompatible(current.sdkVersion)) {
          throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.sdkMajor(id, current.version, current.sdkVersion));
        }
        if (current.source !== 'bundled') await checkVersionSigned(tx, id, current.version, signatures);
        await checkMenus(tx, current);
        await checkRoutes(tx, current);
      }
      await tx
        .update(pluginRegistry)
        .set({ enabled, updatedAt: sql`now()` })
        .where(eq(pluginRegistry.id, id));
      await recordAudit(tx, request, {
        action: enabled ? 'plugin.enable' : 'plugin.disable',
        entity: 'plugin',
        entityId: id,
        before: { enabled: current.enabled },
        after: { enabled },
      });
    }
    if (enabled) return { id, version: current.version, enabled };
    return { id, version: current.version, enabled, menus: (await menusOf(tx, id)).map((menu) => menu.name) };
  });
}

/**
 * Removes an uploaded plugin with every version. Refused for a bundled plugin and while a
 * menu's `componentPath` names one of its components (the menus named). The bytes stay in
 * the store until the next start's sweep (docs/registration.md "Files").
 */
export async function uninstallPlugin(db: AppDatabase, request: FastifyRequest, id: string) {
  return db.transaction(async (tx) => {
    await lockPlugin(tx, id);
    const [current] = await tx.select().from(pluginRegistry).where(eq(pluginRegistry.id, id)).for('update');
    if (!current) throw new ApiError('404', PLUGIN_ADMIN_MESSAGES.notFound);
    if (current.source === 'bundled') throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.bundledUninstall);
    const menus = await menusOf(tx, id);
    if (menus.length > 0) {
      throw new ApiError('400', PLUGIN_ADMIN_MESSAGES.inMenus(id, menus.map((menu) => `「${menu.name}」`).join('')));
    }
    const [{ versions }] = await tx
      .select({ versions: count() })
      .from(pluginVersions)
      .where(eq(pluginVersions.pluginId, id));
    await releaseCodes(tx, id);
    await tx.delete(pluginVersions).where(eq(pluginVersions.pluginId, id));
    await tx.delete(pluginRegistry).where(eq(pluginRegistry.id, id));
    await recordAudit(tx, request, {
      action: 'plugin.uninstall',
      entity: 'plugin',
      entityId: id,
      before: { version: current.version, enabled: current.enabled, versions },
      after: null,
    });
    return { id, versions };
  });
}
