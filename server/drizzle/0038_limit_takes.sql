-- The takes of the "at most N per key per window" limits (server/src/lib/limits): each limit
-- counts its key's rows in the window under the key's advisory lock, and adds its take in the
-- same transaction as the write it allows. Until now each module counted its own rows without
-- a lock (uploads, complaints, SMS codes, submitted files): simultaneous requests all passed.
-- Counting starts afresh: the first hour after this migration allows a full window again.
CREATE TABLE "sys_limit_takes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_limit_takes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" varchar(200) NOT NULL,
	"amount" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_limit_takes_key_idx" ON "sys_limit_takes" USING btree ("key","at");
--> statement-breakpoint
CREATE INDEX "sys_limit_takes_at_idx" ON "sys_limit_takes" USING btree ("at");
