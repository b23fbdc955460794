-- 数据权限 on 操作日志, 登录日志 and 访问日志 (issue 31; docs/auth.md "Data permissions"): a log
-- row is owned by the organisation its user belonged to when acting. From now on the server
-- records it with the row; a row written before takes the organisation its user is in now (the
-- closest there is; a deleted user's rows keep none and are seen by an unlimited scope only).
ALTER TABLE "sys_operation_log" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "sys_login_log" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "sys_visit_log" ADD COLUMN "org_id" integer;--> statement-breakpoint
UPDATE "sys_operation_log" l SET "org_id" = u."org_id"
FROM "sys_users" u WHERE u."id" = l."user_id" AND u."org_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sys_login_log" l SET "org_id" = u."org_id"
FROM "sys_users" u WHERE u."id" = l."user_id" AND u."org_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sys_visit_log" l SET "org_id" = u."org_id"
FROM "sys_users" u WHERE u."id" = l."user_id" AND u."org_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_operation_log_org_idx" ON "sys_operation_log" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "sys_login_log_org_idx" ON "sys_login_log" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "sys_visit_log_org_idx" ON "sys_visit_log" USING btree ("org_id","at");
