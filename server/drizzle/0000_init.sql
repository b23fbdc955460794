CREATE TABLE "region_groups" (
	"group_type" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "region_groups_group_type_code_pk" PRIMARY KEY("group_type","code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" varchar(6) PRIMARY KEY NOT NULL,
	"parent_code" varchar(6),
	"name" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_categories" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"category_code" varchar(64) NOT NULL,
	"item_code" varchar(32) NOT NULL,
	"item_value" varchar(128) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dict_items_category_code_item_code_pk" PRIMARY KEY("category_code","item_code")
);
--> statement-breakpoint
CREATE TABLE "freight_yards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "freight_yards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_id" integer NOT NULL,
	"station_name" varchar(64) NOT NULL,
	"freight_yard_type" varchar(8) NOT NULL,
	"freight_yard_name" varchar(128) NOT NULL,
	"whs_name" varchar(128) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16) NOT NULL,
	"name" varchar(128) NOT NULL,
	"area_type" char(1) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"city_code" varchar(6),
	"county_code" varchar(6),
	"office_code" varchar(32),
	"reservation_area_code" varchar(32),
	"address_detail" varchar(256) NOT NULL,
	"postal_code" varchar(6),
	"found_time" date,
	"warehouse_note" text,
	"synopsis" text,
	"station_name" varchar(64),
	"special_railway_line" char(1) DEFAULT '0' NOT NULL,
	"special_railway_line_name" varchar(128),
	"whs_types" varchar(64),
	"whs_biz_types" varchar(64),
	"storage_capacity_max" numeric(14, 3),
	"dispatch_min" numeric(14, 3),
	"can_work" char(1) DEFAULT '1' NOT NULL,
	"quanlity_monitor_weight" numeric(14, 3),
	"contact_name" varchar(32),
	"contact_phone" varchar(32),
	"contact_mobile" varchar(16),
	"contact_fax" varchar(32),
	"biz_contact_name" varchar(32),
	"biz_contact_phone" varchar(32),
	"biz_contact_mobile" varchar(16),
	"cotton_automobile_in_fee" numeric(12, 2),
	"cotton_automobile_out_fee" numeric(12, 2),
	"cotton_train_in_fee" numeric(12, 2),
	"cotton_train_out_fee" numeric(12, 2),
	"cotton_water_in_fee" numeric(12, 2),
	"cotton_water_out_fee" numeric(12, 2),
	"yarn_automobile_in_fee" numeric(12, 2),
	"yarn_automobile_out_fee" numeric(12, 2),
	"yarn_train_in_fee" numeric(12, 2),
	"yarn_train_out_fee" numeric(12, 2),
	"yarn_water_in_fee" numeric(12, 2),
	"yarn_water_out_fee" numeric(12, 2),
	"cotton_examine_move_fee" numeric(12, 2),
	"recondition_fee" numeric(12, 2),
	"restore_fee" numeric(12, 2),
	"sewing_bag_fee" numeric(12, 2),
	"cotton_indoor_rate" numeric(8, 3),
	"cotton_outdoor_rate" numeric(8, 3),
	"loading_help_fee" numeric(12, 2),
	CONSTRAINT "warehouses_code_unique" UNIQUE("code"),
	CONSTRAINT "warehouses_area_type_check" CHECK ("warehouses"."area_type" in ('1', '2'))
);
--> statement-breakpoint
CREATE TABLE "plugin_registry" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"version" varchar(32) NOT NULL,
	"entry" varchar(512) NOT NULL,
	"integrity" varchar(128) NOT NULL,
	"routes" jsonb NOT NULL,
	"components" jsonb NOT NULL,
	"sdk_version" varchar(32) NOT NULL,
	"source" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_registry_source_check" CHECK ("plugin_registry"."source" in ('bundled', 'external'))
);
--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_category_code_dict_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."dict_categories"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_yards" ADD CONSTRAINT "freight_yards_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_province_code_regions_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_city_code_regions_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_county_code_regions_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regions_parent_code_idx" ON "regions" USING btree ("parent_code","sort");--> statement-breakpoint
CREATE INDEX "freight_yards_warehouse_id_idx" ON "freight_yards" USING btree ("warehouse_id","sort");--> statement-breakpoint
CREATE INDEX "warehouses_province_code_idx" ON "warehouses" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "warehouses_area_type_idx" ON "warehouses" USING btree ("area_type");--> statement-breakpoint
CREATE INDEX "warehouses_reservation_area_idx" ON "warehouses" USING btree ("reservation_area_code");