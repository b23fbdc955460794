CREATE TABLE "sys_data_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_data_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"permission_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_data_rules_scope_check" CHECK ("sys_data_rules"."scope" in ('all', 'org_and_below', 'org', 'self'))
);
--> statement-breakpoint
CREATE TABLE "sys_orgs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_orgs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enterprise_id" integer NOT NULL,
	"parent_id" integer,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"path" varchar(512) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"description" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_data_rules" (
	"role_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	CONSTRAINT "sys_role_data_rules_role_id_rule_id_pk" PRIMARY KEY("role_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_posts" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "sys_user_posts_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "sys_data_rules" ADD CONSTRAINT "sys_data_rules_permission_id_sys_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_orgs" ADD CONSTRAINT "sys_orgs_enterprise_id_sys_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."sys_enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_orgs" ADD CONSTRAINT "sys_orgs_parent_id_sys_orgs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_orgs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rules" ADD CONSTRAINT "sys_role_data_rules_role_id_sys_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rules" ADD CONSTRAINT "sys_role_data_rules_rule_id_sys_data_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sys_data_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_posts" ADD CONSTRAINT "sys_user_posts_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_posts" ADD CONSTRAINT "sys_user_posts_post_id_sys_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."sys_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_data_rules_permission_idx" ON "sys_data_rules" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_orgs_enterprise_code_idx" ON "sys_orgs" USING btree ("enterprise_id",lower("code"));--> statement-breakpoint
CREATE INDEX "sys_orgs_path_idx" ON "sys_orgs" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_posts_code_idx" ON "sys_posts" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sys_posts_name_idx" ON "sys_posts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sys_role_data_rules_rule_idx" ON "sys_role_data_rules" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "sys_user_posts_post_idx" ON "sys_user_posts" USING btree ("post_id");--> statement-breakpoint
ALTER TABLE "sys_users" ADD CONSTRAINT "sys_users_org_id_sys_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_orgs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_users_org_idx" ON "sys_users" USING btree ("org_id");--> statement-breakpoint
-- 系统管理 › 机构管理, 岗位管理, 数据权限, 应用管理 with their buttons and icons, granted to
-- 系统管理员, in a database seeded before this migration (a new database gets them from the
-- seed, server/src/seed/auth.ts).
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('org', 'M22 11V3h-7v3H9V3H2v8h7V8h2v10h4v3h7v-8h-7v3h-2V8h2v3z'),
  ('post', 'M20 6h-4V4c0-1.11-.89-2-2-2h-4c-1.11 0-2 .89-2 2v2H4c-1.11 0-1.99.89-1.99 2L2 19c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V8c0-1.11-.89-2-2-2zm-6 0h-4V4h4v2z'),
  ('shield', 'M12 1L3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4z'),
  ('apps', 'M4 8h4V4H4v4zm6 12h4v-4h-4v4zm-6 0h4v-4H4v4zm0-6h4v-4H4v4zm6 0h4v-4h-4v4zm6-10v4h4V4h-4zm-6 4h4V4h-4v4zm6 6h4v-4h-4v4zm0 6h4v-4h-4v4z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', m."name", m."code", m."path", m."component_path", m."icon",
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + m."ord"
FROM "sys_permissions" g
CROSS JOIN (VALUES
  ('机构管理', 'system:org:list', '/system/org', 'system/OrgList', 'org', 1),
  ('岗位管理', 'system:post:list', '/system/post', 'system/PostList', 'post', 2),
  ('数据权限', 'system:datarule:list', '/system/data-rule', 'system/DataRuleList', 'shield', 3),
  ('应用管理', 'system:app:list', '/system/app', 'system/AppList', 'apps', 4)
) AS m("name", "code", "path", "component_path", "icon", "ord")
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = m."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:org:list', '新增机构', 'system:org:add', 1),
  ('system:org:list', '编辑机构', 'system:org:edit', 2),
  ('system:org:list', '删除机构', 'system:org:delete', 3),
  ('system:post:list', '新增岗位', 'system:post:add', 4),
  ('system:post:list', '编辑岗位', 'system:post:edit', 5),
  ('system:post:list', '删除岗位', 'system:post:delete', 6),
  ('system:datarule:list', '新增数据权限', 'system:datarule:add', 7),
  ('system:datarule:list', '编辑数据权限', 'system:datarule:edit', 8),
  ('system:datarule:list', '删除数据权限', 'system:datarule:delete', 9),
  ('system:app:list', '新增应用', 'system:app:add', 10),
  ('system:app:list', '编辑应用', 'system:app:edit', 11),
  ('system:app:list', '删除应用', 'system:app:delete', 12)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:org:list', 'system:org:add', 'system:org:edit', 'system:org:delete',
    'system:post:list', 'system:post:add', 'system:post:edit', 'system:post:delete',
    'system:datarule:list', 'system:datarule:add', 'system:datarule:edit', 'system:datarule:delete',
    'system:app:list', 'system:app:add', 'system:app:edit', 'system:app:delete')
ON CONFLICT DO NOTHING;
