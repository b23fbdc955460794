-- Delegation with a ceiling (docs/auth.md "The ceiling"). A role may hold every permission
-- code, including codes created later (系统管理员): a flag, not a list to keep up to date, so
-- a new menu's code is held — and grantable — at once by those who hold everything. Roles
-- the centre lets enterprise administrators give to their sub-accounts are marked.
ALTER TABLE "sys_roles" ADD COLUMN "holds_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_roles" ADD COLUMN "enterprise_grantable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "sys_roles" SET "holds_all" = true WHERE "code" = 'sysadmin';--> statement-breakpoint
-- Its list of grants said less than the flag (a code created later was missing): one truth.
DELETE FROM "sys_role_permissions" WHERE "role_id" IN (SELECT "id" FROM "sys_roles" WHERE "holds_all");--> statement-breakpoint
-- What each role holds, the flag included: the one place every reader of grants asks.
CREATE VIEW "sys_role_grants" AS
  SELECT rp."role_id", p."id" AS "permission_id", p."code"
  FROM "sys_role_permissions" rp JOIN "sys_permissions" p ON p."id" = rp."permission_id"
  UNION ALL
  SELECT r."id", p."id", p."code"
  FROM "sys_roles" r CROSS JOIN "sys_permissions" p
  WHERE r."holds_all";--> statement-breakpoint
-- The flags change what a role holds: the session and scope caches listen (docs/architecture.md "Change signal").
CREATE TRIGGER "sys_roles_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_roles"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
-- 企业管理 › 用户管理: an approved enterprise's administrator manages its own accounts.
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "path", "icon", "sort")
SELECT NULL, 'menu', '企业管理', '/enterprise', 'org', (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."path" = '/enterprise' AND p."code" IS NULL AND p."type" = 'menu');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', '用户管理', 'enterprise:user:list', '/enterprise/user', 'system/EnterpriseUserList', 'team',
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" g
WHERE g."path" = '/enterprise' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'enterprise:user:list');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('新增子账号', 'enterprise:user:add', 1),
  ('编辑子账号', 'enterprise:user:edit', 2),
  ('删除子账号', 'enterprise:user:delete', 3)
) AS b("name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = 'enterprise:user:list'
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" IN ('trader_admin', 'enterprise_admin')
  AND p."code" IN ('enterprise:user:list', 'enterprise:user:add', 'enterprise:user:edit', 'enterprise:user:delete')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_roles" ("code", "name", "description", "enterprise_grantable")
SELECT 'enterprise_staff', '企业业务员', '企业管理员为本企业开设的子账号：工作台与个人中心', true
WHERE EXISTS (SELECT 1 FROM "sys_roles" WHERE "code" = 'sysadmin')
  AND NOT EXISTS (SELECT 1 FROM "sys_roles" WHERE "code" = 'enterprise_staff');--> statement-breakpoint
UPDATE "sys_roles" SET "enterprise_grantable" = true WHERE "code" IN ('trader_admin', 'enterprise_admin', 'enterprise_staff');--> statement-breakpoint
UPDATE "sys_roles" SET "description" = '审核通过的交易商的管理员：工作台、个人中心与企业管理' WHERE "code" = 'trader_admin';--> statement-breakpoint
UPDATE "sys_roles" SET "description" = '审核通过的普通企业的管理员：工作台、个人中心与企业管理' WHERE "code" = 'enterprise_admin';
