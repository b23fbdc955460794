import type { SearchIndexState } from '@cotton/sdk/contracts';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sysUsers } from './auth';

/**
 * Each user's back-office layout and theme (docs/architecture.md "Theme and layout"); a user
 * without a row has the defaults. A table of its own rather than columns on sys_users: the
 * preferences change on their own and never take part in the user lists.
 */
export const sysUserPreferences = pgTable(
  'sys_user_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    menuLayout: varchar('menu_layout', { length: 8 }).notNull().default('side'),
    theme: varchar('theme', { length: 8 }).notNull().default('light'),
    primaryColor: varchar('primary_color', { length: 7 }).notNull().default('#165DFF'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('sys_user_preferences_menu_layout_check', sql`${table.menuLayout} in ('side', 'top')`),
    check('sys_user_preferences_theme_check', sql`${table.theme} in ('light', 'dark')`),
  ],
);

/**
 * 系统监控 (docs/architecture.md "Monitor"): every server process writes its figures here every
 * few seconds, because a request reaches only one process of a cluster. Rows of processes that
 * stopped are shown as lost for a while, then removed by the others.
 */
export const sysProcessHeartbeats = pgTable('sys_process_heartbeats', {
  /** host:pid:random, unique per running application (tests run several in one process). */
  instanceId: varchar('instance_id', { length: 128 }).primaryKey(),
  host: varchar('host', { length: 128 }).notNull(),
  pid: integer('pid').notNull(),
  /** `primary` or the cluster worker's id. */
  role: varchar('role', { length: 32 }).notNull(),
  nodeVersion: varchar('node_version', { length: 32 }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true, mode: 'date' }).notNull(),
  rssBytes: doublePrecision('rss_bytes').notNull(),
  heapUsedBytes: doublePrecision('heap_used_bytes').notNull(),
  heapTotalBytes: doublePrecision('heap_total_bytes').notNull(),
  /** Mean event-loop delay since the previous beat, ms. */
  eventLoopDelayMs: doublePrecision('event_loop_delay_ms'),
  searchIndex: jsonb('search_index').$type<SearchIndexState>(),
});
