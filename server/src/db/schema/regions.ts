import { index, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Administrative divisions (GB/T 2260), a tree under the root `100000` 中国. */
export const regions = pgTable(
  'regions',
  {
    code: varchar('code', { length: 6 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 6 }),
    name: varchar('name', { length: 64 }).notNull(),
    /** 0 root, 1 province, 2 city, 3 county. */
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The administration list's key (migration 0030); the code is the region's handle. */
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    /** '1' 启用, '2' 停用: a disabled region and what lies below it are no longer offered by the pickers. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
  },
  (table) => [
    index('regions_parent_code_idx').on(table.parentCode, table.sort),
    uniqueIndex('regions_id_idx').on(table.id),
  ],
);

/**
 * Named groups of regions: the offices (`office`) and the Xinjiang reservation areas
 * (`reservation_area`: 北疆, 南疆, 东疆, 兵团).
 */
export const regionGroups = pgTable(
  'region_groups',
  {
    groupType: varchar('group_type', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.groupType, table.code] })],
);
