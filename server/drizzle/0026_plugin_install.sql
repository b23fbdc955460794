CREATE TABLE "plugin_files" (
	"plugin_id" varchar(64) NOT NULL,
	"version" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"integrity" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "plugin_files_plugin_id_version_name_pk" PRIMARY KEY("plugin_id","version","name")
);
--> statement-breakpoint
CREATE TABLE "plugin_versions" (
	"plugin_id" varchar(64) NOT NULL,
	"version" varchar(32) NOT NULL,
	"manifest" jsonb NOT NULL,
	"size" integer NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"installed_by" varchar(64),
	CONSTRAINT "plugin_versions_plugin_id_version_pk" PRIMARY KEY("plugin_id","version")
);
--> statement-breakpoint
ALTER TABLE "plugin_files" ADD CONSTRAINT "plugin_files_version_fk" FOREIGN KEY ("plugin_id","version") REFERENCES "public"."plugin_versions"("plugin_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_files_name_idx" ON "plugin_files" USING btree ("plugin_id","name");--> statement-breakpoint
CREATE INDEX "plugin_files_sha256_idx" ON "plugin_files" USING btree ("sha256");--> statement-breakpoint
-- The change signal (0021) on the registry's tables: every process re-reads the plugin list,
-- the menus' components and the files it serves as soon as a plugin is installed, enabled,
-- disabled, switched to another version or uninstalled (docs/architecture.md "Plugin registry").
CREATE TRIGGER "plugin_registry_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plugin_registry"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "plugin_versions_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plugin_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "plugin_files_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plugin_files"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
-- 系统管理 › 插件管理 for databases seeded before: the menu, its icon, its two buttons and the
-- grant of all three to 系统管理员 (a new database gets them from the seed).
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('extension', 'M20.5 11H19V7c0-1.1-.9-2-2-2h-4V3.5C13 2.12 11.88 1 10.5 1S8 2.12 8 3.5V5H4c-1.1 0-1.99.9-1.99 2v3.8H3.5c1.49 0 2.7 1.21 2.7 2.7s-1.21 2.7-2.7 2.7H2V20c0 1.1.9 2 2 2h3.8v-1.5c0-1.49 1.21-2.7 2.7-2.7 1.49 0 2.7 1.21 2.7 2.7V22H17c1.1 0 2-.9 2-2v-4h1.5c1.38 0 2.5-1.12 2.5-2.5S21.88 11 20.5 11z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', '插件管理', 'system:plugin:list', '/system/plugin', 'system/PluginList', 'extension',
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" g
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'system:plugin:list');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."n"
FROM "sys_permissions" m
CROSS JOIN (VALUES ('安装插件', 'system:plugin:install', 1), ('管理插件', 'system:plugin:manage', 2)) AS b("name", "code", "n")
WHERE m."code" = 'system:plugin:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin' AND p."code" IN ('system:plugin:list', 'system:plugin:install', 'system:plugin:manage')
ON CONFLICT DO NOTHING;
