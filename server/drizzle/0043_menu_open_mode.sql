-- Menus (issue 31): 缓存 (keep_alive: the workspace keeps the page mounted while its tab is
-- hidden; every existing menu keeps that behaviour), 打开方式 (open_mode: a plugin page, an
-- external link opened in a new browser tab, or a page of an allowed origin embedded in a tab)
-- and the link's or embedded page's address (url). docs/auth.md "Menu administration".
ALTER TABLE "sys_permissions" ADD COLUMN IF NOT EXISTS "keep_alive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_permissions" ADD COLUMN IF NOT EXISTS "open_mode" varchar(8) DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_permissions" ADD COLUMN IF NOT EXISTS "url" varchar(512);--> statement-breakpoint
ALTER TABLE "sys_permissions" DROP CONSTRAINT IF EXISTS "sys_permissions_open_mode_check";--> statement-breakpoint
ALTER TABLE "sys_permissions" ADD CONSTRAINT "sys_permissions_open_mode_check" CHECK ("sys_permissions"."open_mode" in ('page', 'link', 'iframe'));
