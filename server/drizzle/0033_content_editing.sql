CREATE TABLE "cms_content_files" (
	"content_id" integer NOT NULL,
	"file_id" varchar(32) NOT NULL,
	CONSTRAINT "cms_content_files_content_id_file_id_pk" PRIMARY KEY("content_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "cms_contents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "status" varchar(16) DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handler_id" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handler_name" varchar(64);--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_content_files" ADD CONSTRAINT "cms_content_files_content_id_cms_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."cms_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_content_files" ADD CONSTRAINT "cms_content_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_content_files_file_idx" ON "cms_content_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "complaints_status_time_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
-- 内容管理 (/cms) with its five screens, their buttons and icons, granted to 内容编辑 and
-- 系统管理员, in a database seeded before this migration (a new database gets them from the
-- seed, server/src/seed/auth.ts). The content calls check the existing cms:content:list.
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('article', 'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-5 14H7v-2h7v2zm3-4H7v-2h10v2zm0-4H7V7h10v2z'),
  ('image', 'M21 19V5c0-1.1-.9-2-2-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2zM8.5 13.5l2.5 3.01L14.5 12l4.5 6H5l3.5-4.5z'),
  ('tree', 'M22 11V3h-7v3H9V3H2v8h7V8h2v10h4v3h7v-8h-7v3h-2V8h2v3z'),
  ('web', 'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm-5 14H4v-4h11v4zm0-5H4V9h11v4zm5 5h-4V9h4v9z'),
  ('feedback', 'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zm-7 12h-2v-2h2v2zm0-4h-2V6h2v4z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "path", "icon", "sort")
SELECT NULL, 'menu', '内容管理', '/cms', 'article', (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."path" = '/cms' AND p."code" IS NULL AND p."type" = 'menu');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', m."name", m."code", m."path", m."component_path", m."icon",
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + m."ord"
FROM "sys_permissions" g
CROSS JOIN (VALUES
  ('站点设置', 'cms:site:list', '/cms/site', 'cms-admin/SiteSettings', 'web', 1),
  ('栏目管理', 'cms:catalog:list', '/cms/catalog', 'cms-admin/CatalogTree', 'tree', 2),
  ('文章管理', 'cms:article:list', '/cms/article', 'cms-admin/ArticleList', 'article', 3),
  ('轮播图管理', 'cms:banner:list', '/cms/banner', 'cms-admin/BannerList', 'image', 4),
  ('投诉建议', 'cms:complain:list', '/cms/complain', 'cms-admin/ComplaintInbox', 'feedback', 5)
) AS m("name", "code", "path", "component_path", "icon", "ord")
WHERE g."path" = '/cms' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = m."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('cms:site:list', '编辑站点', 'cms:site:edit', 1),
  ('cms:catalog:list', '新增栏目', 'cms:catalog:add', 2),
  ('cms:catalog:list', '编辑栏目', 'cms:catalog:edit', 3),
  ('cms:catalog:list', '删除栏目', 'cms:catalog:delete', 4),
  ('cms:article:list', '新增内容', 'cms:content:add', 5),
  ('cms:article:list', '编辑内容', 'cms:content:edit', 6),
  ('cms:article:list', '删除内容', 'cms:content:delete', 7),
  ('cms:article:list', '发布与撤回', 'cms:content:publish', 8),
  ('cms:complain:list', '处理投诉', 'cms:complain:handle', 9)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" IN ('sysadmin', 'editor')
  AND (p."code" IN ('cms:content:list', 'cms:site:list', 'cms:site:edit', 'cms:catalog:list', 'cms:catalog:add',
    'cms:catalog:edit', 'cms:catalog:delete', 'cms:article:list', 'cms:banner:list', 'cms:content:add',
    'cms:content:edit', 'cms:content:delete', 'cms:content:publish', 'cms:complain:list', 'cms:complain:handle'))
ON CONFLICT DO NOTHING;
