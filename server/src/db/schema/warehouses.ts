import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { regions } from './regions';

/** Money and rates: exact decimals in the database, numbers in JSON. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const tonnes = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `WH` + 2-digit province prefix + serial, e.g. `WH65001`. */
    code: varchar('code', { length: 16 }).notNull().unique(),
    name: varchar('name', { length: 128 }).notNull(),
    /** '1' Xinjiang, '2' inland (dictionary WAREHOUSE_AREA_TYPE). */
    areaType: char('area_type', { length: 1 }).notNull(),
    provinceCode: varchar('province_code', { length: 6 })
      .notNull()
      .references(() => regions.code),
    cityCode: varchar('city_code', { length: 6 }).references(() => regions.code),
    countyCode: varchar('county_code', { length: 6 }).references(() => regions.code),
    /** Region group `office` this warehouse reports to. */
    officeCode: varchar('office_code', { length: 32 }),
    /** Region group `reservation_area` (Xinjiang only). */
    reservationAreaCode: varchar('reservation_area_code', { length: 32 }),

    addressDetail: varchar('address_detail', { length: 256 }).notNull(),
    postalCode: varchar('postal_code', { length: 6 }),
    foundTime: date('found_time', { mode: 'string' }),
    warehouseNote: text('warehouse_note'),
    synopsis: text('synopsis'),
    stationName: varchar('station_name', { length: 64 }),
    /** '1' has a railway special line, '0' has none. */
    specialRailwayLine: char('special_railway_line', { length: 1 }).notNull().default('0'),
    specialRailwayLineName: varchar('special_railway_line_name', { length: 128 }),

    /** Comma-joined WHS_TYPE codes. */
    whsTypes: varchar('whs_types', { length: 64 }),
    /** Comma-joined WHS_BIZ_TYPE codes. */
    whsBizTypes: varchar('whs_biz_types', { length: 64 }),
    storageCapacityMax: tonnes('storage_capacity_max'),
    dispatchMin: tonnes('dispatch_min'),
    /** '1' open for business, '0' not. */
    canWork: char('can_work', { length: 1 }).notNull().default('1'),
    quanlityMonitorWeight: tonnes('quanlity_monitor_weight'),

    contactName: varchar('contact_name', { length: 32 }),
    contactPhone: varchar('contact_phone', { length: 32 }),
    contactMobile: varchar('contact_mobile', { length: 16 }),
    contactFax: varchar('contact_fax', { length: 32 }),
    bizContactName: varchar('biz_contact_name', { length: 32 }),
    bizContactPhone: varchar('biz_contact_phone', { length: 32 }),
    bizContactMobile: varchar('biz_contact_mobile', { length: 16 }),

    /** 元/吨 */
    cottonAutomobileInFee: money('cotton_automobile_in_fee'),
    cottonAutomobileOutFee: money('cotton_automobile_out_fee'),
    cottonTrainInFee: money('cotton_train_in_fee'),
    cottonTrainOutFee: money('cotton_train_out_fee'),
    cottonWaterInFee: money('cotton_water_in_fee'),
    cottonWaterOutFee: money('cotton_water_out_fee'),
    yarnAutomobileInFee: money('yarn_automobile_in_fee'),
    yarnAutomobileOutFee: money('yarn_automobile_out_fee'),
    yarnTrainInFee: money('yarn_train_in_fee'),
    yarnTrainOutFee: money('yarn_train_out_fee'),
    yarnWaterInFee: money('yarn_water_in_fee'),
    yarnWaterOutFee: money('yarn_water_out_fee'),
    /** 公检搬倒费, 元/吨; 0 means none (shown as dashes). */
    cottonExamineMoveFee: money('cotton_examine_move_fee'),
    /** 整理费, 元/吨 */
    reconditionFee: money('recondition_fee'),
    /** 改包费, 元/包 */
    restoreFee: money('restore_fee'),
    /** 缝包费, 元/包 */
    sewingBagFee: money('sewing_bag_fee'),
    /** 库内仓储费, 元/吨·天 */
    cottonIndoorRate: numeric('cotton_indoor_rate', { precision: 8, scale: 3, mode: 'number' }),
    /** 露天仓储费, 元/吨·天 */
    cottonOutdoorRate: numeric('cotton_outdoor_rate', { precision: 8, scale: 3, mode: 'number' }),
    /** 协助装车费, 元/车 */
    loadingHelpFee: money('loading_help_fee'),
  },
  (table) => [
    index('warehouses_province_code_idx').on(table.provinceCode),
    index('warehouses_area_type_idx').on(table.areaType),
    index('warehouses_reservation_area_idx').on(table.reservationAreaCode),
    check('warehouses_area_type_check', sql`${table.areaType} in ('1', '2')`),
  ],
);

export const freightYards = pgTable(
  'freight_yards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    stationName: varchar('station_name', { length: 64 }).notNull(),
    /** FREIGHT_YARD_TYPE code. */
    freightYardType: varchar('freight_yard_type', { length: 8 }).notNull(),
    freightYardName: varchar('freight_yard_name', { length: 128 }).notNull(),
    whsName: varchar('whs_name', { length: 128 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('freight_yards_warehouse_id_idx').on(table.warehouseId, table.sort)],
);
