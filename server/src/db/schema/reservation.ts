import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, numeric, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { warehouses } from './warehouses';

/**
 * Warehouse reservation (入库预约): per warehouse its settings, its day plans and the
 * ginneries' appointments. Warehouses are referenced by code; removing a warehouse
 * removes its reservation data. The Xinjiang reservation area a warehouse belongs to is
 * `warehouses.reservation_area_code` (region group `reservation_area`).
 */

const warehouseCode = (name: string) =>
  varchar(name, { length: 16 })
    .notNull()
    .references(() => warehouses.code, { onDelete: 'cascade', onUpdate: 'cascade' });

export const reservationSettings = pgTable(
  'reservation_settings',
  {
    warehouseCode: warehouseCode('warehouse_code').primaryKey(),
    /** 1 by day (a ginnery books a day), 2 specified date (booked first, the warehouse assigns the day). */
    appointmentType: smallint('appointment_type').notNull(),
    /** '1' the warehouse publishes its plan (subscribed to the reservation service), '0' not. */
    isSubscribe: char('is_subscribe', { length: 1 }).notNull().default('1'),
  },
  (table) => [
    check('reservation_settings_type_check', sql`${table.appointmentType} in (1, 2)`),
    check('reservation_settings_subscribe_check', sql`${table.isSubscribe} in ('0', '1')`),
  ],
);

export const reservationDayPlans = pgTable(
  'reservation_day_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseCode: warehouseCode('warehouse_code'),
    planDate: date('plan_date', { mode: 'string' }).notNull(),
    /** Tonnes the warehouse can receive that day. */
    capacity: numeric('capacity', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    /**
     * As planned: 1 bookable, 3 not bookable, 4 specified date, 5 booking paused
     * (2 fully booked is derived when the bookings reach the capacity of a bookable day,
     * but may also be stored when the warehouse closes a day by hand).
     */
    status: smallint('status').notNull(),
  },
  (table) => [
    unique('reservation_day_plans_warehouse_date_key').on(table.warehouseCode, table.planDate),
    index('reservation_day_plans_date_idx').on(table.planDate),
    check('reservation_day_plans_status_check', sql`${table.status} between 1 and 5`),
    check('reservation_day_plans_capacity_check', sql`${table.capacity} >= 0`),
  ],
);

export const factoryAppointments = pgTable(
  'factory_appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseCode: warehouseCode('warehouse_code'),
    /** The day the batch is to be received; null when booked but not yet given a day (type 2). */
    appointmentDate: date('appointment_date', { mode: 'string' }),
    /** 11 digits: ginnery code (5) + crop year (2) + serial (4). */
    batchNumber: char('batch_number', { length: 11 }).notNull(),
    factoryName: varchar('factory_name', { length: 128 }).notNull(),
    /** Display name: 细绒棉, 长绒棉. */
    stockName: varchar('stock_name', { length: 16 }).notNull(),
    /** Display name of processing and picking: 锯齿机采, 锯齿手摘, 皮辊手摘. */
    whsPickMode: varchar('whs_pick_mode', { length: 16 }).notNull(),
    productYear: char('product_year', { length: 4 }).notNull(),
    /** Tonnes. */
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    /** Bales. */
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    index('factory_appointments_warehouse_date_idx').on(table.warehouseCode, table.appointmentDate),
    index('factory_appointments_date_idx').on(table.appointmentDate),
    check('factory_appointments_batch_check', sql`${table.batchNumber} ~ '^[0-9]{11}$'`),
  ],
);
