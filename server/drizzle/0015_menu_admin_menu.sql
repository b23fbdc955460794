-- 系统管理 › 菜单管理 with its buttons, granted to 系统管理员, in a database seeded before this
-- migration (a new database gets them from the seed, server/src/seed/auth.ts).
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT "id", 'menu', '菜单管理', 'system:menu:list', '/system/menu', 'system/MenuList', 'menu',
  (SELECT coalesce(max("sort"), 0) + 1 FROM "sys_permissions")
FROM "sys_permissions"
WHERE "type" = 'menu' AND "path" = '/system' AND "parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" WHERE "code" = 'system:menu:list')
LIMIT 1;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."n"
FROM "sys_permissions" m
CROSS JOIN (VALUES (1, '编辑菜单', 'system:menu:edit'), (2, '删除菜单', 'system:menu:delete')) AS b("n", "name", "code")
WHERE m."code" = 'system:menu:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_icons" ("name", "svg_path")
VALUES ('menu', 'M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:menu:list', 'system:menu:edit', 'system:menu:delete')
ON CONFLICT DO NOTHING;
