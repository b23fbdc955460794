import { sql } from 'drizzle-orm';
import type { PluginManifest } from '@cotton/sdk/contracts';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { fileBlobs } from './files';

export interface RegisteredRoute {
  path: string;
  public: boolean;
  title?: string;
}

export interface RegisteredChunk {
  url: string;
  integrity: string;
}

export const pluginRegistry = pgTable(
  'plugin_registry',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    version: varchar('version', { length: 32 }).notNull(),
    entry: varchar('entry', { length: 512 }).notNull(),
    integrity: varchar('integrity', { length: 128 }).notNull(),
    routes: jsonb('routes').$type<RegisteredRoute[]>().notNull(),
    components: jsonb('components').$type<string[]>().notNull(),
    sdkVersion: varchar('sdk_version', { length: 32 }).notNull(),
    /** Shared specifiers the bundle imports (`react`, `@arco-design/web-react/Table`…); the shell prefetches them. */
    sharedImports: jsonb('shared_imports')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The bundle's extra chunks (its dynamic imports) with their integrity; the shell puts them in the import map. */
    chunks: jsonb('chunks')
      .$type<RegisteredChunk[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 'bundled' (from plugins/*\/dist/manifest.json at start-up) or 'external' (registered by staff). */
    source: varchar('source', { length: 16 }).$type<'bundled' | 'external'>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The version that was active (and enabled) before `version`, whose files are still served
     * until `previous_until` for the tabs that loaded it (docs/architecture.md "Plugin registry").
     */
    previousVersion: varchar('previous_version', { length: 32 }),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('plugin_registry_source_check', sql`${table.source} in ('bundled', 'external')`)],
);

/**
 * Every installed version of an uploaded (`external`) plugin (docs/architecture.md "Plugin
 * registry"); `plugin_registry` holds the active one. The manifest as published (no `files`).
 */
export const pluginVersions = pgTable(
  'plugin_versions',
  {
    pluginId: varchar('plugin_id', { length: 64 }).notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    manifest: jsonb('manifest').$type<PluginManifest>().notNull(),
    /** Bytes of its files together. */
    size: integer('size').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Login name of the administrator who installed it. */
    installedBy: varchar('installed_by', { length: 64 }),
    /**
     * The trusted publisher key whose signature was verified at install (migration 0048):
     * its id and its name then. Null: installed unsigned or by an unknown signer (未签名).
     */
    signerKeyId: varchar('signer_key_id', { length: 32 }),
    signerName: varchar('signer_name', { length: 32 }),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.version] })],
);

/**
 * The files of each installed version, their bytes stored by content in `file_blobs` and
 * served at `/plugins/<plugin id>/<name>` while their version is (the active one of an enabled
 * plugin, or the one it replaced until `previous_until`). A name means the same bytes in every version of a
 * plugin (the install refuses otherwise), so its URL is immutable.
 */
export const pluginFiles = pgTable(
  'plugin_files',
  {
    pluginId: varchar('plugin_id', { length: 64 }).notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    integrity: varchar('integrity', { length: 128 }).notNull(),
    size: integer('size').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.pluginId, table.version, table.name] }),
    foreignKey({
      columns: [table.pluginId, table.version],
      foreignColumns: [pluginVersions.pluginId, pluginVersions.version],
      name: 'plugin_files_version_fk',
    }).onDelete('cascade'),
    index('plugin_files_name_idx').on(table.pluginId, table.name),
    index('plugin_files_sha256_idx').on(table.sha256),
    foreignKey({ columns: [table.sha256], foreignColumns: [fileBlobs.sha256], name: 'plugin_files_sha256_fk' }),
  ],
);

/**
 * The permission codes the active version of each uploaded plugin declares (migration 0048):
 * the claim that makes a code the plugin's (the primary key refuses a second plugin), and what
 * to register in the menu tree — `button` codes as nodes under the menus showing `component`,
 * `menu` codes as such a menu's code.
 */
export const pluginPermissions = pgTable('plugin_permissions', {
  code: varchar('code', { length: 64 }).primaryKey(),
  pluginId: varchar('plugin_id', { length: 64 })
    .notNull()
    .references(() => pluginRegistry.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 8 }).$type<'menu' | 'button'>().notNull(),
  component: varchar('component', { length: 64 }).notNull(),
  label: varchar('label', { length: 32 }).notNull(),
});

/** 插件管理 › 发布者密钥 (migration 0048): the Ed25519 public keys whose signatures the install trusts. */
export const pluginPublisherKeys = pgTable('plugin_publisher_keys', {
  keyId: varchar('key_id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  /** SPKI PEM. */
  publicKey: varchar('public_key', { length: 256 }).notNull(),
  addedBy: varchar('added_by', { length: 64 }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});
