CREATE TABLE "sys_login_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_login_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"method" varchar(8) NOT NULL,
	"account" varchar(96),
	"user_id" integer,
	"login_name" varchar(32),
	"success" boolean NOT NULL,
	"reason" varchar(128),
	"ip" varchar(64),
	"user_agent" varchar(256),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_operation_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_operation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operation_key" uuid NOT NULL,
	"user_id" integer,
	"login_name" varchar(32),
	"realname" varchar(32),
	"method" varchar(8) NOT NULL,
	"url" varchar(128) NOT NULL,
	"permission" varchar(64),
	"kind" varchar(8) NOT NULL,
	"params" varchar(4000),
	"success" boolean NOT NULL,
	"rtn_code" varchar(8),
	"message" varchar(256),
	"ip" varchar(64),
	"user_agent" varchar(256),
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_operation_log_operation_key_unique" UNIQUE("operation_key")
);
--> statement-breakpoint
CREATE TABLE "sys_visit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_visit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"login_name" varchar(32),
	"realname" varchar(32),
	"menu_name" varchar(32) NOT NULL,
	"path" varchar(128) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(256),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_audit_log" ADD COLUMN "operation_key" uuid;--> statement-breakpoint
CREATE INDEX "sys_login_log_at_idx" ON "sys_login_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sys_login_log_user_idx" ON "sys_login_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sys_operation_log_at_idx" ON "sys_operation_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sys_operation_log_user_idx" ON "sys_operation_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sys_visit_log_at_idx" ON "sys_visit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sys_visit_log_user_idx" ON "sys_visit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sys_audit_log_operation_idx" ON "sys_audit_log" USING btree ("operation_key");--> statement-breakpoint
-- 系统管理 › 操作日志, 登录日志, 访问日志 with their 导出 buttons, granted to 系统管理员, in a
-- database seeded before this migration (a new database gets them from the seed,
-- server/src/seed/auth.ts).
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('history', 'M13 3a9 9 0 0 0-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.954 8.954 0 0 0 13 21a9 9 0 0 0 0-18zm-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8H12z'),
  ('login', 'M11 7L9.6 8.4l2.6 2.6H2v2h10.2l-2.6 2.6L11 17l5-5-5-5zm9 12h-8v2h8c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-8v2h8v14z'),
  ('eye', 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5zm0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', m."name", m."code", m."path", m."component_path", m."icon",
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + m."ord"
FROM "sys_permissions" g
CROSS JOIN (VALUES
  ('操作日志', 'system:log:operation', '/system/log/operation', 'log/OperationLog', 'history', 1),
  ('登录日志', 'system:log:login', '/system/log/login', 'log/LoginLog', 'login', 2),
  ('访问日志', 'system:log:visit', '/system/log/visit', 'log/VisitLog', 'eye', 3)
) AS m("name", "code", "path", "component_path", "icon", "ord")
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = m."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:log:operation', '导出操作日志', 'system:log:operation:export', 1),
  ('system:log:login', '导出登录日志', 'system:log:login:export', 2),
  ('system:log:visit', '导出访问日志', 'system:log:visit:export', 3)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:log:operation', 'system:log:operation:export', 'system:log:login',
    'system:log:login:export', 'system:log:visit', 'system:log:visit:export')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The logs' retention as a task of 定时任务 (every database: upkeep, not demo data); its
-- parameters are the retention in days.
INSERT INTO "sys_tasks" ("name", "job_type", "cron", "params", "description", "next_run_at") VALUES
  ('清理过期日志', 'purge-old-logs', '30 3 * * *', '{"operationDays":180,"loginDays":180,"visitDays":90}'::jsonb,
   '每天按保留天数删除过期的操作日志、登录日志和访问日志', now())
ON CONFLICT DO NOTHING;
