-- Plugin entities (issue 32 section 1; docs/architecture.md "Plugin entities"): the tables a
-- plugin's declared entities live in (schema `plugin_<id>`, created at install from the
-- checked declaration), with the fields each table has. Kept through uninstall until 清除数据.
CREATE TABLE "plugin_entity_tables" (
	"plugin_id" varchar(64) NOT NULL,
	"entity" varchar(31) NOT NULL,
	"label" varchar(32) NOT NULL,
	"fields" jsonb NOT NULL,
	"owner" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_entity_tables_pkey" PRIMARY KEY("plugin_id","entity")
);
--> statement-breakpoint
-- The change version of a plugin entity's table (count-cache.ts keeps its list's totals while it
-- holds), kept under `plugin:<md5 of schema.table>`: the table's own name is the plugin's choice
-- and may be any built-in table's, and schema and name together may pass 63 characters.
CREATE OR REPLACE FUNCTION "cotton_bump_plugin_change_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "key" text := 'plugin:' || md5(TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
BEGIN
  INSERT INTO "sys_change_versions" ("table_name", "version", "changed_at")
  VALUES ("key", 1, now())
  ON CONFLICT ("table_name") DO UPDATE
    SET "version" = "sys_change_versions"."version" + 1, "changed_at" = now();
  PERFORM pg_notify('cotton_change', "key" || ' ' || txid_current());
  RETURN NULL;
END;
$$;
