CREATE TABLE "cms_catalogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cms_catalogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"code" varchar(48) NOT NULL,
	"title" varchar(64) NOT NULL,
	"catalog_type" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"template_code" varchar(48),
	"template_name" varchar(64),
	"component_path" varchar(128),
	"open_type" varchar(16) DEFAULT 'INTERNAL_OPEN' NOT NULL,
	"link_type" varchar(16) DEFAULT 'COLUMN_LINK' NOT NULL,
	"link_url" varchar(256),
	"content_id" integer,
	"description" text,
	"visible" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cms_catalogs_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cms_contents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cms_contents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"title" varchar(128) NOT NULL,
	"summary" varchar(512),
	"content_type" varchar(16) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"cover_url" varchar(512),
	"link_url" varchar(256),
	"author" varchar(64),
	"source" varchar(64),
	"publish_time" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cms_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"display_name" varchar(64) NOT NULL,
	"description" text,
	"domain" varchar(128),
	"logo_url" varchar(256),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_sites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(32) NOT NULL,
	"phone" varchar(16) NOT NULL,
	"email" varchar(64),
	"complaint_type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"client_ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_catalogs" ADD CONSTRAINT "cms_catalogs_site_id_cms_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."cms_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_catalogs" ADD CONSTRAINT "cms_catalogs_parent_id_cms_catalogs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cms_catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_contents" ADD CONSTRAINT "cms_contents_catalog_id_cms_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."cms_catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_catalogs_site_parent_idx" ON "cms_catalogs" USING btree ("site_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "cms_contents_catalog_idx" ON "cms_contents" USING btree ("catalog_id","status","sort");--> statement-breakpoint
CREATE INDEX "complaints_ip_time_idx" ON "complaints" USING btree ("client_ip","created_at");