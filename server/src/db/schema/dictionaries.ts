import { integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Dictionary categories and their items (docs/architecture.md "Dictionaries, regions and
 * banks: administration"). Codes are the handles consumers and stored records hold, so they
 * never change once created; `id` is the administration list's key (migration 0030).
 */
export const dictCategories = pgTable(
  'dict_categories',
  {
    code: varchar('code', { length: 64 }).primaryKey(),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 256 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dict_categories_id_idx').on(table.id)],
);

export const dictItems = pgTable(
  'dict_items',
  {
    categoryCode: varchar('category_code', { length: 64 })
      .notNull()
      .references(() => dictCategories.code, { onDelete: 'cascade' }),
    itemCode: varchar('item_code', { length: 32 }).notNull(),
    itemValue: varchar('item_value', { length: 128 }).notNull(),
    sort: integer('sort').notNull().default(0),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    /** '1' 启用, '2' 停用: a disabled item is no longer offered; records holding it keep its code. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.categoryCode, table.itemCode] }),
    uniqueIndex('dict_items_id_idx').on(table.id),
  ],
);
