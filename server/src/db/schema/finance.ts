import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';

/**
 * Financial service page (spec §2 /financialService, §9 financing products): the
 * advantages, the financing modes with their process steps, the online financing products
 * of the partner banks and the contact table of offices and banks.
 */

/** Percentages: exact decimals with 2 places in the database, numbers in JSON. */
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

/** One step of a process diagram. */
export interface FinanceProcessStep {
  title: string;
  description: string;
}

export const financeAdvantages = pgTable('finance_advantages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Which icon the page shows: `rate`, `speed`, `convenience` or `risk`. */
  iconKey: varchar('icon_key', { length: 32 }).notNull(),
  title: varchar('title', { length: 32 }).notNull(),
  description: text('description').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const financingModes = pgTable('financing_modes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Stable key, e.g. `receipt-pledge`. */
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 32 }).notNull(),
  /** The short introduction shown when the visitor hovers over the mode. */
  intro: text('intro').notNull(),
  /** The steps of the mode's process diagram, in order. */
  steps: jsonb('steps').$type<FinanceProcessStep[]>().notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const financingProducts = pgTable(
  'financing_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    /** The lending bank's name, e.g. 中国农业发展银行. */
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    /** The financing mode the product belongs to. */
    modeCode: varchar('mode_code', { length: 32 }).references(() => financingModes.code),
    /** Highest loan amount as a share of the pledged goods' value, % (spec §9: up to 80). */
    maxLoanRatio: percent('max_loan_ratio').notNull(),
    termMonths: integer('term_months').notNull(),
    /** Annual interest rate, %. */
    annualRate: percent('annual_rate').notNull(),
    /** One paragraph: what the product is. */
    summary: text('summary').notNull(),
    /** Who may apply. */
    target: text('target').notNull(),
    /** What secures the loan. */
    guarantee: text('guarantee').notNull(),
    /** How the loan is repaid and the receipts released. */
    repayment: text('repayment').notNull(),
    conditions: jsonb('conditions').$type<string[]>().notNull(),
    materials: jsonb('materials').$type<string[]>().notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    check('financing_products_ratio_check', sql`${table.maxLoanRatio} > 0 and ${table.maxLoanRatio} <= 100`),
    check('financing_products_term_check', sql`${table.termMonths} > 0`),
    check('financing_products_rate_check', sql`${table.annualRate} >= 0 and ${table.annualRate} < 100`),
  ],
);

export const financeContacts = pgTable(
  'finance_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `office` (an office of the centre) or `bank` (a lending bank). */
    contactType: varchar('contact_type', { length: 16 }).$type<'office' | 'bank'>().notNull(),
    organization: varchar('organization', { length: 64 }).notNull(),
    contactName: varchar('contact_name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    address: varchar('address', { length: 256 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    check('finance_contacts_type_check', sql`${table.contactType} in ('office', 'bank')`),
    index('finance_contacts_type_sort_idx').on(table.contactType, table.sort),
  ],
);
