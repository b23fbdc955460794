import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Stored files (DESIGN "Files"; docs/registration.md "Files"): the bytes live under
 * `FILES_DIR/<sha256[0:2]>/<sha256>` (content-addressed, written to a temporary file, fsynced,
 * renamed), a row per upload. An upload is `attached` by the transaction of the record that
 * holds it; unattached uploads and bytes no row names are swept (files/sweep.ts).
 */
export const files = pgTable(
  'files',
  {
    /** Random, 32 hex characters: what the browser holds. */
    id: varchar('id', { length: 32 }).primaryKey(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    /** What the content is (magic bytes): png, jpg, pdf. */
    type: varchar('type', { length: 8 }).notNull(),
    /** The name it was uploaded under (for the download's Content-Disposition), cleaned. */
    name: varchar('name', { length: 200 }).notNull(),
    /** sha256 of the applicant's upload token that owns it (anonymous uploads). */
    ownerTokenHash: varchar('owner_token_hash', { length: 64 }),
    /** The logged-in user who uploaded it. */
    ownerUserId: integer('owner_user_id'),
    /** The address it came from (anonymous uploads are limited per address). */
    ownerIp: varchar('owner_ip', { length: 64 }),
    /** What it is for: `upload` (a form's preview), `register` (an application's). */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When a record took it; null: a loose upload, swept after a day. */
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('files_sha256_idx').on(table.sha256),
    index('files_loose_idx').on(table.attachedAt, table.createdAt),
  ],
);
