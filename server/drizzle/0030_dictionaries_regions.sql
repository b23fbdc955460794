-- 系统管理 › 数据字典, 区域管理, 银行管理 (docs/architecture.md "Dictionaries, regions and banks:
-- administration"): keys for the administration lists, 启用/停用, the settlement-account flag of
-- banks, the change signal on the tables whose answers the server keeps, the menus and their
-- grants to 系统管理员 in a database seeded before this migration (a new one gets them from the seed).
ALTER TABLE "regions" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "status" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "dict_categories" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "dict_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "dict_categories" ADD COLUMN "description" varchar(256);--> statement-breakpoint
ALTER TABLE "dict_categories" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "status" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "dict_items" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "status" varchar(1) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "account_bank" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "regions_id_idx" ON "regions" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_categories_id_idx" ON "dict_categories" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_id_idx" ON "dict_items" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_id_idx" ON "banks" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_name_idx" ON "banks" USING btree ("name");--> statement-breakpoint
-- The settlement banks of the seeded list (the seed flags the same codes).
UPDATE "banks" SET "account_bank" = true WHERE "code" IN ('102', '103', '104', '105', '203', '301');--> statement-breakpoint
-- The change signal (0021): every process drops what it kept of dictionaries and regions when
-- any of them writes these tables (the administration pages, the seed, SQL by hand).
CREATE TRIGGER "dict_categories_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_categories"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "dict_items_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_items"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "regions_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
CREATE TRIGGER "banks_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banks"
FOR EACH STATEMENT EXECUTE FUNCTION "cotton_signal_change"();--> statement-breakpoint
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('book', 'M18 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 4h5v8l-2.5-1.5L6 12V4z'),
  ('place', 'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5z'),
  ('bank', 'M4 10v7h3v-7H4zm6 0v7h3v-7h-3zM2 22h19v-3H2v3zm14-12v7h3v-7h-3zm-4.5-9L2 6v2h19V6l-9.5-5z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', m."name", m."code", m."path", m."component_path", m."icon",
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + m."ord"
FROM "sys_permissions" g
CROSS JOIN (VALUES
  ('数据字典', 'system:dict:list', '/system/dict', 'basedata/DictList', 'book', 1),
  ('区域管理', 'system:region:list', '/system/region', 'basedata/RegionList', 'place', 2),
  ('银行管理', 'system:bank:list', '/system/bank', 'basedata/BankList', 'bank', 3)
) AS m("name", "code", "path", "component_path", "icon", "ord")
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = m."code");--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "sort")
SELECT m."id", 'button', b."name", b."code", (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + b."ord"
FROM (VALUES
  ('system:dict:list', '新增字典', 'system:dict:add', 1),
  ('system:dict:list', '编辑字典', 'system:dict:edit', 2),
  ('system:dict:list', '删除字典', 'system:dict:delete', 3),
  ('system:region:list', '新增区域', 'system:region:add', 4),
  ('system:region:list', '编辑区域', 'system:region:edit', 5),
  ('system:bank:list', '新增银行', 'system:bank:add', 6),
  ('system:bank:list', '编辑银行', 'system:bank:edit', 7)
) AS b("menu", "name", "code", "ord")
JOIN "sys_permissions" m ON m."code" = b."menu"
WHERE NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = b."code");--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" = 'sysadmin'
  AND p."code" IN ('system:dict:list', 'system:dict:add', 'system:dict:edit', 'system:dict:delete',
    'system:region:list', 'system:region:add', 'system:region:edit',
    'system:bank:list', 'system:bank:add', 'system:bank:edit')
ON CONFLICT DO NOTHING;
