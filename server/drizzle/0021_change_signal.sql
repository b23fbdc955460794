-- DESIGN's change signal across server processes (docs/architecture.md "Change signal"):
-- every statement that writes a watched table sends NOTIFY cotton_change '<table> <txid>'
-- (once per table and transaction: PostgreSQL folds equal payloads), which PostgreSQL delivers to every listening connection when the transaction commits (never
-- for one that rolls back). Processes keep their caches of sessions, permissions and data
-- scopes while they hear nothing; sys_users also keeps its change-version row (0018).
CREATE OR REPLACE FUNCTION "cotton_bump_change_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sys_change_versions" ("table_name", "version", "changed_at")
  VALUES (TG_TABLE_NAME, 1, now())
  ON CONFLICT ("table_name") DO UPDATE
    SET "version" = "sys_change_versions"."version" + 1, "changed_at" = now();
  PERFORM pg_notify('cotton_change', TG_TABLE_NAME || ' ' || txid_current());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cotton_signal_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cotton_change', TG_TABLE_NAME || ' ' || txid_current());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sys_sessions_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_enterprises_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_enterprises"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_user_roles_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user_roles"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_permissions_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_permissions"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_role_permissions_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role_permissions"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_data_rules_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_data_rules"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_role_data_rules_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role_data_rules"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "sys_orgs_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_orgs"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();
