import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Accounts, permissions and sessions (spec registration-and-login §2, §4, §6, §7 and
 * docs/auth.md): enterprises and their users, roles granting permissions (menus and
 * buttons), applications, server-side sessions, and the one-time artefacts of the login
 * paths (slider challenges, login tickets, SMS codes) with the login-attempt log that
 * drives the lockout.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** An enterprise (trading account holder); its `code` is the 业务代码 typed on the login page. */
export const sysEnterprises = pgTable('sys_enterprises', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  uniformCreditCode: varchar('uniform_credit_code', { length: 20 }),
  /** '1' 正常, '2' 停用. */
  status: varchar('status', { length: 1 }).notNull().default('1'),
  createdAt: createdAt(),
  /**
   * The application whose content is the enterprise's registered information (企业管理 › 企业信息):
   * the approved registration, then each approved change request (migration 0039). Null for an
   * enterprise made by hand (the centre's own).
   */
  registerApplyId: integer('register_apply_id').references((): AnyPgColumn => registerApplies.id, {
    onDelete: 'set null',
  }),
});

export const sysUsers = pgTable(
  'sys_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => sysEnterprises.id, { onDelete: 'restrict' }),
    loginName: varchar('login_name', { length: 32 }).notNull(),
    realname: varchar('realname', { length: 32 }).notNull(),
    /** `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`; never the password itself. */
    passwordHash: varchar('password_hash', { length: 256 }).notNull(),
    phone: varchar('phone', { length: 11 }),
    email: varchar('email', { length: 128 }),
    avatar: varchar('avatar', { length: 256 }),
    /** '1' 正常, '2' 冻结. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    /** An initial password (an approved registration's administrator): to be changed at the first login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** 所属机构: an organisation of the user's enterprise; it cannot be deleted while users are in it. */
    orgId: integer('org_id').references((): AnyPgColumn => sysOrgs.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sys_users_enterprise_login_idx').on(table.enterpriseId, sql`lower(${table.loginName})`),
    uniqueIndex('sys_users_phone_idx').on(table.phone),
    // 用户管理's list: its default order (newest first) and the sort by login name, per enterprise.
    index('sys_users_enterprise_created_idx').on(table.enterpriseId, table.createdAt, table.id),
    index('sys_users_enterprise_login_name_idx').on(table.enterpriseId, table.loginName, table.id),
    index('sys_users_org_idx').on(table.orgId),
  ],
);

/**
 * 机构管理: an enterprise's organisation tree (docs/auth.md "Organisations, posts and data
 * permissions"). `path` is the ids from the root down, `/1/4/9/`, so "this organisation and
 * below" is one prefix match; moving an organisation rewrites its subtree's paths.
 */
export const sysOrgs = pgTable(
  'sys_orgs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => sysEnterprises.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id').references((): AnyPgColumn => sysOrgs.id, { onDelete: 'restrict' }),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // Unique whatever the case, as the service checks (two racing adds cannot both land).
    uniqueIndex('sys_orgs_enterprise_code_idx').on(table.enterpriseId, sql`lower(${table.code})`),
    index('sys_orgs_path_idx').on(table.path),
  ],
);

/** 岗位管理: the posts (job titles) users hold, shared by every enterprise like roles. */
export const sysPosts = pgTable(
  'sys_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** '1' 启用, '2' 停用 (a disabled post is kept by its holders but cannot be newly given). */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    description: varchar('description', { length: 256 }),
    createdAt: createdAt(),
  },
  // Unique whatever the case, as the service checks.
  (table) => [
    uniqueIndex('sys_posts_code_idx').on(sql`lower(${table.code})`),
    uniqueIndex('sys_posts_name_idx').on(sql`lower(${table.name})`),
  ],
);

export const sysUserPosts = pgTable(
  'sys_user_posts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => sysPosts.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] }), index('sys_user_posts_post_idx').on(table.postId)],
);

