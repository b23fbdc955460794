CREATE TABLE "finance_advantages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_advantages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"icon_key" varchar(32) NOT NULL,
	"title" varchar(32) NOT NULL,
	"description" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_type" varchar(16) NOT NULL,
	"organization" varchar(64) NOT NULL,
	"contact_name" varchar(32) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"address" varchar(256) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_contacts_type_check" CHECK ("finance_contacts"."contact_type" in ('office', 'bank'))
);
--> statement-breakpoint
CREATE TABLE "financing_modes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financing_modes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"intro" text NOT NULL,
	"steps" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "financing_modes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "financing_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financing_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"mode_code" varchar(32),
	"max_loan_ratio" numeric(5, 2) NOT NULL,
	"term_months" integer NOT NULL,
	"annual_rate" numeric(5, 2) NOT NULL,
	"summary" text NOT NULL,
	"target" text NOT NULL,
	"guarantee" text NOT NULL,
	"repayment" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"materials" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "financing_products_ratio_check" CHECK ("financing_products"."max_loan_ratio" > 0 and "financing_products"."max_loan_ratio" <= 100),
	CONSTRAINT "financing_products_term_check" CHECK ("financing_products"."term_months" > 0),
	CONSTRAINT "financing_products_rate_check" CHECK ("financing_products"."annual_rate" >= 0 and "financing_products"."annual_rate" < 100)
);
--> statement-breakpoint
ALTER TABLE "financing_products" ADD CONSTRAINT "financing_products_mode_code_financing_modes_code_fk" FOREIGN KEY ("mode_code") REFERENCES "public"."financing_modes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_contacts_type_sort_idx" ON "finance_contacts" USING btree ("contact_type","sort");