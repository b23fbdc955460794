CREATE TABLE "register_apply_rounds" (
	"apply_id" integer NOT NULL,
	"round" integer NOT NULL,
	"trader_name" varchar(128) NOT NULL,
	"uniform_credit_code" varchar(20) NOT NULL,
	"service_area_code" varchar(32),
	"applicant_phone" varchar(11),
	"request_id" varchar(64),
	"payload" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "register_apply_rounds_apply_id_round_pk" PRIMARY KEY("apply_id","round")
);
--> statement-breakpoint
DROP INDEX "register_applies_status_idx";--> statement-breakpoint
DROP INDEX "register_applies_live_name_idx";--> statement-breakpoint
DROP INDEX "register_applies_live_code_idx";--> statement-breakpoint
ALTER TABLE "register_apply_files" DROP CONSTRAINT "register_apply_files_apply_id_field_sort_pk";--> statement-breakpoint
ALTER TABLE "register_applies" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "register_apply_files" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "register_apply_files" ADD CONSTRAINT "register_apply_files_apply_id_round_field_sort_pk" PRIMARY KEY("apply_id","round","field","sort");--> statement-breakpoint
ALTER TABLE "register_apply_rounds" ADD CONSTRAINT "register_apply_rounds_apply_id_register_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."register_applies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_applies_status_idx" ON "register_applies" USING btree ("status","submitted_at");--> statement-breakpoint
-- A returned application now keeps its name and credit code (its applicant corrects it in
-- place). One returned before this migration whose name or code another application has
-- taken since (or a newer returned one) cannot keep them: it is closed as 驳回.
UPDATE "register_applies" AS r SET "status" = '2'
WHERE r."status" = '3' AND EXISTS (
  SELECT 1 FROM "register_applies" AS o
  WHERE o."id" <> r."id" AND o."status" IN ('0', '1', '3')
    AND (o."name_key" = r."name_key" OR o."code_key" = r."code_key")
    AND (o."status" <> '3' OR o."id" > r."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_live_name_idx" ON "register_applies" USING btree ("name_key") WHERE "register_applies"."status" in ('0', '1', '3');--> statement-breakpoint
CREATE UNIQUE INDEX "register_applies_live_code_idx" ON "register_applies" USING btree ("code_key") WHERE "register_applies"."status" in ('0', '1', '3');--> statement-breakpoint
-- Applications submitted before this migration were submitted when they were created.
UPDATE "register_applies" SET "submitted_at" = "created_at";--> statement-breakpoint
-- The CFCA certificate agreement the key section links (getCFCAFileIdAndUrl/1), for databases
-- seeded before it (the seed writes the same text).
INSERT INTO "register_agreements" ("code", "title", "content")
SELECT 'cfca', 'CFCA数字证书服务协议', '一、本协议由中国金融认证中心（CFCA，以下简称认证中心）与申请电子签章数字证书的单位（以下简称订户）订立；交易中心作为注册机构受理订户的申请。

二、订户应当提供真实、完整、准确的申请资料，并授权经办人办理数字证书的申请、领取、更新与注销；资料变更的，应当及时申请变更。

三、数字证书有效期以申请时选择的年限为准，期满前订户可以申请更新；证书及其介质（USBKey）的密码由订户自行设置并妥善保管。

四、证书介质遗失、密码泄露或可能被他人冒用的，订户应当立即通过交易中心申请冻结或注销证书；此前使用证书产生的后果由订户承担。

五、订户使用数字证书进行的电子签名与手写签名或者盖章具有同等的法律效力。

六、本协议自订户的注册申请审核通过、数字证书签发之日起生效。'
WHERE EXISTS (SELECT 1 FROM "register_agreements")
ON CONFLICT ("code") DO NOTHING;
