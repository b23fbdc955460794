CREATE TABLE "register_applies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_applies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trader_name" varchar(128) NOT NULL,
	"uniform_credit_code" varchar(20) NOT NULL,
	"service_area_code" varchar(32),
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_apps" (
	"app_code" varchar(32) PRIMARY KEY NOT NULL,
	"app_name" varchar(64) NOT NULL,
	"visit_url" varchar(256) NOT NULL,
	"icon" varchar(32),
	"menus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_enterprises" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_enterprises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"uniform_credit_code" varchar(20),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_enterprises_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_icons" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"svg_path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_login_agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"custom_code" varchar(32) NOT NULL,
	"title" varchar(64) NOT NULL,
	"display_name" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"checked" varchar(1) DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sys_login_agreements_custom_code_unique" UNIQUE("custom_code")
);
--> statement-breakpoint
CREATE TABLE "sys_login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_key" varchar(96) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"success" boolean NOT NULL,
	"client_name" varchar(32) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_name" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_permissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"type" varchar(8) NOT NULL,
	"name" varchar(32) NOT NULL,
	"code" varchar(64),
	"path" varchar(128),
	"component_path" varchar(128),
	"icon" varchar(32),
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_permissions_code_unique" UNIQUE("code"),
	CONSTRAINT "sys_permissions_type_check" CHECK ("sys_permissions"."type" in ('menu', 'button'))
);
--> statement-breakpoint
CREATE TABLE "sys_role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "sys_role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"description" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"client_name" varchar(32) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sys_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_slider_challenges" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempted_at" timestamp with time zone,
	"proof_hash" varchar(64),
	"proof_expires_at" timestamp with time zone,
	"proof_used_at" timestamp with time zone,
	CONSTRAINT "sys_slider_challenges_proof_hash_unique" UNIQUE("proof_hash")
);
--> statement-breakpoint
CREATE TABLE "sys_sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_sms_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_sms_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"template_code" varchar(32) NOT NULL,
	"content" text NOT NULL,
	"provider" varchar(32) NOT NULL,
	"status" varchar(1) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_third_accounts" (
	"provider" varchar(32) NOT NULL,
	"external_id" varchar(128) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_third_accounts_provider_external_id_pk" PRIMARY KEY("provider","external_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enterprise_id" integer NOT NULL,
	"login_name" varchar(32) NOT NULL,
	"realname" varchar(32) NOT NULL,
	"password_hash" varchar(256) NOT NULL,
	"phone" varchar(11),
	"email" varchar(128),
	"avatar" varchar(256),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_login_tickets" ADD CONSTRAINT "sys_login_tickets_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_permissions" ADD CONSTRAINT "sys_permissions_parent_id_sys_permissions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_permissions" ADD CONSTRAINT "sys_role_permissions_role_id_sys_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_permissions" ADD CONSTRAINT "sys_role_permissions_permission_id_sys_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_sessions" ADD CONSTRAINT "sys_sessions_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_third_accounts" ADD CONSTRAINT "sys_third_accounts_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_roles" ADD CONSTRAINT "sys_user_roles_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_roles" ADD CONSTRAINT "sys_user_roles_role_id_sys_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_users" ADD CONSTRAINT "sys_users_enterprise_id_sys_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."sys_enterprises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_applies_status_idx" ON "register_applies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sys_login_attempts_account_idx" ON "sys_login_attempts" USING btree ("account_key","at");--> statement-breakpoint
CREATE INDEX "sys_login_attempts_ip_idx" ON "sys_login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sys_sessions_user_idx" ON "sys_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_sms_codes_mobile_idx" ON "sys_sms_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "sys_sms_log_created_idx" ON "sys_sms_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_users_enterprise_login_idx" ON "sys_users" USING btree ("enterprise_id",lower("login_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sys_users_phone_idx" ON "sys_users" USING btree ("phone");