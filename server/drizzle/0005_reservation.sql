CREATE TABLE "factory_appointments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "factory_appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_code" varchar(16) NOT NULL,
	"appointment_date" date,
	"batch_number" char(11) NOT NULL,
	"factory_name" varchar(128) NOT NULL,
	"stock_name" varchar(16) NOT NULL,
	"whs_pick_mode" varchar(16) NOT NULL,
	"product_year" char(4) NOT NULL,
	"weight" numeric(10, 3) NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "factory_appointments_batch_check" CHECK ("factory_appointments"."batch_number" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "reservation_day_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_day_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"warehouse_code" varchar(16) NOT NULL,
	"plan_date" date NOT NULL,
	"capacity" numeric(10, 3) NOT NULL,
	"status" smallint NOT NULL,
	CONSTRAINT "reservation_day_plans_warehouse_date_key" UNIQUE("warehouse_code","plan_date"),
	CONSTRAINT "reservation_day_plans_status_check" CHECK ("reservation_day_plans"."status" between 1 and 5),
	CONSTRAINT "reservation_day_plans_capacity_check" CHECK ("reservation_day_plans"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservation_settings" (
	"warehouse_code" varchar(16) PRIMARY KEY NOT NULL,
	"appointment_type" smallint NOT NULL,
	"is_subscribe" char(1) DEFAULT '1' NOT NULL,
	CONSTRAINT "reservation_settings_type_check" CHECK ("reservation_settings"."appointment_type" in (1, 2)),
	CONSTRAINT "reservation_settings_subscribe_check" CHECK ("reservation_settings"."is_subscribe" in ('0', '1'))
);
--> statement-breakpoint
ALTER TABLE "factory_appointments" ADD CONSTRAINT "factory_appointments_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reservation_day_plans" ADD CONSTRAINT "reservation_day_plans_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "reservation_settings" ADD CONSTRAINT "reservation_settings_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "factory_appointments_warehouse_date_idx" ON "factory_appointments" USING btree ("warehouse_code","appointment_date");--> statement-breakpoint
CREATE INDEX "factory_appointments_date_idx" ON "factory_appointments" USING btree ("appointment_date");--> statement-breakpoint
CREATE INDEX "reservation_day_plans_date_idx" ON "reservation_day_plans" USING btree ("plan_date");