-- 导出 on the generic lists that had none (issue 31): a button under each list's menu, given to
-- every role that holds the menu (系统管理员 holds every code through `holds_all`, migration 0037),
-- in a database seeded before this migration (a new database gets them from the seed,
-- server/src/seed/auth.ts). Run twice, it adds nothing.
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:post:list', '导出岗位', 'system:post:export', 1),
  ('system:role:list', '导出角色', 'system:role:export', 2),
  ('system:app:list', '导出应用', 'system:app:export', 3),
  ('system:datarule:list', '导出数据权限', 'system:datarule:export', 4),
  ('system:plugin:list', '导出插件', 'system:plugin:export', 5),
  ('register:review', '导出注册申请', 'register:review:export', 6)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT g."role_id", e."id"
FROM "sys_permissions" e
JOIN "sys_permissions" m ON m."id" = e."parent_id"
JOIN "sys_role_permissions" g ON g."permission_id" = m."id"
JOIN "sys_roles" r ON r."id" = g."role_id"
WHERE e."code" IN ('system:post:export', 'system:role:export', 'system:app:export', 'system:datarule:export',
    'system:plugin:export', 'register:review:export')
  AND NOT r."holds_all"
ON CONFLICT DO NOTHING;