export const sysRoles = pgTable('sys_roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 32 }).notNull(),
  description: varchar('description', { length: 256 }),
  /** Holds every permission code, those created later too (系统管理员); its grant rows are not used. */
  holdsAll: boolean('holds_all').notNull().default(false),
  /** An enterprise administrator may give it to their sub-accounts (企业管理 › 用户管理). */
  enterpriseGrantable: boolean('enterprise_grantable').notNull().default(false),
  createdAt: createdAt(),
});

export const sysUserRoles = pgTable(
  'sys_user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRoles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] })],
);

/**
 * A menu entry or a button. A menu with a `code` requires it (the route is kept only for
 * users holding it); a menu without one is open to every logged-in user. `componentPath`
 * is `<plugin id>/<export>`; a menu without it is a group.
 */
export const sysPermissions = pgTable(
  'sys_permissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => sysPermissions.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 8 }).$type<'menu' | 'button'>().notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    code: varchar('code', { length: 64 }).unique(),
    path: varchar('path', { length: 128 }),
    componentPath: varchar('component_path', { length: 128 }),
    icon: varchar('icon', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** 缓存 (migration 0043): the workspace keeps the page mounted while its tab is hidden. */
    keepAlive: boolean('keep_alive').notNull().default(true),
    /** 打开方式 (migration 0043): `page`, `link` (new browser tab) or `iframe` (embedded in a tab). */
    openMode: varchar('open_mode', { length: 8 }).$type<'page' | 'link' | 'iframe'>().notNull().default('page'),
    /** The address of a `link` or `iframe` menu. */
    url: varchar('url', { length: 512 }),
    /** A button node an uploaded plugin's declared code registered (migration 0048); null: the portal's or an administrator's. */
    pluginId: varchar('plugin_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (table) => [
    check('sys_permissions_type_check', sql`${table.type} in ('menu', 'button')`),
    check('sys_permissions_open_mode_check', sql`${table.openMode} in ('page', 'link', 'iframe')`),
  ],
);

export const sysRolePermissions = pgTable(
  'sys_role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRoles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => sysPermissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);

/**
 * What each role holds (migration 0037): its grants, or every permission when it holds all.
 * Every reader of "which codes does this role / user hold" asks this view, never
 * sys_role_permissions alone, so the flag cannot be forgotten.
 */
export const sysRoleGrants = pgView('sys_role_grants', {
  roleId: integer('role_id').notNull(),
  permissionId: integer('permission_id').notNull(),
  code: varchar('code', { length: 64 }),
}).existing();

/**
 * 数据权限: a rule on a menu's list limiting which rows the roles it is given to see
 * (docs/auth.md "Data permissions"). A role holding the menu without a rule on it sees the
 * whole enterprise; a user sees the union of what each of their roles sees.
 */
export const sysDataRules = pgTable(
  'sys_data_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => sysPermissions.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    scope: varchar('scope', { length: 16 }).$type<'all' | 'org_and_below' | 'org' | 'self'>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('sys_data_rules_scope_check', sql`${table.scope} in ('all', 'org_and_below', 'org', 'self')`),
    index('sys_data_rules_permission_idx').on(table.permissionId),
  ],
);

export const sysRoleDataRules = pgTable(
  'sys_role_data_rules',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRoles.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => sysDataRules.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.ruleId] }),
    index('sys_role_data_rules_rule_idx').on(table.ruleId),
  ],
);

/** The user's applications (spec: apps with appCode, visitUrl, menus). */
export const sysApps = pgTable('sys_apps', {
  appCode: varchar('app_code', { length: 32 }).primaryKey(),
  appName: varchar('app_name', { length: 64 }).notNull(),
  /** A path of this portal (`/project/display`) or another site's address. */
  visitUrl: varchar('visit_url', { length: 256 }).notNull(),
  icon: varchar('icon', { length: 32 }),
  /** Permission codes of the menus the app groups; a user sees the app when holding one. */
  menus: jsonb('menus')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  sort: integer('sort').notNull().default(0),
});

