import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

export const dictCategories = pgTable('dict_categories', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
});

export const dictItems = pgTable(
  'dict_items',
  {
    categoryCode: varchar('category_code', { length: 64 })
      .notNull()
      .references(() => dictCategories.code, { onDelete: 'cascade' }),
    itemCode: varchar('item_code', { length: 32 }).notNull(),
    itemValue: varchar('item_value', { length: 128 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.categoryCode, table.itemCode] })],
);
