CREATE TABLE "files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"name" varchar(200) NOT NULL,
	"owner_token_hash" varchar(64),
	"owner_user_id" integer,
	"owner_ip" varchar(64),
	"purpose" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_account_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_account_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"identity" varchar(1) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"role_code" varchar(32) NOT NULL,
	"usbkey_default" varchar(1) DEFAULT '0' NOT NULL,
	"fields" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	CONSTRAINT "register_account_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "register_agreements" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_apply_files" (
	"apply_id" integer NOT NULL,
	"field" varchar(32) NOT NULL,
	"sort" integer NOT NULL,
	"file_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_apply_files_apply_id_field_sort_pk" PRIMARY KEY("apply_id","field","sort")
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"phone2" varchar(20) NOT NULL,
	"address" varchar(200) NOT NULL,
	"postcode" varchar(6) NOT NULL,
	"provinces" varchar(200) NOT NULL,
	"headquarters" varchar(1) DEFAULT '0' NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "account_type_ids" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "applicant_phone" varchar(11);--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "name_key" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "code_key" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Applications stored before: their keys as the server computes them (ASCII and CJK names: NFKC changes nothing).
UPDATE "register_applies" SET "name_key" = upper(btrim("trader_name")), "code_key" = upper(btrim("uniform_credit_code"));--> statement-breakpoint
ALTER TABLE "register_apply_files" ADD CONSTRAINT "register_apply_files_apply_id_register_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."register_applies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_apply_files" ADD CONSTRAINT "register_apply_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_loose_idx" ON "files" USING btree ("attached_at","created_at");--> statement-breakpoint
CREATE INDEX "register_apply_files_file_idx" ON "register_apply_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_live_name_idx" ON "register_applies" USING btree ("name_key") WHERE "register_applies"."status" in ('0', '1');--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_live_code_idx" ON "register_applies" USING btree ("code_key") WHERE "register_applies"."status" in ('0', '1');--> statement-breakpoint
ALTER TABLE "register_applies" ADD CONSTRAINT "register_applies_request_id_unique" UNIQUE("request_id");