-- 导出 on the two trees that had none (issue 31): 机构管理 and 栏目管理 write their tree as rows.
-- A button under each tree's menu, given to every role that holds the menu (系统管理员 holds
-- every code through `holds_all`, migration 0037), in a database seeded before this migration
-- (a new database gets them from the seed, server/src/seed/auth.ts). Run twice, it adds nothing.
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:org:list', '导出机构', 'system:org:export', 1),
  ('cms:catalog:list', '导出栏目', 'cms:catalog:export', 2)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT g."role_id", e."id"
FROM "sys_permissions" e
JOIN "sys_permissions" m ON m."id" = e."parent_id"
JOIN "sys_role_permissions" g ON g."permission_id" = m."id"
JOIN "sys_roles" r ON r."id" = g."role_id"
WHERE e."code" IN ('system:org:export', 'cms:catalog:export')
  AND NOT r."holds_all"
ON CONFLICT DO NOTHING;
