CREATE TABLE "sys_menu_views" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	"view_count" integer DEFAULT 1 NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_menu_views_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "sys_menu_views" ADD CONSTRAINT "sys_menu_views_user_id_sys_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_menu_views" ADD CONSTRAINT "sys_menu_views_permission_id_sys_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_menu_views_user_recent_idx" ON "sys_menu_views" USING btree ("user_id","last_viewed_at");