CREATE TABLE "receipt_bale_records" (
	"batch_number" varchar(11) PRIMARY KEY NOT NULL,
	"bale_count" smallint NOT NULL,
	"color_grade" "bytea" NOT NULL,
	"length" "bytea" NOT NULL,
	"micronaire" "bytea" NOT NULL,
	"strength" "bytea" NOT NULL,
	"uniformity" "bytea" NOT NULL,
	"rd" "bytea" NOT NULL,
	"plus_b" "bytea" NOT NULL,
	"moisture" "bytea" NOT NULL,
	"trash" "bytea" NOT NULL,
	"gross_kg" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_bale_records" ADD CONSTRAINT "receipt_bale_records_batch_number_receipt_batches_batch_number_fk" FOREIGN KEY ("batch_number") REFERENCES "public"."receipt_batches"("batch_number") ON DELETE cascade ON UPDATE no action;