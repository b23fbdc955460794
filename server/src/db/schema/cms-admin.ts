import { index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { cmsContents } from './cms';
import { files } from './files';

/**
 * Which uploaded images (`files` of purpose `cms-image`) a content shows, in its body or as
 * its cover: kept with each save, so `/file/cms/<id>` serves an image to anyone exactly while
 * a published content holds it (docs/architecture.md "Content management and complaints").
 */
export const cmsContentFiles = pgTable(
  'cms_content_files',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => cmsContents.id, { onDelete: 'cascade' }),
    fileId: varchar('file_id', { length: 32 })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.contentId, table.fileId] }),
    index('cms_content_files_file_idx').on(table.fileId),
  ],
);
