import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { registerApplies, sysUsers } from './auth';
import { files } from './files';

/**
 * Enterprise registration (spec registration-and-login; docs/registration.md): the account
 * types an applicant may open with the form each shows, the agreements, the offices
 * (服务区域) with their contacts, the bank list, and the files of each application.
 * Applications themselves are `register_applies` (auth.ts).
 */

/** Which fields a type's form shows, and whether each is required: section → field → '0' | '1'. */
export type RegisterFormFields = Record<string, Record<string, '0' | '1'>>;

export const registerAccountTypes = pgTable('register_account_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  /** '1' 交易商, '2' 普通企业. */
  identity: varchar('identity', { length: 1 }).notNull(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  /** The role the first administrator of an approved enterprise gets (sys_roles.code). */
  roleCode: varchar('role_code', { length: 32 }).notNull(),
  /** '1': the form opens the electronic-signature section on 是 (spec §2 "specific application ids"). */
  usbkeyDefault: varchar('usbkey_default', { length: 1 }).notNull().default('0'),
  fields: jsonb('fields').$type<RegisterFormFields>().notNull(),
  sort: integer('sort').notNull().default(0),
  /** '1' offered, '0' not. */
  status: varchar('status', { length: 1 }).notNull().default('1'),
});

export const registerAgreements = pgTable('register_agreements', {
  code: varchar('code', { length: 32 }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  content: text('content').notNull(),
});

/** An office of the centre an applicant belongs to, and the headquarters' service centre. */
export const serviceAreas = pgTable('service_areas', {
  code: varchar('code', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  phone2: varchar('phone2', { length: 20 }).notNull(),
  address: varchar('address', { length: 200 }).notNull(),
  postcode: varchar('postcode', { length: 6 }).notNull(),
  provinces: varchar('provinces', { length: 200 }).notNull(),
  /** '1' the headquarters' customer-service centre. */
  headquarters: varchar('headquarters', { length: 1 }).notNull().default('0'),
  sort: integer('sort').notNull(),
});

/**
 * Banks (系统管理 › 银行管理): registration's bank picker offers the enabled ones; those flagged
 * `accountBank` are the banks an enterprise may open its settlement account with
 * (`/rest/bank/queryAccountBanks`). Columns after `sort`: migration 0030.
 */
export const banks = pgTable(
  'banks',
  {
    code: varchar('code', { length: 16 }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull(),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    /** '1' 启用, '2' 停用. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    accountBank: boolean('account_bank').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('banks_id_idx').on(table.id), uniqueIndex('banks_name_idx').on(table.name)],
);

/** The files of an application, by form field, in their order. */
export const registerApplyFiles = pgTable(
  'register_apply_files',
  {
    applyId: integer('apply_id')
      .notNull()
      .references(() => registerApplies.id, { onDelete: 'cascade' }),
    /** The submission round the file belongs to: every round's files are kept; the current round's are the application's. */
    round: integer('round').notNull().default(1),
    field: varchar('field', { length: 32 }).notNull(),
    sort: integer('sort').notNull(),
    fileId: varchar('file_id', { length: 32 })
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applyId, table.round, table.field, table.sort] }),
    index('register_apply_files_file_idx').on(table.fileId),
  ],
);

/** Each decision on an application: round, decision, reason, who and when (docs/registration.md "Review"). */
export const registerApplyReviews = pgTable(
  'register_apply_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applyId: integer('apply_id')
      .notNull()
      .references(() => registerApplies.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    /** '1' 审核通过, '2' 审核驳回, '3' 退回修改. */
    decision: varchar('decision', { length: 1 }).notNull(),
    reason: varchar('reason', { length: 200 }),
    reviewerId: integer('reviewer_id').references(() => sysUsers.id, { onDelete: 'set null' }),
    /** Kept as it was when deciding (the user may be renamed or removed later). */
    reviewerName: varchar('reviewer_name', { length: 32 }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('register_apply_reviews_apply_idx').on(table.applyId, table.round)],
);

/**
 * The earlier rounds of an application, as they were submitted: when a returned application
 * is resubmitted, the round it replaces is kept here (its files stay in
 * register_apply_files under their round), so the reviewer sees what was corrected.
 */
export const registerApplyRounds = pgTable(
  'register_apply_rounds',
  {
    applyId: integer('apply_id')
      .notNull()
      .references(() => registerApplies.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    traderName: varchar('trader_name', { length: 128 }).notNull(),
    uniformCreditCode: varchar('uniform_credit_code', { length: 20 }).notNull(),
    serviceAreaCode: varchar('service_area_code', { length: 32 }),
    /** The mobile that round was told on. */
    applicantPhone: varchar('applicant_phone', { length: 11 }),
    requestId: varchar('request_id', { length: 64 }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.applyId, table.round] })],
);
