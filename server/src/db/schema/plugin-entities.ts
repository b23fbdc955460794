import type { EntityFieldDeclaration } from '@cotton/sdk/contracts';
import { jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The tables plugins keep their entities in (migration 0049; docs/architecture.md "Plugin
 * entities"): one row per entity ever installed, with the fields its table has (the widest
 * version's: an upgrade only adds and widens). Kept when the plugin is uninstalled, until
 * 清除数据 drops the plugin's schema.
 */
export const pluginEntityTables = pgTable(
  'plugin_entity_tables',
  {
    pluginId: varchar('plugin_id', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 31 }).notNull(),
    label: varchar('label', { length: 32 }).notNull(),
    /** The fields the table has, as the latest installed version declares them. */
    fields: jsonb('fields').$type<EntityFieldDeclaration[]>().notNull(),
    /** `org`, `enterprise` or null: the owner columns the table has. */
    owner: varchar('owner', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.entity] })],
);
