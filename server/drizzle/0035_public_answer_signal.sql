-- The public answer cache (docs/architecture.md "Public answer cache"): the public calls'
-- answers are kept while the change signal (0021) hears no write of the tables they are read
-- from, so each of those tables sends it.
CREATE TRIGGER "warehouses_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "warehouses"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "freight_yards_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "freight_yards"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "region_groups_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "region_groups"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "reservation_settings_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reservation_settings"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "reservation_day_plans_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reservation_day_plans"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "factory_appointments_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "factory_appointments"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "financing_products_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "financing_products"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "financing_modes_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "financing_modes"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "finance_advantages_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "finance_advantages"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "finance_contacts_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "finance_contacts"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "cms_sites_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_sites"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "cms_catalogs_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_catalogs"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "cms_contents_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_contents"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "register_agreements_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "register_agreements"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "receipt_batches_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "receipt_batches"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "receipt_bale_records_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "receipt_bale_records"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();
