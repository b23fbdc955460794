CREATE TABLE "register_apply_rounds" (
	"apply_id" integer NOT NULL,
	"round" integer NOT NULL,
	"trader_name" varchar(128) NOT NULL,
	"uniform_credit_code" varchar(20) NOT NULL,
	"payload" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "register_apply_rounds_apply_id_round_pk" PRIMARY KEY("apply_id","round")
);
--> statement-breakpoint
DROP INDEX "register_applies_status_idx";--> statement-breakpoint
ALTER TABLE "register_apply_files" DROP CONSTRAINT "register_apply_files_apply_id_field_sort_pk";--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "register_apply_files" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "register_apply_files" ADD CONSTRAINT "register_apply_files_apply_id_round_field_sort_pk" PRIMARY KEY("apply_id","round","field","sort");--> statement-breakpoint
ALTER TABLE "register_apply_rounds" ADD CONSTRAINT "register_apply_rounds_apply_id_register_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."register_applies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_applies_status_idx" ON "register_applies" USING btree ("status","submitted_at");--> statement-breakpoint
-- Applications submitted before this migration were submitted when they were created.
UPDATE "register_applies" SET "submitted_at" = "created_at";
