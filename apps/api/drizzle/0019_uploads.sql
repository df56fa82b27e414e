-- Decision 027. Uploaded files (the organisation's logo) live in the database: several API instances share no
-- disk, and every one of them must serve /uploads/<sha256>.<ext>. Content-addressed (one row per distinct content);
-- the checks repeat the API's rules so no other writer can store what the API would refuse.
CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" bytea NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "uploads_sha256_check" CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "uploads_content_type_check" CHECK ("content_type" IN ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "uploads_size_check" CHECK ("size" > 0 AND "size" <= 2097152 AND "size" = octet_length("content"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_sha256_key" ON "uploads" USING btree ("sha256");--> statement-breakpoint
-- Images are compressed already: store them out of line without trying to compress them again.
ALTER TABLE "uploads" ALTER COLUMN "content" SET STORAGE EXTERNAL;
