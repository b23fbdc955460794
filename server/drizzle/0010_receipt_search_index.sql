CREATE TABLE "receipt_search_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "receipts_receipt_number_pattern_idx";--> statement-breakpoint
DROP INDEX "receipts_batch_sort_idx";--> statement-breakpoint
DROP INDEX "receipts_length_asc_idx";--> statement-breakpoint
DROP INDEX "receipts_length_desc_idx";--> statement-breakpoint
DROP INDEX "receipts_product_year_idx";--> statement-breakpoint
DROP INDEX "receipts_stock_name_idx";--> statement-breakpoint
DROP INDEX "receipts_processing_method_idx";--> statement-breakpoint
DROP INDEX "receipts_pick_mode_idx";--> statement-breakpoint
DROP INDEX "receipts_status_idx";--> statement-breakpoint
DROP INDEX "receipts_origin_idx";--> statement-breakpoint
DROP INDEX "receipts_color_grade_idx";--> statement-breakpoint
DROP INDEX "receipts_micronaire_grade_idx";--> statement-breakpoint
DROP INDEX "receipts_place_code_idx";--> statement-breakpoint
DROP INDEX "receipts_whs_name_idx";--> statement-breakpoint
DROP INDEX "receipts_avg_strength_idx";--> statement-breakpoint
DROP INDEX "receipts_avg_uniformity_idx";--> statement-breakpoint
DROP INDEX "receipts_avg_trash_idx";--> statement-breakpoint
DROP INDEX "receipts_avg_moisture_idx";--> statement-breakpoint
DROP INDEX "receipts_avg_rd_idx";--> statement-breakpoint
DROP INDEX "receipts_avg_plus_b_idx";--> statement-breakpoint
INSERT INTO "receipt_search_state" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "receipt_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "receipt_search_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "receipts_search_changed" AFTER INSERT OR UPDATE OR DELETE ON "receipts" FOR EACH STATEMENT EXECUTE FUNCTION "receipt_search_changed"();--> statement-breakpoint
CREATE TRIGGER "receipts_search_truncated" AFTER TRUNCATE ON "receipts" FOR EACH STATEMENT EXECUTE FUNCTION "receipt_search_changed"();
