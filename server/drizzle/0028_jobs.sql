CREATE TABLE "sys_daily_statistics" (
	"day" date PRIMARY KEY NOT NULL,
	"warehouses" integer NOT NULL,
	"receipts" integer NOT NULL,
	"appointments" integer NOT NULL,
	"appointment_tonnage" numeric(14, 3) NOT NULL,
	"logins" integer NOT NULL,
	"new_users" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_task_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_task_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" varchar(8) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker" varchar(128),
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"result" varchar(512),
	"error" varchar(1024),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_task_runs_trigger_check" CHECK ("sys_task_runs"."trigger" in ('cron', 'manual')),
	CONSTRAINT "sys_task_runs_status_check" CHECK ("sys_task_runs"."status" in ('queued', 'running', 'success', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sys_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"job_type" varchar(64) NOT NULL,
	"cron" varchar(128) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"description" varchar(256),
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_tasks_status_check" CHECK ("sys_tasks"."status" in ('1', '2'))
);
--> statement-breakpoint
ALTER TABLE "sys_task_runs" ADD CONSTRAINT "sys_task_runs_task_id_sys_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."sys_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_task_runs_slot_idx" ON "sys_task_runs" USING btree ("task_id","scheduled_at") WHERE "sys_task_runs"."trigger" = 'cron';--> statement-breakpoint
CREATE INDEX "sys_task_runs_task_idx" ON "sys_task_runs" USING btree ("task_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "sys_task_runs_pending_idx" ON "sys_task_runs" USING btree ("status","scheduled_at") WHERE "sys_task_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "sys_tasks_name_idx" ON "sys_tasks" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sys_tasks_due_idx" ON "sys_tasks" USING btree ("status","next_run_at");--> statement-breakpoint
-- 系统管理 › 定时任务 with its buttons and icon, granted to 系统管理员, in a database seeded
-- before this migration (a new database gets them from the seed, server/src/seed/auth.ts).
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('schedule', 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', '定时任务', 'system:task:list', '/system/task', 'task/TaskList', 'schedule',
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" g
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'system:task:list');--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('新增任务', 'system:task:add', 1),
  ('编辑任务', 'system:task:edit', 2),
  ('删除任务', 'system:task:delete', 3),
  ('执行任务', 'system:task:run', 4)
) AS b("name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = 'system:task:list'
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:task:list', 'system:task:add', 'system:task:edit', 'system:task:delete', 'system:task:run')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The work hourly timers in each process did until now, and the nightly statistics, as
-- tasks (every database, production included: they are upkeep, not demo data). Due at
-- once, then on their schedule.
INSERT INTO "sys_tasks" ("name", "job_type", "cron", "description", "next_run_at") VALUES
  ('清理过期登录记录', 'purge-login-records', '0 * * * *', '每小时删除过期的登录凭据、验证码和登录记录', now()),
  ('每日业务统计', 'overview-statistics', '10 0 * * *', '每天凌晨统计前一天的业务数据', now()),
  ('清理上传文件', 'sweep-files', '30 * * * *', '每小时清理未被使用的上传文件和中断上传留下的临时文件', now()),
  ('清理任务执行记录', 'purge-task-runs', '20 * * * *', '每小时删除 30 天前的执行记录，每个任务最多保留 1000 条', now())
ON CONFLICT DO NOTHING;
