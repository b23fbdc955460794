import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Content management (spec §3 "Content catalogue", §7 "Content management"): sites, their
 * catalogue trees, the contents of each catalogue, and the complaints visitors send.
 */

export const cmsSites = pgTable('cms_sites', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Stable key the calls take as `siteCode`. */
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  /** The browser title (spec §4: the project title comes from the site display name). */
  displayName: varchar('display_name', { length: 64 }).notNull(),
  description: text('description'),
  domain: varchar('domain', { length: 128 }),
  logoUrl: varchar('logo_url', { length: 256 }),
  /** The site the calls use when no `siteCode` is given. */
  isDefault: boolean('is_default').notNull().default(false),
  // What the public pages show of the site (portal configuration: footer, floating tools, header).
  copyright: varchar('copyright', { length: 128 }).notNull().default(''),
  filingNumber: varchar('filing_number', { length: 64 }).notNull().default(''),
  /** 总部客服电话 of the floating tools. */
  servicePhone: varchar('service_phone', { length: 32 }).notNull().default(''),
  hotlines: jsonb('hotlines')
    .$type<Array<{ label: string; phone: string }>>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  friendlyLinks: jsonb('friendly_links')
    .$type<Array<{ title: string; url: string }>>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  qrCode: jsonb('qr_code').$type<{ title: string; imageUrl: string } | null>(),
  /** The header's navigation. */
  nav: jsonb('nav')
    .$type<Array<{ key: string; title: string; path: string }>>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const cmsCatalogs = pgTable(
  'cms_catalogs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => cmsSites.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => cmsCatalogs.id, { onDelete: 'cascade' }),
    /** Unique in the whole table: the calls find a catalogue by code alone. */
    code: varchar('code', { length: 48 }).notNull().unique(),
    title: varchar('title', { length: 64 }).notNull(),
    /** COLUMN (a column of contents) or BANNER (rotating pictures). */
    catalogType: varchar('catalog_type', { length: 16 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** `catalogTemplateEntity`: the front route that renders this catalogue. */
    templateCode: varchar('template_code', { length: 48 }),
    templateName: varchar('template_name', { length: 64 }),
    componentPath: varchar('component_path', { length: 128 }),
    /** INTERNAL_OPEN (same tab) or EXTERNAL_OPEN (new tab). */
    openType: varchar('open_type', { length: 16 }).notNull().default('INTERNAL_OPEN'),
    /** CONTENT_LINK (one content: `content_id`), COLUMN_LINK (its content list), FRONT_LINK (`link_url`). */
    linkType: varchar('link_type', { length: 16 }).notNull().default('COLUMN_LINK'),
    linkUrl: varchar('link_url', { length: 256 }),
    /** For CONTENT_LINK: the content shown (set once the content exists). */
    contentId: integer('content_id'),
    description: text('description'),
    visible: boolean('visible').notNull().default(true),
  },
  (table) => [index('cms_catalogs_site_parent_idx').on(table.siteId, table.parentId, table.sort)],
);

export const cmsContents = pgTable(
  'cms_contents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    catalogId: integer('catalog_id')
      .notNull()
      .references(() => cmsCatalogs.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 128 }).notNull(),
    summary: varchar('summary', { length: 512 }),
    /** PICTURE or ARTICLE. */
    contentType: varchar('content_type', { length: 16 }).notNull(),
    /** Sanitised HTML (`sanitizeArticleHtml`), never the raw input. */
    body: text('body').notNull().default(''),
    /** The body's text without tags, for the keyword search. */
    bodyText: text('body_text').notNull().default(''),
    coverUrl: varchar('cover_url', { length: 512 }),
    /** Where a picture (banner) leads; a site path or an http(s) URL. */
    linkUrl: varchar('link_url', { length: 256 }),
    author: varchar('author', { length: 64 }),
    source: varchar('source', { length: 64 }),
    publishTime: timestamp('publish_time', { withTimezone: true, mode: 'date' }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** '1' published, '0' draft (drafts are never served). */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** The last change in 文章管理 / 轮播图管理 (migration 0033). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('cms_contents_catalog_idx').on(table.catalogId, table.status, table.sort)],
);

export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 16 }).notNull(),
    email: varchar('email', { length: 64 }),
    /** COMPLAINT 投诉, SUGGESTION 建议, CONSULT 咨询 */
    complaintType: varchar('complaint_type', { length: 16 }).notNull(),
    content: text('content').notNull(),
    clientIp: varchar('client_ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // 内容管理 › 投诉建议 (migration 0033): NEW → HANDLING → ANSWERED, by whom, with what reply.
    status: varchar('status', { length: 16 }).notNull().default('NEW'),
    reply: text('reply'),
    handlerId: integer('handler_id'),
    handlerName: varchar('handler_name', { length: 64 }),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('complaints_ip_time_idx').on(table.clientIp, table.createdAt),
    index('complaints_status_time_idx').on(table.status, table.createdAt),
  ],
);
