-- 导出 on 菜单管理, the last back-office tree without it: the menu tree written as rows, as
-- 机构管理 and 栏目管理 write theirs (migration 0045). A button under 菜单管理, given to every role
-- that holds the menu (系统管理员 holds every code through `holds_all`, migration 0037), in a
-- database seeded before this migration (a new database gets it from the seed,
-- server/src/seed/auth.ts). Run twice, it adds nothing.
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:menu:list', '导出菜单', 'system:menu:export', 1)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT g."role_id", e."id"
FROM "sys_permissions" e
JOIN "sys_permissions" m ON m."id" = e."parent_id"
JOIN "sys_role_permissions" g ON g."permission_id" = m."id"
JOIN "sys_roles" r ON r."id" = g."role_id"
WHERE e."code" = 'system:menu:export'
  AND NOT r."holds_all"
ON CONFLICT DO NOTHING;
