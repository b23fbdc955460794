import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

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
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('plugin_registry_source_check', sql`${table.source} in ('bundled', 'external')`)],
);
