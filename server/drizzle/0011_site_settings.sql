ALTER TABLE "cms_sites" ADD COLUMN "copyright" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_sites" ADD COLUMN "filing_number" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_sites" ADD COLUMN "service_phone" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_sites" ADD COLUMN "hotlines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_sites" ADD COLUMN "friendly_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_sites" ADD COLUMN "qr_code" jsonb;--> statement-breakpoint
ALTER TABLE "cms_sites" ADD COLUMN "nav" jsonb DEFAULT '[]'::jsonb NOT NULL;;--> statement-breakpoint
-- A demo database seeded before this migration keeps its footer and navigation (the seed's SITE_SETTINGS).
UPDATE "cms_sites" SET
  "copyright" = 'Copyright © 2026 全国棉花交易市场 版权所有',
  "filing_number" = '京ICP备20260318号-1',
  "service_phone" = '400-009-6618',
  "hotlines" = '[{"label":"客服热线","phone":"400-009-6618"},{"label":"技术支持","phone":"010-63838666"}]'::jsonb,
  "friendly_links" = '[{"title":"中国棉花协会","url":"https://www.china-cotton.org"},{"title":"国家棉花市场监测系统","url":"http://www.cottonchina.org"},{"title":"中国纤维质量监测中心","url":"http://www.cfqmc.cn"},{"title":"郑州商品交易所","url":"http://www.czce.com.cn"}]'::jsonb,
  "qr_code" = '{"title":"官方公众号","imageUrl":"/qr-official-account.svg"}'::jsonb,
  "nav" = '[{"key":"home","title":"首页","path":"/home"},{"key":"supervision","title":"监管服务","path":"/home#supervision"},{"key":"trading","title":"交易服务","path":"/home#trading"},{"key":"finance","title":"供应链金融服务","path":"/home#finance"},{"key":"logistics","title":"物流服务","path":"/home#logistics"},{"key":"imported","title":"进口棉服务","path":"/home#imported"},{"key":"receipt","title":"仓单查询","path":"/home#receipt"},{"key":"service","title":"服务中心","path":"/service"}]'::jsonb
WHERE "code" = 'cotton' AND "nav" = '[]'::jsonb;
