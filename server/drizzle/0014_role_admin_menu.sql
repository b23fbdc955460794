-- 系统管理 › 角色管理 with its buttons, granted to 系统管理员, in a database seeded before this
-- migration (a new database gets them from the seed, server/src/seed/auth.ts).
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT "id", 'menu', '角色管理', 'system:role:list', '/system/role', 'system/RoleList', 'team',
  (SELECT coalesce(max("sort"), 0) + 1 FROM "sys_permissions")
FROM "sys_permissions"
WHERE "type" = 'menu' AND "path" = '/system' AND "parent_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" WHERE "code" = 'system:role:list')
LIMIT 1;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."n"
FROM "sys_permissions" m
CROSS JOIN (VALUES (1, '新增角色', 'system:role:add'), (2, '编辑角色', 'system:role:edit'), (3, '删除角色', 'system:role:delete'), (4, '角色授权', 'system:role:grant')) AS b("n", "name", "code")
WHERE m."code" = 'system:role:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_icons" ("name", "svg_path")
VALUES ('team', 'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5c-1.66 0-3 1.34-3 3s1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5C6.34 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:role:list', 'system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:grant')
ON CONFLICT DO NOTHING;
