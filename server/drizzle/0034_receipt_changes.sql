-- Incremental receipt search index (issue 16 item 13): which receipts each change touched.
-- The statement triggers on "receipts" still raise receipt_search_state.version (the row lock
-- orders the writing transactions, so versions commit in order); they now also write the
-- receipt numbers the statement touched (from its transition tables) under that version into
-- receipt_changes, and send the change signal. A truncate writes one row with no number: every
-- receipt changed. Each server process reads the rows above the version it has applied.
CREATE TABLE "receipt_changes" (
	"version" bigint NOT NULL,
	"receipt_number" varchar(20),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "receipt_changes_version_idx" ON "receipt_changes" USING btree ("version");--> statement-breakpoint
ALTER TABLE "receipt_search_state" ADD COLUMN "purged_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP TRIGGER IF EXISTS "receipts_search_changed" ON "receipts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "receipts_search_truncated" ON "receipts";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "receipt_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  UPDATE "receipt_search_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO changed;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "receipt_changes" ("version", "receipt_number") SELECT changed, "receipt_number" FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "receipt_changes" ("version", "receipt_number")
      SELECT changed, "receipt_number" FROM new_rows UNION SELECT changed, "receipt_number" FROM old_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "receipt_changes" ("version", "receipt_number") SELECT changed, "receipt_number" FROM old_rows;
  ELSE
    INSERT INTO "receipt_changes" ("version", "receipt_number") VALUES (changed, NULL);
  END IF;
  PERFORM pg_notify('cotton_change', TG_TABLE_NAME || ' ' || txid_current());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "receipts_search_inserted" AFTER INSERT ON "receipts" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "receipt_search_changed"();--> statement-breakpoint
CREATE TRIGGER "receipts_search_updated" AFTER UPDATE ON "receipts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "receipt_search_changed"();--> statement-breakpoint
CREATE TRIGGER "receipts_search_deleted" AFTER DELETE ON "receipts" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "receipt_search_changed"();--> statement-breakpoint
CREATE TRIGGER "receipts_search_truncated" AFTER TRUNCATE ON "receipts"
FOR EACH STATEMENT EXECUTE FUNCTION "receipt_search_changed"();
