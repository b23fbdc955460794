-- Issue 32 parts 2 and 3: the permission codes an uploaded plugin declares, and publisher
-- signatures. `plugin_permissions` holds the codes of each plugin's active version (its
-- primary key refuses a second claim); the button nodes they register in the menu tree carry
-- the plugin's id, so that upgrades, roll backs and uninstalls keep the tree to the manifest.
ALTER TABLE "sys_permissions" ADD COLUMN "plugin_id" varchar(64);--> statement-breakpoint
CREATE TABLE "plugin_permissions" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"plugin_id" varchar(64) NOT NULL,
	"type" varchar(8) NOT NULL,
	"component" varchar(64) NOT NULL,
	"label" varchar(32) NOT NULL,
	CONSTRAINT "plugin_permissions_plugin_id_plugin_registry_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugin_registry"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE TABLE "plugin_publisher_keys" (
	"key_id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"public_key" varchar(256) NOT NULL,
	"added_by" varchar(64),
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_publisher_keys_name_unique" UNIQUE("name")
);--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "signer_key_id" varchar(32);--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD COLUMN "signer_name" varchar(32);
