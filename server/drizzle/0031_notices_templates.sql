CREATE TABLE "sys_notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_notice_reads_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sys_notice_roles" (
	"notice_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_notice_roles_notice_id_role_id_pk" PRIMARY KEY("notice_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_notice_users" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "sys_notice_users_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sys_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"type" varchar(1) NOT NULL,
	"audience" varchar(8) NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"publish_time" timestamp with time zone,
	"author_id" integer,
	"author_name" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_notices_type_check" CHECK ("sys_notices"."type" in ('1', '2')),
	CONSTRAINT "sys_notices_audience_check" CHECK ("sys_notices"."audience" in ('all', 'users', 'roles')),
	CONSTRAINT "sys_notices_status_check" CHECK ("sys_notices"."status" in ('0', '1', '2'))
);
--> statement-breakpoint
CREATE TABLE "sys_sms_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_sms_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"content" varchar(500) NOT NULL,
	"variables" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_notice_reads" ADD CONSTRAINT "sys_notice_reads_notice_id_sys_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_reads" ADD CONSTRAINT "sys_notice_reads_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_roles" ADD CONSTRAINT "sys_notice_roles_notice_id_sys_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_roles" ADD CONSTRAINT "sys_notice_roles_role_id_sys_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_users" ADD CONSTRAINT "sys_notice_users_notice_id_sys_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_users" ADD CONSTRAINT "sys_notice_users_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notices" ADD CONSTRAINT "sys_notices_author_id_sys_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."sys_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_notice_reads_user_idx" ON "sys_notice_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_notice_roles_role_idx" ON "sys_notice_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "sys_notice_users_user_idx" ON "sys_notice_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_notices_published_idx" ON "sys_notices" USING btree ("status","publish_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_sms_templates_code_idx" ON "sys_sms_templates" USING btree (lower("code"));--> statement-breakpoint
-- 系统管理 › 通知公告 and 短信模板 with their buttons, granted to 系统管理员, and 我的消息 for
-- every user (no permission code, like 个人中心), in a database seeded before this migration (a
-- new database gets them from the seed, server/src/seed/auth.ts). The system SMS templates
-- (server/src/modules/sms/templates.ts) for every database: the seed does not replace them.
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('notice', 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', m."name", m."code", m."path", m."component_path", m."icon",
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + m."ord"
FROM "sys_permissions" g
CROSS JOIN (VALUES
  ('通知公告', 'system:notice:list', '/system/notice', 'notice/NoticeList', 'notice', 1),
  ('短信模板', 'system:smstemplate:list', '/system/sms-template', 'notice/SmsTemplateList', 'message', 2)
) AS m("name", "code", "path", "component_path", "icon", "ord")
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = m."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:notice:list', '新增通知', 'system:notice:add', 1),
  ('system:notice:list', '编辑通知', 'system:notice:edit', 2),
  ('system:notice:list', '删除通知', 'system:notice:delete', 3),
  ('system:notice:list', '发布通知', 'system:notice:publish', 4),
  ('system:smstemplate:list', '新增短信模板', 'system:smstemplate:add', 5),
  ('system:smstemplate:list', '编辑短信模板', 'system:smstemplate:edit', 6),
  ('system:smstemplate:list', '删除短信模板', 'system:smstemplate:delete', 7),
  ('system:smstemplate:list', '测试发送短信', 'system:smstemplate:send', 8)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "hidden", "sort")
SELECT NULL, 'menu', '我的消息', NULL, '/account/notice', 'notice/MyNotices', 'notice', false,
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
WHERE EXISTS (SELECT 1 FROM "sys_permissions" WHERE "path" = '/account/center')
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" WHERE "path" = '/account/notice');--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:notice:list', 'system:notice:add', 'system:notice:edit', 'system:notice:delete',
    'system:notice:publish', 'system:smstemplate:list', 'system:smstemplate:add', 'system:smstemplate:edit',
    'system:smstemplate:delete', 'system:smstemplate:send')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_sms_templates" ("code", "name", "content", "variables", "enabled", "system") VALUES
  ('LOGIN_CODE', '登录验证码', '您的登录验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。', '["code"]'::jsonb, true, true),
  ('BIND_PHONE_CODE', '绑定手机验证码', '您正在将手机号码绑定到账号 ${loginName}，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。', '["loginName", "code"]'::jsonb, true, true),
  ('REGISTER_STATUS_CODE', '注册进度查询验证码', '您正在查询「${traderName}」的注册申请进度，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。', '["traderName", "code"]'::jsonb, true, true),
  ('REGISTER_APPROVED', '注册审核通过', '您提交的「${traderName}」注册申请已审核通过。业务代码：${enterpriseCode}，用户名：${loginName}，初始密码：${password}，首次登录须修改密码。', '["traderName", "enterpriseCode", "loginName", "password"]'::jsonb, true, true),
  ('REGISTER_RETURNED', '注册申请退回', '您提交的「${traderName}」注册申请需补正：${reason}。请在门户「注册进度查询」页面修改后重新提交。', '["traderName", "reason"]'::jsonb, true, true),
  ('REGISTER_REJECTED', '注册申请驳回', '您提交的「${traderName}」注册申请未通过审核：${reason}。', '["traderName", "reason"]'::jsonb, true, true)
ON CONFLICT DO NOTHING;
