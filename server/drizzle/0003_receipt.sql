CREATE TABLE "ginneries" (
	"code" varchar(5) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"province_code" varchar(6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_batch_bales" (
	"batch_number" varchar(11) PRIMARY KEY NOT NULL,
	"color_grade" smallint[] NOT NULL,
	"length" real[] NOT NULL,
	"micronaire" real[] NOT NULL,
	"strength" real[] NOT NULL,
	"uniformity" real[] NOT NULL,
	"rd" real[] NOT NULL,
	"plus_b" real[] NOT NULL,
	"moisture" real[] NOT NULL,
	"trash" real[] NOT NULL,
	"gross_kg" real[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_batches" (
	"batch_number" varchar(11) PRIMARY KEY NOT NULL,
	"ginnery_code" varchar(5) NOT NULL,
	"factory_name" varchar(64) NOT NULL,
	"product_year" varchar(4) NOT NULL,
	"stock_name" varchar(4) NOT NULL,
	"processing_method" varchar(4) NOT NULL,
	"pick_mode" varchar(4) NOT NULL,
	"origin" varchar(4) NOT NULL,
	"inspect_date" date NOT NULL,
	"inspect_company" varchar(64) NOT NULL,
	"bale_count" smallint NOT NULL,
	"gross_kg" integer NOT NULL,
	"tare_kg" integer NOT NULL,
	"net_kg" integer NOT NULL,
	"conditioned_kg" integer NOT NULL,
	"main_color_grade" varchar(2),
	"main_length_grade" smallint,
	"main_micronaire_grade" varchar(2),
	"avg_length" numeric(6, 1) NOT NULL,
	"avg_micronaire" numeric(6, 2) NOT NULL,
	"avg_strength" numeric(6, 1) NOT NULL,
	"avg_uniformity" numeric(6, 1) NOT NULL,
	"avg_trash" numeric(6, 1) NOT NULL,
	"avg_moisture" numeric(6, 1) NOT NULL,
	"avg_rd" numeric(6, 1) NOT NULL,
	"avg_plus_b" numeric(6, 1) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"receipt_number" varchar(20) PRIMARY KEY NOT NULL,
	"batch_number" varchar(11) NOT NULL,
	"warehouse_code" varchar(16) NOT NULL,
	"whs_name" varchar(128) NOT NULL,
	"place_code" varchar(6) NOT NULL,
	"place_name" varchar(64) NOT NULL,
	"storage_ws" varchar(32) NOT NULL,
	"machine_date" date NOT NULL,
	"status" varchar(4) NOT NULL,
	"quantity" smallint NOT NULL,
	"gross_kg" integer NOT NULL,
	"net_kg" integer NOT NULL,
	"conditioned_kg" integer NOT NULL,
	"factory_name" varchar(64) NOT NULL,
	"product_year" varchar(4) NOT NULL,
	"stock_name" varchar(4) NOT NULL,
	"processing_method" varchar(4) NOT NULL,
	"pick_mode" varchar(4) NOT NULL,
	"origin" varchar(4) NOT NULL,
	"inspect_date" date NOT NULL,
	"inspect_company" varchar(64) NOT NULL,
	"color_grade" varchar(2),
	"length_grade" smallint,
	"micronaire_grade" varchar(2),
	"avg_length" numeric(6, 1) NOT NULL,
	"avg_micronaire" numeric(6, 2) NOT NULL,
	"avg_strength" numeric(6, 1) NOT NULL,
	"avg_uniformity" numeric(6, 1) NOT NULL,
	"avg_trash" numeric(6, 1) NOT NULL,
	"avg_moisture" numeric(6, 1) NOT NULL,
	"avg_rd" numeric(6, 1) NOT NULL,
	"avg_plus_b" numeric(6, 1) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ginneries" ADD CONSTRAINT "ginneries_province_code_regions_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."regions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_batch_bales" ADD CONSTRAINT "receipt_batch_bales_batch_number_receipt_batches_batch_number_fk" FOREIGN KEY ("batch_number") REFERENCES "public"."receipt_batches"("batch_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_batches" ADD CONSTRAINT "receipt_batches_ginnery_code_ginneries_code_fk" FOREIGN KEY ("ginnery_code") REFERENCES "public"."ginneries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_batch_number_receipt_batches_batch_number_fk" FOREIGN KEY ("batch_number") REFERENCES "public"."receipt_batches"("batch_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ginneries_name_idx" ON "ginneries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "receipt_batches_ginnery_idx" ON "receipt_batches" USING btree ("ginnery_code");--> statement-breakpoint
CREATE INDEX "receipts_batch_number_pattern_idx" ON "receipts" USING btree ("batch_number" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "receipts_receipt_number_pattern_idx" ON "receipts" USING btree ("receipt_number" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "receipts_batch_sort_idx" ON "receipts" USING btree ("batch_number","receipt_number");--> statement-breakpoint
CREATE INDEX "receipts_length_asc_idx" ON "receipts" USING btree ("length_grade","receipt_number");--> statement-breakpoint
CREATE INDEX "receipts_length_desc_idx" ON "receipts" USING btree ("length_grade" DESC NULLS LAST,"receipt_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_product_year_idx" ON "receipts" USING btree ("product_year");--> statement-breakpoint
CREATE INDEX "receipts_stock_name_idx" ON "receipts" USING btree ("stock_name");--> statement-breakpoint
CREATE INDEX "receipts_processing_method_idx" ON "receipts" USING btree ("processing_method");--> statement-breakpoint
CREATE INDEX "receipts_pick_mode_idx" ON "receipts" USING btree ("pick_mode");--> statement-breakpoint
CREATE INDEX "receipts_status_idx" ON "receipts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "receipts_origin_idx" ON "receipts" USING btree ("origin");--> statement-breakpoint
CREATE INDEX "receipts_color_grade_idx" ON "receipts" USING btree ("color_grade");--> statement-breakpoint
CREATE INDEX "receipts_micronaire_grade_idx" ON "receipts" USING btree ("micronaire_grade");--> statement-breakpoint
CREATE INDEX "receipts_place_code_idx" ON "receipts" USING btree ("place_code");--> statement-breakpoint
CREATE INDEX "receipts_whs_name_idx" ON "receipts" USING btree ("whs_name");--> statement-breakpoint
CREATE INDEX "receipts_warehouse_code_idx" ON "receipts" USING btree ("warehouse_code");--> statement-breakpoint
CREATE INDEX "receipts_factory_name_idx" ON "receipts" USING btree ("factory_name");--> statement-breakpoint
CREATE INDEX "receipts_avg_strength_idx" ON "receipts" USING btree ("avg_strength");--> statement-breakpoint
CREATE INDEX "receipts_avg_uniformity_idx" ON "receipts" USING btree ("avg_uniformity");--> statement-breakpoint
CREATE INDEX "receipts_avg_trash_idx" ON "receipts" USING btree ("avg_trash");--> statement-breakpoint
CREATE INDEX "receipts_avg_moisture_idx" ON "receipts" USING btree ("avg_moisture");--> statement-breakpoint
CREATE INDEX "receipts_avg_rd_idx" ON "receipts" USING btree ("avg_rd");--> statement-breakpoint
CREATE INDEX "receipts_avg_plus_b_idx" ON "receipts" USING btree ("avg_plus_b");