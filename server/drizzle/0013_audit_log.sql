CREATE TABLE "sys_audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"login_name" varchar(32),
	"action" varchar(32) NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" varchar(32),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_audit_log_at_idx" ON "sys_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sys_audit_log_entity_idx" ON "sys_audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
-- 系统管理 › 用户管理 with its buttons, granted to 系统管理员, in a database seeded before this
-- migration (a new database gets them from the seed, server/src/seed/auth.ts).
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT "id", 'menu', '用户管理', 'system:user:list', '/system/user', 'system/UserList', 'user',
  (SELECT coalesce(max("sort"), 0) + 1 FROM "sys_permissions")
FROM "sys_permissions"
WHERE "type" = 'menu' AND "path" = '/system' AND "parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" WHERE "code" = 'system:user:list')
LIMIT 1;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."n"
FROM "sys_permissions" m
CROSS JOIN (VALUES (1, '新增用户', 'system:user:add'), (2, '编辑用户', 'system:user:edit'), (3, '删除用户', 'system:user:delete')) AS b("n", "name", "code")
WHERE m."code" = 'system:user:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:user:list', 'system:user:add', 'system:user:edit', 'system:user:delete')
ON CONFLICT DO NOTHING;
