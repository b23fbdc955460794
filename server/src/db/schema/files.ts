import { customType, foreignKey, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** `bytea`, read as a Buffer whichever driver is underneath (PGlite hands a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of every stored file (migration 0047; docs/registration.md "Files"), by content:
 * one row per sha256 however often the bytes are uploaded, written in the transaction of the
 * row that names them (a `files` row or a `plugin_files` row, each with a foreign key here),
 * so every node reads the same bytes and none are left without a row by a crash. Rows no
 * file names any more are swept (files/sweep.ts).
 */
export const fileBlobs = pgTable('file_blobs', {
  sha256: varchar('sha256', { length: 64 }).primaryKey(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Stored files (DESIGN "Files"; docs/registration.md "Files"): a row per upload, its bytes in
 * {@link fileBlobs}. An upload is `attached` by the transaction of the record that holds it;
 * unattached uploads and bytes no row names are swept (files/sweep.ts).
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
    foreignKey({ columns: [table.sha256], foreignColumns: [fileBlobs.sha256], name: 'files_sha256_fk' }),
  ],
);
