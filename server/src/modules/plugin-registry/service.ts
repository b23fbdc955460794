import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { pluginRegistry } from '../../db/schema/index';
import type { PluginManifest } from './schema';

const PLUGIN_ID = /^[a-z0-9][a-z0-9-]*$/;
const INTEGRITY = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

function isString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Checks a `manifest.json` read from `plugins/<folder>/dist`; returns the reason it is refused, if any. */
export function checkManifest(value: unknown, folder: string): { manifest: PluginManifest } | { reason: string } {
  if (!value || typeof value !== 'object') return { reason: 'manifest.json 不是 JSON 对象' };
  const m = value as Record<string, unknown>;
  if (!isString(m.id) || !PLUGIN_ID.test(m.id)) return { reason: 'id 无效' };
  if (m.id !== folder) return { reason: `id「${m.id}」与目录名「${folder}」不一致` };
  if (!isString(m.version)) return { reason: 'version 无效' };
  if (!isString(m.entry) || !m.entry.startsWith(`/plugins/${m.id}/`)) return { reason: `entry 应位于 /plugins/${m.id}/ 下` };
  if (!isString(m.integrity) || !INTEGRITY.test(m.integrity)) return { reason: 'integrity 无效' };
  if (!isString(m.sdkVersion)) return { reason: 'sdkVersion 无效' };
  if (!Array.isArray(m.components) || !m.components.every(isString)) return { reason: 'components 无效' };
  // Optional: manifests from builds before the field have none.
  if (m.sharedImports !== undefined && (!Array.isArray(m.sharedImports) || !m.sharedImports.every(isString))) {
    return { reason: 'sharedImports 无效' };
  }
  // Optional: one-file bundles have none. Each chunk lies beside the entry and has an integrity.
  if (
    m.chunks !== undefined &&
    (!Array.isArray(m.chunks) ||
      !m.chunks.every(
        (chunk: unknown) =>
          !!chunk &&
          typeof chunk === 'object' &&
          isString((chunk as { url?: unknown }).url) &&
          (chunk as { url: string }).url.startsWith(`/plugins/${m.id}/`) &&
          isString((chunk as { integrity?: unknown }).integrity) &&
          INTEGRITY.test((chunk as { integrity: string }).integrity),
      ))
  ) {
    return { reason: 'chunks 无效' };
  }
  if (
    !Array.isArray(m.routes) ||
    !m.routes.every(
      (route: unknown) =>
        !!route &&
        typeof route === 'object' &&
        isString((route as { path?: unknown }).path) &&
        typeof (route as { public?: unknown }).public === 'boolean' &&
        ['string', 'undefined'].includes(typeof (route as { title?: unknown }).title),
    )
  ) {
    return { reason: 'routes 无效' };
  }
  const routes = (m.routes as Array<{ path: string; public: boolean; title?: string }>).map(({ path, public: isPublic, title }) =>
    title === undefined ? { path, public: isPublic } : { path, public: isPublic, title },
  );
  return {
    manifest: {
      id: m.id,
      version: m.version,
      entry: m.entry,
      integrity: m.integrity,
      routes,
      components: m.components as string[],
      sdkVersion: m.sdkVersion,
      sharedImports: [...new Set((m.sharedImports as string[] | undefined) ?? [])].sort(),
      ...(Array.isArray(m.chunks) && m.chunks.length > 0
        ? { chunks: (m.chunks as Array<{ url: string; integrity: string }>).map(({ url, integrity }) => ({ url, integrity })) }
        : {}),
    },
  };
}

/** Reads every `plugins/*\/dist/manifest.json` under `staticRoot`; invalid ones are logged and skipped. */
export async function readBundledManifests(staticRoot: string, log: FastifyBaseLogger): Promise<PluginManifest[]> {
  const pluginsRoot = join(staticRoot, 'plugins');
  let folders: string[];
  try {
    folders = (await readdir(pluginsRoot, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
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
export async function registerBundledPlugins(db: AppDatabase, staticRoot: string, log: FastifyBaseLogger): Promise<PluginManifest[]> {
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
        .onConflictDoUpdate({ target: pluginRegistry.id, set: { ...row, updatedAt: sql`now()` } });
    }
    const ids = manifests.map((manifest) => manifest.id);
    await tx
      .delete(pluginRegistry)
      .where(ids.length > 0 ? and(eq(pluginRegistry.source, 'bundled'), notInArray(pluginRegistry.id, ids)) : eq(pluginRegistry.source, 'bundled'));
  });
  log.info({ plugins: manifests.map((manifest) => `${manifest.id}@${manifest.version}`) }, '已登记内置插件');
  return manifests;
}

/** The enabled plugins, as manifests, ordered by id. */
export async function listEnabledPlugins(db: AppDatabase): Promise<PluginManifest[]> {
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
  // `chunks` is optional in the manifest: left out for one-file bundles.
  return rows.map(({ chunks, ...manifest }) => (chunks.length > 0 ? { ...manifest, chunks } : manifest));
}
