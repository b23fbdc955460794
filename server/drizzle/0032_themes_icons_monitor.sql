CREATE TABLE "sys_process_heartbeats" (
	"instance_id" varchar(128) PRIMARY KEY NOT NULL,
	"host" varchar(128) NOT NULL,
	"pid" integer NOT NULL,
	"role" varchar(32) NOT NULL,
	"node_version" varchar(32) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"beat_at" timestamp with time zone NOT NULL,
	"rss_bytes" double precision NOT NULL,
	"heap_used_bytes" double precision NOT NULL,
	"heap_total_bytes" double precision NOT NULL,
	"event_loop_delay_ms" double precision,
	"search_index" jsonb
);
--> statement-breakpoint
CREATE TABLE "sys_user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"menu_layout" varchar(8) DEFAULT 'side' NOT NULL,
	"theme" varchar(8) DEFAULT 'light' NOT NULL,
	"primary_color" varchar(7) DEFAULT '#165DFF' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_preferences_menu_layout_check" CHECK ("sys_user_preferences"."menu_layout" in ('side', 'top')),
	CONSTRAINT "sys_user_preferences_theme_check" CHECK ("sys_user_preferences"."theme" in ('light', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "sys_user_preferences" ADD CONSTRAINT "sys_user_preferences_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- 系统管理 › 图标管理 and 系统监控 with their buttons and icons, granted to 系统管理员, in a
-- database seeded before this migration (a new database gets them from the seed,
-- server/src/seed/auth.ts).
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('icon', 'M12 2l-5.5 9h11L12 2zm5.5 11c-2.49 0-4.5 2.01-4.5 4.5s2.01 4.5 4.5 4.5 4.5-2.01 4.5-4.5-2.01-4.5-4.5-4.5zM3 21.5h8v-8H3v8z'),
  ('monitor', 'M20 2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h7v2H8v2h8v-2h-3v-2h7c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zm0 14H4V4h16v12z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', m."name", m."code", m."path", m."component_path", m."icon",
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + m."ord"
FROM "sys_permissions" g
CROSS JOIN (VALUES
  ('图标管理', 'system:icon:list', '/system/icon', 'monitor/IconList', 'icon', 1),
  ('系统监控', 'system:monitor:view', '/system/monitor', 'monitor/ServerMonitor', 'monitor', 2)
) AS m("name", "code", "path", "component_path", "icon", "ord")
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = m."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:icon:list', '新增图标', 'system:icon:add', 1),
  ('system:icon:list', '删除图标', 'system:icon:delete', 2)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:icon:list', 'system:icon:add', 'system:icon:delete', 'system:monitor:view')
ON CONFLICT DO NOTHING;
