ALTER TABLE "register_applies" ADD COLUMN "kind" varchar(8) DEFAULT 'register' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_enterprises" ADD COLUMN "register_apply_id" integer;--> statement-breakpoint
ALTER TABLE "sys_enterprises" ADD CONSTRAINT "sys_enterprises_register_apply_id_register_applies_id_fk" FOREIGN KEY ("register_apply_id") REFERENCES "public"."register_applies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A change request holds only a name or credit code its enterprise does not hold already (its
-- key is '' otherwise): the live keys are the non-empty ones.
DROP INDEX "register_applies_live_name_idx";--> statement-breakpoint
DROP INDEX "register_applies_live_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_live_name_idx" ON "register_applies" USING btree ("name_key") WHERE "register_applies"."status" in ('0', '1', '3') and "register_applies"."name_key" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_live_code_idx" ON "register_applies" USING btree ("code_key") WHERE "register_applies"."status" in ('0', '1', '3') and "register_applies"."code_key" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_open_change_idx" ON "register_applies" USING btree ("enterprise_id") WHERE "register_applies"."kind" = 'change' and "register_applies"."status" in ('0', '3');--> statement-breakpoint
-- Each enterprise an approval made knows its application (the registered information 企业信息
-- shows): by the application's link, else by its 业务代码, M and the application's number.
UPDATE "sys_enterprises" AS e SET "register_apply_id" = a."id"
FROM "register_applies" AS a
WHERE e."register_apply_id" IS NULL AND a."kind" = 'register' AND a."status" = '1'
  AND (a."enterprise_id" = e."id" OR e."code" = 'M' || lpad(a."id"::text, 6, '0'));--> statement-breakpoint
UPDATE "register_applies" AS a SET "enterprise_id" = e."id"
FROM "sys_enterprises" AS e
WHERE e."register_apply_id" = a."id" AND a."enterprise_id" IS NULL;--> statement-breakpoint
-- 企业管理 › 企业信息 with its 变更申请 for databases seeded before (a new database gets them from
-- the seed, server/src/seed/auth.ts): the group (unless another migration made it), the menu, the
-- hidden page of the change form, the button, the grants to the enterprise administrators' roles
-- and to 系统管理员 (who holds every code), the SMS templates of the decisions.
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('org', 'M22 11V3h-7v3H9V3H2v8h7V8h2v10h4v3h7v-8h-7v3h-2V8h2v3z'),
  ('business', 'M12 7V3H2v18h20V7H12zM6 19H4v-2h2v2zm0-4H4v-2h2v2zm0-4H4V9h2v2zm0-4H4V5h2v2zm4 12H8v-2h2v2zm0-4H8v-2h2v2zm0-4H8V9h2v2zm0-4H8V5h2v2zm10 12h-8v-2h2v-2h-2v-2h2v-2h-2V9h8v10zm-2-8h-2v2h2v-2zm0 4h-2v2h2v-2z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "path", "icon", "sort")
SELECT NULL, 'menu', '企业管理', '/enterprise', 'org', (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."path" = '/enterprise');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', '企业信息', 'enterprise:info:view', '/enterprise/info', 'enterprise/EnterpriseInfo', 'business',
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" g
WHERE g."path" = '/enterprise' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'enterprise:info:view');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "path", "component_path", "hidden", "sort")
SELECT m."id", 'menu', '企业信息变更申请', '/enterprise/info/change', 'register/EnterpriseChange', true,
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" m
WHERE m."code" = 'enterprise:info:view'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."path" = '/enterprise/info/change');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', '变更申请', 'enterprise:info:change', (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" m
WHERE m."code" = 'enterprise:info:view'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'enterprise:info:change');--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" IN ('trader_admin', 'enterprise_admin')
  AND p."code" IN ('enterprise:info:view', 'enterprise:info:change')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The sub-accounts' role (0037) reads 企业信息.
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'enterprise_staff' AND p."code" = 'enterprise:info:view'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "sys_roles" SET "description" = '审核通过的交易商的第一位管理员：工作台、个人中心、企业信息与变更申请'
WHERE "code" = 'trader_admin' AND "description" = '审核通过的交易商的第一位管理员：工作台与个人中心';--> statement-breakpoint
UPDATE "sys_roles" SET "description" = '审核通过的普通企业的第一位管理员：工作台、个人中心、企业信息与变更申请'
WHERE "code" = 'enterprise_admin' AND "description" = '审核通过的普通企业的第一位管理员：工作台与个人中心';--> statement-breakpoint
INSERT INTO "sys_sms_templates" ("code", "name", "content", "variables", "enabled", "system") VALUES
  ('CHANGE_APPROVED', '企业信息变更通过', '您提交的「${traderName}」企业信息变更申请已审核通过，新的企业信息已生效。', '["traderName"]'::jsonb, true, true),
  ('CHANGE_RETURNED', '企业信息变更退回', '您提交的「${traderName}」企业信息变更申请需补正：${reason}。请登录门户在「企业管理 › 企业信息」修改后重新提交。', '["traderName","reason"]'::jsonb, true, true),
  ('CHANGE_REJECTED', '企业信息变更驳回', '您提交的「${traderName}」企业信息变更申请未通过审核：${reason}。', '["traderName","reason"]'::jsonb, true, true)
ON CONFLICT DO NOTHING;
