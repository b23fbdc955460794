CREATE TABLE "register_apply_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_apply_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"apply_id" integer NOT NULL,
	"round" integer NOT NULL,
	"decision" varchar(1) NOT NULL,
	"reason" varchar(200),
	"reviewer_id" integer,
	"reviewer_name" varchar(32) NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "enterprise_id" integer;--> statement-breakpoint
ALTER TABLE "sys_users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "register_apply_reviews" ADD CONSTRAINT "register_apply_reviews_apply_id_register_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."register_applies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_apply_reviews" ADD CONSTRAINT "register_apply_reviews_reviewer_id_sys_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."sys_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_apply_reviews_apply_idx" ON "register_apply_reviews" USING btree ("apply_id","round");--> statement-breakpoint
ALTER TABLE "register_applies" ADD CONSTRAINT "register_applies_enterprise_id_sys_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."sys_enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- 系统管理 › 注册审核 for databases seeded before (docs/registration.md "Review"): the menu, its
-- icon, the grant to 系统管理员 and 注册审核员, and the roles an approval gives.
INSERT INTO "sys_icons" ("name", "svg_path") VALUES
  ('audit', 'M19 3h-4.18C14.4 1.84 13.3 1 12 1c-1.3 0-2.4.84-2.82 2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-7 0c.55 0 1 .45 1 1s-.45 1-1 1-1-.45-1-1 .45-1 1-1zm-2 14l-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_permissions" ("parent_id", "type", "name", "code", "path", "component_path", "icon", "sort")
SELECT g."id", 'menu', '注册审核', 'register:review', '/system/register', 'system/RegisterReviewList', 'audit',
  (SELECT coalesce(max("sort"), 0) FROM "sys_permissions") + 1
FROM "sys_permissions" g
WHERE g."path" = '/system' AND g."code" IS NULL AND g."type" = 'menu'
  AND NOT EXISTS (SELECT 1 FROM "sys_permissions" p WHERE p."code" = 'register:review');--> statement-breakpoint
INSERT INTO "sys_role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "sys_roles" r
CROSS JOIN "sys_permissions" p
WHERE r."code" IN ('sysadmin', 'reviewer') AND p."code" = 'register:review'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sys_roles" ("code", "name", "description") VALUES
  ('trader_admin', '交易商管理员', '审核通过的交易商的第一位管理员：工作台与个人中心'),
  ('enterprise_admin', '企业管理员', '审核通过的普通企业的第一位管理员：工作台与个人中心')
ON CONFLICT DO NOTHING;
