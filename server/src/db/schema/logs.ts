import { boolean, index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * 系统管理 › 操作日志 / 登录日志 / 访问日志 (docs/architecture.md "Logs"): append-only
 * records, read through `/rest/log/…` and removed only by the retention job
 * (server/src/modules/log/jobs.ts).
 */

const at = () => timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * One row per call of a protected write route (the hook in server/src/modules/log/operation.ts):
 * who, which route, the outcome and how long it took. Before / after are the
 * `sys_audit_log` rows the call's services wrote, joined by `operation_key`.
 */
export const sysOperationLog = pgTable(
  'sys_operation_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Given to the request when it starts; the audit rows it writes carry it too. */
    operationKey: uuid('operation_key').notNull().unique(),
    /** The acting user; kept when that user is deleted (the login name stays readable). */
    userId: integer('user_id'),
    loginName: varchar('login_name', { length: 32 }),
    realname: varchar('realname', { length: 32 }),
    /**
     * The acting user's organisation when the row was written (migration 0044; rows before it
     * took their user's organisation then): the owner data rules look at (docs/auth.md "Data
     * permissions"). Null: no user, or one without an organisation.
     */
    orgId: integer('org_id'),
    method: varchar('method', { length: 8 }).notNull(),
    /** The route as declared (`/rest/postService/updPost`), never the query string. */
    url: varchar('url', { length: 128 }).notNull(),
    /** The route's permission code (its menu and button name the action); null: any logged-in user. */
    permission: varchar('permission', { length: 64 }),
    /** 'add' | 'update' | 'delete' | 'import' | 'export' | 'other', from the route's verb. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The request's body with secrets masked, as JSON text of at most 4,000 characters. */
    params: varchar('params', { length: 4000 }),
    /**
     * The words of the sent fields when the route's body is declared by data (a plugin entity's
     * fields, migration 0050), by field name; null: the route's body schema has them.
     */
    fieldLabels: jsonb('field_labels').$type<Record<string, string>>(),
    success: boolean('success').notNull(),
    rtnCode: varchar('rtn_code', { length: 8 }),
    /** The refusal's message as the user saw it (null on success). */
    message: varchar('message', { length: 256 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    durationMs: integer('duration_ms').notNull(),
    at: at(),
  },
  (table) => [
    // Time then id: the list's order and its export's keyset (migration 0046).
    index('sys_operation_log_at_idx').on(table.at, table.id),
    index('sys_operation_log_user_idx').on(table.userId, table.at),
    index('sys_operation_log_org_idx').on(table.orgId, table.at),
  ],
);

/** Every login outcome of every login path (form, phone, CAS, OAuth), with the reason of a failure. */
export const sysLoginLog = pgTable(
  'sys_login_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'form' | 'phone' | 'cas' | 'oauth'. */
    method: varchar('method', { length: 8 }).notNull(),
    /** What was tried: `<业务代码>/<用户名>`, the mobile, the CAS user or `<provider>:<id>`. */
    account: varchar('account', { length: 96 }),
    /** The local user, when known (always on success). */
    userId: integer('user_id'),
    loginName: varchar('login_name', { length: 32 }),
    /**
     * The acting user's organisation when the row was written (migration 0044; rows before it
     * took their user's organisation then): the owner data rules look at (docs/auth.md "Data
     * permissions"). Null: no user, or one without an organisation.
     */
    orgId: integer('org_id'),
    success: boolean('success').notNull(),
    /** Why it failed, in Chinese (more precise than what the visitor is told); null on success. */
    reason: varchar('reason', { length: 128 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    at: at(),
  },
  (table) => [
    index('sys_login_log_at_idx').on(table.at, table.id),
    index('sys_login_log_user_idx').on(table.userId, table.at),
    index('sys_login_log_org_idx').on(table.orgId, table.at),
  ],
);

/** One row per back-office page opened (the shell's `/rest/menu/addMenuView`). */
export const sysVisitLog = pgTable(
  'sys_visit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    loginName: varchar('login_name', { length: 32 }),
    realname: varchar('realname', { length: 32 }),
    /**
     * The acting user's organisation when the row was written (migration 0044; rows before it
     * took their user's organisation then): the owner data rules look at (docs/auth.md "Data
     * permissions"). Null: no user, or one without an organisation.
     */
    orgId: integer('org_id'),
    /** The menu's name and path when it was opened (kept when the menu is renamed or removed). */
    menuName: varchar('menu_name', { length: 32 }).notNull(),
    path: varchar('path', { length: 128 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    at: at(),
  },
  (table) => [
    index('sys_visit_log_at_idx').on(table.at),
    index('sys_visit_log_user_idx').on(table.userId, table.at),
    index('sys_visit_log_org_idx').on(table.orgId, table.at),
  ],
);
