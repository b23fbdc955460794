-- The version a plugin ran before its last switch (upgrade, roll back) and until when its
-- files are still served, for the tabs that loaded it: only the active, enabled version's
-- files are served otherwise (docs/architecture.md "Plugin registry").
ALTER TABLE "plugin_registry" ADD COLUMN "previous_version" varchar(32);--> statement-breakpoint
ALTER TABLE "plugin_registry" ADD COLUMN "previous_until" timestamp with time zone;
