import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { pluginRegistry } from '../../db/schema/index';
import type { ManifestChunk } from '@cotton/sdk/contracts';
import { Value } from 'typebox/value';
import { PluginManifest } from './schema';

type ManifestField = keyof typeof PluginManifest.properties;

/** Whether `value` fits the contract's schema of one manifest field. */
function fits(field: ManifestField, value: unknown): boolean {
  return Value.Check(PluginManifest.properties[field], value);
}

/**
 * Checks a `manifest.json` read from `plugins/<folder>/dist` against the contract
 * (`PluginManifest` of `@cotton/sdk/contracts`), field by field so that the reason names the
 * first bad one, plus what a schema cannot say: the id is the folder's, the entry and the
 * chunks lie under `/plugins/<id>/`. `sharedImports` may be absent (manifests written before
 * the field: `[]`). Returns the manifest with only its own fields, or the reason it is refused.
 */
export function checkManifest(value: unknown, folder: string): { manifest: PluginManifest } | { reason: string } {
  if (!value || typeof value !== 'object') return { reason: 'manifest.json 不是 JSON 对象' };
  const m = value as Record<string, unknown>;
  if (!fits('id', m.id)) return { reason: 'id 无效' };
  if (m.id !== folder) return { reason: `id「${String(m.id)}」与目录名「${folder}」不一致` };
  const home = `/plugins/${folder}/`;
  if (!fits('version', m.version)) return { reason: 'version 无效' };
  if (!fits('entry', m.entry) || !(m.entry as string).startsWith(home)) return { reason: `entry 应位于 ${home} 下` };
  if (!fits('integrity', m.integrity)) return { reason: 'integrity 无效' };
  if (!fits('sdkVersion', m.sdkVersion)) return { reason: 'sdkVersion 无效' };
  if (!fits('components', m.components)) return { reason: 'components 无效' };
  if (m.sharedImports !== undefined && !fits('sharedImports', m.sharedImports)) return { reason: 'sharedImports 无效' };
  if (
    m.chunks !== undefined &&
    (!fits('chunks', m.chunks) || !(m.chunks as ManifestChunk[]).every((chunk) => chunk.url.startsWith(home)))
  ) {
    return { reason: 'chunks 无效' };
  }
  if (!fits('routes', m.routes)) return { reason: 'routes 无效' };
  const checked = { ...m, sharedImports: m.sharedImports ?? [] };
  if (!Value.Check(PluginManifest, checked)) return { reason: 'manifest.json 无效' };
  // Only the manifest's own fields (also inside routes and chunks).
  const { chunks, sharedImports, ...manifest } = Value.Clean(PluginManifest, Value.Clone(checked)) as PluginManifest;
  return {
    manifest: {
      ...manifest,
      sharedImports: [...new Set(sharedImports)].sort(),
      ...(chunks && chunks.length > 0 ? { chunks } : {}),
    },
  };
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
        .onConflictDoUpdate({ target: pluginRegistry.id, set: { ...row, updatedAt: sql`now()` } });
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
