-- 导入 on the lists whose rows staff create (issue 31): a button under each list's menu, in a
-- database seeded before this migration (a new database gets them from the seed,
-- server/src/seed/auth.ts). 系统管理员 holds every code through `holds_all` (migration 0037);
-- a role that may add the list's rows one at a time may now add them by file too. Run twice,
-- it adds nothing.
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:post:list', '导入岗位', 'system:post:import', 1),
  ('system:org:list', '导入机构', 'system:org:import', 2),
  ('system:dict:list', '导入字典项', 'system:dict:import', 3),
  ('system:region:list', '导入区域', 'system:region:import', 4),
  ('system:bank:list', '导入银行', 'system:bank:import', 5),
  ('system:smstemplate:list', '导入短信模板', 'system:smstemplate:import', 6)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT g."role_id", i."id"
FROM (VALUES
  ('system:post:add', 'system:post:import'),
  ('system:org:add', 'system:org:import'),
  ('system:dict:add', 'system:dict:import'),
  ('system:region:add', 'system:region:import'),
  ('system:bank:add', 'system:bank:import'),
  ('system:smstemplate:add', 'system:smstemplate:import')
) AS c("add_code", "import_code")
JOIN "sys_permissions" a ON a."code" = c."add_code"
JOIN "sys_permissions" i ON i."code" = c."import_code"
JOIN "sys_role_permissions" g ON g."permission_id" = a."id"
JOIN "sys_roles" r ON r."id" = g."role_id"
WHERE NOT r."holds_all"
ON CONFLICT DO NOTHING;
