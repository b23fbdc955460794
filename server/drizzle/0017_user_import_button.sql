-- 用户管理 › 导入用户 (system:user:import), granted to 系统管理员, in a database seeded before
-- this migration (a new database gets it from the seed, server/src/seed/auth.ts).
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', '导入用户', 'system:user:import', (SELECT coalesce(max("sort"), 0) + 1 FROM "sys_permissions")
FROM "sys_permissions" m
WHERE m."code" = 'system:user:list'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'system:user:import');--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin' AND p."code" = 'system:user:import'
ON CONFLICT DO NOTHING;
