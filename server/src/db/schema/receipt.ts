import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { regions } from './regions';
import { warehouses } from './warehouses';

/** An average as an exact decimal in the database and a number in JSON. */
const avg = (name: string, scale: number) => numeric(name, { precision: 6, scale, mode: 'number' });

/** Ginneries (轧花厂 / 棉业公司): the processing units that make batches; the factory-name suggestions read this table. */
export const ginneries = pgTable(
  'ginneries',
  {
    /** 5 digits: 2-digit province prefix + 3-digit serial, e.g. `65079`. */
    code: varchar('code', { length: 5 }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    provinceCode: varchar('province_code', { length: 6 })
      .notNull()
      .references(() => regions.code, { onDelete: 'cascade' }),
  },
  (table) => [index('ginneries_name_idx').on(table.name)],
);

/**
 * One row per batch (批号): the inspection certificate's identity, weights and the summary
 * computed from its bales with `modules/receipt/quality.ts`.
 */
export const receiptBatches = pgTable(
  'receipt_batches',
  {
    /** 11 digits: ginnery code + 2-digit crop year + 4-digit serial. */
    batchNumber: varchar('batch_number', { length: 11 }).primaryKey(),
    ginneryCode: varchar('ginnery_code', { length: 5 })
      .notNull()
      .references(() => ginneries.code, { onDelete: 'cascade' }),
    factoryName: varchar('factory_name', { length: 64 }).notNull(),
    /** 4-digit crop (processing) year, PRODUCT_YEAR. */
    productYear: varchar('product_year', { length: 4 }).notNull(),
    /** STOCK_NAME code. */
    stockName: varchar('stock_name', { length: 4 }).notNull(),
    /** PROCESSING_METHOD code. */
    processingMethod: varchar('processing_method', { length: 4 }).notNull(),
    /** PICK_MODE code. */
    pickMode: varchar('pick_mode', { length: 4 }).notNull(),
    /** PRODUCING_AREA code. */
    origin: varchar('origin', { length: 4 }).notNull(),
    inspectDate: date('inspect_date', { mode: 'string' }).notNull(),
    inspectCompany: varchar('inspect_company', { length: 64 }).notNull(),
    baleCount: smallint('bale_count').notNull(),
    grossKg: integer('gross_kg').notNull(),
    tareKg: integer('tare_kg').notNull(),
    netKg: integer('net_kg').notNull(),
    conditionedKg: integer('conditioned_kg').notNull(),
    mainColorGrade: varchar('main_color_grade', { length: 2 }),
    mainLengthGrade: smallint('main_length_grade'),
    mainMicronaireGrade: varchar('main_micronaire_grade', { length: 2 }),
    avgLength: avg('avg_length', 1).notNull(),
    avgMicronaire: avg('avg_micronaire', 2).notNull(),
    avgStrength: avg('avg_strength', 1).notNull(),
    avgUniformity: avg('avg_uniformity', 1).notNull(),
    avgTrash: avg('avg_trash', 1).notNull(),
    avgMoisture: avg('avg_moisture', 1).notNull(),
    avgRd: avg('avg_rd', 1).notNull(),
    avgPlusB: avg('avg_plus_b', 1).notNull(),
  },
  (table) => [index('receipt_batches_ginnery_idx').on(table.ginneryCode)],
);

/** `bytea` as a Uint8Array (drizzle-orm 0.45 has no built-in bytea column). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * Bale-level HVI data, one row per batch, one byte per bale per indicator in bale order
 * (packing in `modules/receipt/bale-codec.ts`: tenths above a fixed offset; colour grade
 * codes as they are; gross weights as 16-bit tenths of a kilogram). A 186-bale batch is
 * ≈ 2 KB against ≈ 190 rows and their index entries in a bale table: a million batches
 * stay tractable, a batch is read with one primary-key lookup, and PGlite loads the small
 * seed quickly (parsing `real[]` arrays made it ten times slower).
 */
export const receiptBaleRecords = pgTable('receipt_bale_records', {
  batchNumber: varchar('batch_number', { length: 11 })
    .primaryKey()
    .references(() => receiptBatches.batchNumber, { onDelete: 'cascade' }),
  baleCount: smallint('bale_count').notNull(),
  /** Colour grade codes (31 = 白棉3级). */
  colorGrade: bytes('color_grade').notNull(),
  /** mm */
  length: bytes('length').notNull(),
  micronaire: bytes('micronaire').notNull(),
  /** cN/tex */
  strength: bytes('strength').notNull(),
  /** % */
  uniformity: bytes('uniformity').notNull(),
  rd: bytes('rd').notNull(),
  plusB: bytes('plus_b').notNull(),
  /** moisture regain, % */
  moisture: bytes('moisture').notNull(),
  /** trash, % */
  trash: bytes('trash').notNull(),
  /** kg per bale */
  grossKg: bytes('gross_kg').notNull(),
});

/**
 * Warehouse receipts (仓单) with the batch's search columns copied in, so that the search
 * reads one indexed table. Column names follow the batch table.
 */
export const receipts = pgTable(
  'receipts',
  {
    receiptNumber: varchar('receipt_number', { length: 20 }).primaryKey(),
    batchNumber: varchar('batch_number', { length: 11 })
      .notNull()
      .references(() => receiptBatches.batchNumber, { onDelete: 'cascade' }),
    warehouseCode: varchar('warehouse_code', { length: 16 })
      .notNull()
      .references(() => warehouses.code, { onDelete: 'cascade' }),
    whsName: varchar('whs_name', { length: 128 }).notNull(),
    /** City (place) code of the warehouse. */
    placeCode: varchar('place_code', { length: 6 }).notNull(),
    placeName: varchar('place_name', { length: 64 }).notNull(),
    /** Storage position in the warehouse (storageWs), e.g. `3号库-A12`. */
    storageWs: varchar('storage_ws', { length: 32 }).notNull(),
    /** 制单日期 */
    machineDate: date('machine_date', { mode: 'string' }).notNull(),
    /** WAREHOUSE_STATUS code. */
    status: varchar('status', { length: 4 }).notNull(),
    quantity: smallint('quantity').notNull(),
    grossKg: integer('gross_kg').notNull(),
    netKg: integer('net_kg').notNull(),
    conditionedKg: integer('conditioned_kg').notNull(),

    // Copied from the batch.
    factoryName: varchar('factory_name', { length: 64 }).notNull(),
    productYear: varchar('product_year', { length: 4 }).notNull(),
    stockName: varchar('stock_name', { length: 4 }).notNull(),
    processingMethod: varchar('processing_method', { length: 4 }).notNull(),
    pickMode: varchar('pick_mode', { length: 4 }).notNull(),
    origin: varchar('origin', { length: 4 }).notNull(),
    inspectDate: date('inspect_date', { mode: 'string' }).notNull(),
    inspectCompany: varchar('inspect_company', { length: 64 }).notNull(),
    colorGrade: varchar('color_grade', { length: 2 }),
    lengthGrade: smallint('length_grade'),
    micronaireGrade: varchar('micronaire_grade', { length: 2 }),
    avgLength: avg('avg_length', 1).notNull(),
    avgMicronaire: avg('avg_micronaire', 2).notNull(),
    avgStrength: avg('avg_strength', 1).notNull(),
    avgUniformity: avg('avg_uniformity', 1).notNull(),
    avgTrash: avg('avg_trash', 1).notNull(),
    avgMoisture: avg('avg_moisture', 1).notNull(),
    avgRd: avg('avg_rd', 1).notNull(),
    avgPlusB: avg('avg_plus_b', 1).notNull(),
  },
  (table) => [
    // The search itself runs on the in-memory index (modules/receipt/search-index.ts); these
    // serve lookups by batch, the suggestions' "has receipts" test, and the cascades.
    index('receipts_batch_number_pattern_idx').using('btree', table.batchNumber.op('varchar_pattern_ops')),
    index('receipts_warehouse_code_idx').on(table.warehouseCode),
    index('receipts_factory_name_idx').on(table.factoryName),
  ],
);

/**
 * One row whose `version` a trigger on `receipts` raises with every statement that changes
 * them (migration 0010); `purged_through`: the highest version whose `receipt_changes` rows
 * have been deleted (migration 0034) — a search index that applied less must be rebuilt.
 */
export const receiptSearchState = pgTable('receipt_search_state', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  purgedThrough: bigint('purged_through', { mode: 'number' }).notNull().default(0),
});

/**
 * The receipts each change touched, under the version the statement raised (migration 0034,
 * written by the statement triggers on `receipts` from their transition tables); a truncate
 * writes one row with no number. The search index applies the rows above its version.
 */
export const receiptChanges = pgTable(
  'receipt_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    receiptNumber: varchar('receipt_number', { length: 20 }),
    // The time the trigger wrote the row, not the transaction's start (migration 0036): the
    // rows of a long transaction are not already past the purge age when it commits.
    changedAt: timestamp('changed_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index('receipt_changes_version_idx').on(table.version)],
);
