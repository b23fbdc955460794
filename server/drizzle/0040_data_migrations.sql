-- The data migrations applied (server/src/db/data-migrations.ts): row work that needs the
-- server's own functions, run once after the SQL migrations, each with its row here in one
-- transaction. The first, `0040_register_compare_keys`, recomputes the registration's name and
-- credit-code keys stored before invisible and direction-control characters were removed from
-- them (docs/registration.md "Checks").
CREATE TABLE "sys_data_migrations" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
