import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What the "at most N per key per window" limits have taken (server/src/lib/limits;
 * docs/architecture.md "Limits"): one row per take and key, written in the transaction of the
 * write it allows, so a take exists exactly when its write committed. Kept a little longer
 * than the longest window, then purged (job `purge-login-records`).
 */
export const sysLimitTakes = pgTable(
  'sys_limit_takes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What is limited and for whom: `upload-address:203.0.113.5`, `sms-mobile:13900000000`… */
    key: varchar('key', { length: 200 }).notNull(),
    /** How much the take used (a submission takes one per file). */
    amount: integer('amount').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sys_limit_takes_key_idx').on(table.key, table.at), index('sys_limit_takes_at_idx').on(table.at)],
);
