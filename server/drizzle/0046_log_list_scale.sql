-- 操作日志 and 登录日志 at a million rows each (issue 31, docs/performance-log.md "Admin list").
-- The lists sort by time then id (newest first, the id breaking ties) and their exports walk
-- that order by keyset: an index on (at, id) answers both, where the one on (at) alone left
-- PostgreSQL sorting every row of a time, and made a keyset step a scan.
DROP INDEX IF EXISTS "sys_operation_log_at_idx";--> statement-breakpoint
CREATE INDEX "sys_operation_log_at_idx" ON "sys_operation_log" USING btree ("at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "sys_login_log_at_idx";--> statement-breakpoint
CREATE INDEX "sys_login_log_at_idx" ON "sys_login_log" USING btree ("at","id");--> statement-breakpoint
-- Their totals (共 N 条) are kept per change version (count-cache.ts, docs/architecture.md
-- "Change versions"): every statement that writes either log bumps its version and signals.
CREATE TRIGGER "sys_operation_log_change_version"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_operation_log"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_bump_change_version"();--> statement-breakpoint
INSERT INTO "sys_change_versions" ("table_name") VALUES ('sys_operation_log') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "sys_login_log_change_version"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_login_log"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_bump_change_version"();--> statement-breakpoint
INSERT INTO "sys_change_versions" ("table_name") VALUES ('sys_login_log') ON CONFLICT DO NOTHING;
