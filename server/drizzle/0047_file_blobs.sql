-- Files every node reads (issue 33 item 1; docs/registration.md "Files"): the bytes of uploads
-- and of installed plugins' files move from each machine's FILES_DIR into the database, by
-- content, written in the transaction of the row that names them. The files already on disk
-- are copied in by the data migration `files-to-database` (server/src/modules/files/import.ts),
-- which then validates the two foreign keys below: NOT VALID here because the rows of an
-- existing database name bytes that are still on disk at this point.
CREATE TABLE "file_blobs" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Images, PDFs and compressed plugin siblings do not compress: stored out of line as they are,
-- with no compression attempt on write.
ALTER TABLE "file_blobs" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
-- A row naming bytes keeps them: the sweep's delete of bytes still named fails (and waits for
-- a transaction naming them that has not committed yet) instead of leaving a file without bytes.
ALTER TABLE "files" ADD CONSTRAINT "files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "plugin_files" ADD CONSTRAINT "plugin_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action NOT VALID;
