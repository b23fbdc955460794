-- 用户管理's "contains" filters (姓名, 手机号码, 登录名, 邮箱): PostgreSQL cannot estimate how
-- many rows '%王伟%' matches from the default 100-entry histogram and guesses "almost none",
-- so it scans all 100,000 users and sorts them (30 ms) instead of walking the newest-first
-- index until a page is found (1 ms). A 1,000-entry histogram gives it the real share, from
-- the next ANALYZE on (autovacuum's, or the large seed's). Not analysed here: statistics of
-- a table still empty make PostgreSQL plan the seed's 100,000 foreign-key checks as scans.
ALTER TABLE "sys_users" ALTER COLUMN "realname" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "sys_users" ALTER COLUMN "phone" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "sys_users" ALTER COLUMN "login_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "sys_users" ALTER COLUMN "email" SET STATISTICS 1000;