/** Menu icons served to the shell (name → SVG path data, 24×24 view box). */
export const sysIcons = pgTable('sys_icons', {
  name: varchar('name', { length: 32 }).primaryKey(),
  svgPath: text('svg_path').notNull(),
});

/** Server-side sessions: the token is only ever stored as its SHA-256. */
export const sysSessions = pgTable(
  'sys_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** form_client, cas_client, phone, third:<provider>. */
    clientName: varchar('client_name', { length: 32 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sys_sessions_user_idx').on(table.userId)],
);

/**
 * One-time handover between a login step and the call that returns the token: the form
 * callback (cookie → /cas/client/validateLogin), the CAS callback, and third-party login
 * (/thirdLogin/getLoginUser/{id}). Stored as a hash, valid for minutes, used once.
 */
export const sysLoginTickets = pgTable('sys_login_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUsers.id, { onDelete: 'cascade' }),
  clientName: varchar('client_name', { length: 32 }).notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** Slider verification: a challenge, then (once verified) a one-time proof the login consumes. */
export const sysSliderChallenges = pgTable('sys_slider_challenges', {
  id: varchar('id', { length: 64 }).primaryKey(),
  ip: varchar('ip', { length: 64 }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Set by the one verification attempt a challenge gets, passed or not. */
  attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }),
  proofHash: varchar('proof_hash', { length: 64 }).unique(),
  proofExpiresAt: timestamp('proof_expires_at', { withTimezone: true, mode: 'date' }),
  proofUsedAt: timestamp('proof_used_at', { withTimezone: true, mode: 'date' }),
});

/** Every login try (form, phone): the lockout counts failures per account and per address. */
export const sysLoginAttempts = pgTable(
  'sys_login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `<business code>/<username>` lower-cased, or `phone:<mobile>`; also for unknown accounts. */
    accountKey: varchar('account_key', { length: 96 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    clientName: varchar('client_name', { length: 32 }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('sys_login_attempts_account_idx').on(table.accountKey, table.at),
    index('sys_login_attempts_ip_idx').on(table.ip, table.at),
  ],
);

/** Verification codes sent by SMS (hash only), valid 5 minutes, a few tries each. */
export const sysSmsCodes = pgTable(
  'sys_sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sys_sms_codes_mobile_idx').on(table.mobile, table.createdAt)],
);

/** Every SMS the portal sent or tried to send (the admin console's 短信日志). */
export const sysSmsLog = pgTable(
  'sys_sms_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    templateCode: varchar('template_code', { length: 32 }).notNull(),
    content: text('content').notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** '1' 已发送, '2' 发送失败. */
    status: varchar('status', { length: 1 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (table) => [index('sys_sms_log_created_idx').on(table.createdAt)],
);

/** A local user bound to an account at a third-party login provider. */
export const sysThirdAccounts = pgTable(
  'sys_third_accounts',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    externalId: varchar('external_id', { length: 128 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.externalId] })],
);

/** The optional login agreement (getloginagreement / requirecheckedagreement). */
export const sysLoginAgreements = pgTable('sys_login_agreements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Which portal the agreement applies to (`customCode` of requirecheckedagreement). */
  customCode: varchar('custom_code', { length: 32 }).notNull().unique(),
  title: varchar('title', { length: 64 }).notNull(),
  displayName: varchar('display_name', { length: 64 }).notNull(),
  content: text('content').notNull(),
  /** '0' optional and unticked, '1' must be ticked, '2' pre-ticked and disabled. */
  checked: varchar('checked', { length: 1 }).notNull().default('0'),
  enabled: boolean('enabled').notNull().default(true),
});

/** Server settings kept in the database (e.g. the login RSA key pair when none is configured). */
export const sysSettings = pgTable('sys_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Enterprise registration applications. Issue 4 only counts those awaiting review for
 * the overview page; the registration issue fills in the rest.
 */
export const registerApplies = pgTable(
  'register_applies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    traderName: varchar('trader_name', { length: 128 }).notNull(),
    uniformCreditCode: varchar('uniform_credit_code', { length: 20 }).notNull(),
    serviceAreaCode: varchar('service_area_code', { length: 32 }),
    /** '0' 待审核, '1' 审核通过, '2' 审核驳回, '3' 退回修改 (the applicant may correct and resubmit). */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** The application as submitted (`RegisterApplyVo`, trimmed), without the files. */
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The form's one-time id: a second submission of the same form is refused (请勿重复提交). */
    requestId: varchar('request_id', { length: 64 }).unique(),
    /** The chosen account types' ids, comma-joined. */
    accountTypeIds: varchar('account_type_ids', { length: 100 }).notNull().default(''),
    /** The mobile the applicant is told on (legal representative's, else the contact's). */
    applicantPhone: varchar('applicant_phone', { length: 11 }),
    /** 1 for the first submission; each resubmission after a return adds one. */
    round: integer('round').notNull().default(1),
    /** The enterprise an approval made. */
    enterpriseId: integer('enterprise_id').references(() => sysEnterprises.id, { onDelete: 'set null' }),
    /** The name and the code as compared (NFKC, trimmed, upper case: register/compare-key.ts `compareKey`). */
    nameKey: varchar('name_key', { length: 200 }).notNull().default(''),
    codeKey: varchar('code_key', { length: 40 }).notNull().default(''),
    /** The first submission. */
    createdAt: createdAt(),
    /** The latest submission (the first, or the resubmission after a return). */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * `register`: an enterprise's registration; `change`: an approved enterprise's change
     * request (`enterprise_id` its enterprise from the start), reviewed like a registration
     * (docs/registration.md "Change requests"; migration 0039).
     */
    kind: varchar('kind', { length: 8 }).notNull().default('register'),
  },
  (table) => [
    index('register_applies_status_idx').on(table.status, table.submittedAt),
    // One live application (under review, approved, or returned for its applicant to correct)
    // per company name and per credit code: two tabs submitting the same company race here,
    // not in a check before the insert. A change request holds only the name or code its
    // enterprise does not hold already (else its key is ''), so the index skips empty keys.
    uniqueIndex('register_applies_live_name_idx')
      .on(table.nameKey)
      .where(sql`${table.status} in ('0', '1', '3') and ${table.nameKey} <> ''`),
    uniqueIndex('register_applies_live_code_idx')
      .on(table.codeKey)
      .where(sql`${table.status} in ('0', '1', '3') and ${table.codeKey} <> ''`),
    // One open change request (待审核 or 退回修改) per enterprise: two submissions at once store one.
    uniqueIndex('register_applies_open_change_idx')
      .on(table.enterpriseId)
      .where(sql`${table.kind} = 'change' and ${table.status} in ('0', '3')`),
  ],
);

/**
 * Who changed what in the back office (docs/auth.md "User administration"): one row per
 * write, in the write's transaction. `before` / `after` never hold a password hash.
 */
export const sysAuditLog = pgTable(
  'sys_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The acting user; kept when that user is deleted (the login name stays readable). */
    userId: integer('user_id'),
    loginName: varchar('login_name', { length: 32 }),
    /** `<entity>.<verb>`: `user.add`, `user.update`, `user.freeze`, … */
    action: varchar('action', { length: 32 }).notNull(),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 32 }),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    /** The 操作日志 row of the call that wrote it (`sys_operation_log.operation_key`); null outside a route. */
    operationKey: uuid('operation_key'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('sys_audit_log_at_idx').on(table.at),
    index('sys_audit_log_entity_idx').on(table.entity, table.entityId),
    index('sys_audit_log_operation_idx').on(table.operationKey),
  ],
);

/** 最近访问 / 常用功能: one row per user and menu page opened (docs/auth.md "Menu visits"). */
export const sysMenuViews = pgTable(
  'sys_menu_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUsers.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => sysPermissions.id, { onDelete: 'cascade' }),
    viewCount: integer('view_count').notNull().default(1),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.permissionId] }),
    index('sys_menu_views_user_recent_idx').on(table.userId, table.lastViewedAt),
  ],
);
