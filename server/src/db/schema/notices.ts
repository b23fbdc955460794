import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { sysRoles, sysUsers } from './auth';

/**
 * 通知公告 and 短信模板 (docs/architecture.md "Notices", "SMS templates"): notices addressed
 * to everyone, to chosen users or to chosen roles (roles resolved when read), each user's read
 * state, and the SMS templates the system's messages and 测试发送 render.
 */

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A notice; `content` is plain text (shown as text, never as HTML). */
export const sysNotices = pgTable(
  'sys_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** '1' 通知, '2' 公告. */
    type: varchar('type', { length: 1 }).notNull(),
    /** Who reads it: `all`, the `users` of sys_notice_users, the holders of the `roles` of sys_notice_roles. */
    audience: varchar('audience', { length: 8 }).notNull(),
    /** '0' 草稿, '1' 已发布, '2' 已撤回. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    publishTime: timestampTz('publish_time'),
    authorId: integer('author_id').references(() => sysUsers.id, { onDelete: 'set null' }),
    authorName: varchar('author_name', { length: 32 }).notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('sys_notices_type_check', sql`${table.type} in ('1', '2')`),
    check('sys_notices_audience_check', sql`${table.audience} in ('all', 'users', 'roles')`),
    check('sys_notices_status_check', sql`${table.status} in ('0', '1', '2')`),
    index('sys_notices_published_idx').on(table.status, table.publishTime),
  ],
);

export const sysNoticeUsers = pgTable(
  'sys_notice_users',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => sysNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.noticeId, table.userId] }),
    index('sys_notice_users_user_idx').on(table.userId),
  ],
);

export const sysNoticeRoles = pgTable(
  'sys_notice_roles',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => sysNotices.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRoles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.noticeId, table.roleId] }),
    index('sys_notice_roles_role_idx').on(table.roleId),
  ],
);

/** A notice a user has read (absent: unread). */
export const sysNoticeReads = pgTable(
  'sys_notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => sysNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    readAt: timestampTz('read_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.noticeId, table.userId] }),
    index('sys_notice_reads_user_idx').on(table.userId),
  ],
);

/**
 * An SMS template: `content` with `${name}` placeholders, each declared in `variables` and
 * each declared one used. `system` templates are the ones the portal's own messages render
 * (login code, bind-phone code, registration): never deleted or disabled, variables fixed.
 */
export const sysSmsTemplates = pgTable(
  'sys_sms_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    variables: jsonb('variables').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    system: boolean('system').notNull().default(false),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sys_sms_templates_code_idx').on(sql`lower(${table.code})`)],
);
