CREATE TABLE "sys_change_versions" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_users_enterprise_created_idx" ON "sys_users" USING btree ("enterprise_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sys_users_enterprise_login_name_idx" ON "sys_users" USING btree ("enterprise_id","login_name","id");--> statement-breakpoint
-- Every statement that writes a watched table bumps its version in the same transaction
-- (docs/architecture.md "Change versions").
CREATE OR REPLACE FUNCTION "cotton_bump_change_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sys_change_versions" ("table_name", "version", "changed_at")
  VALUES (TG_TABLE_NAME, 1, now())
  ON CONFLICT ("table_name") DO UPDATE
    SET "version" = "sys_change_versions"."version" + 1, "changed_at" = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sys_users_change_version"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_users"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_bump_change_version"();--> statement-breakpoint
INSERT INTO "sys_change_versions" ("table_name") VALUES ('sys_users') ON CONFLICT DO NOTHING;
