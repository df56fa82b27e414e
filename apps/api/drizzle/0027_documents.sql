-- Decision 036. Patient documents live in PostgreSQL, in chunks of at most 256 KiB: every API instance reads the
-- same rows (no shared disk, no object store to run), and an upload or a download of 20 MB moves one chunk at a
-- time. A document is 'uploading' while its chunks arrive and 'ready' once checked, counted and hashed; the checks
-- repeat the API's rules so no other writer can store what the API would refuse.
CREATE TABLE "patient_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" integer,
	"category" text,
	"description" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "patient_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "patient_documents_status_check" CHECK ("status" IN ('uploading', 'ready')),
	CONSTRAINT "patient_documents_ready_check" CHECK ("status" = 'uploading' OR ("patient_id" IS NOT NULL AND "category" IS NOT NULL AND "sha256" IS NOT NULL AND "size" > 0)),
	CONSTRAINT "patient_documents_size_check" CHECK ("size" >= 0 AND "size" <= 20971520),
	CONSTRAINT "patient_documents_content_type_check" CHECK ("content_type" IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "patient_documents_category_check" CHECK ("category" IS NULL OR "category" IN ('historia_clinica', 'laboratorio', 'imagenes', 'orden_medica', 'formula_medica', 'autorizacion', 'consentimiento', 'incapacidad', 'identificacion', 'otro')),
	CONSTRAINT "patient_documents_sha256_check" CHECK ("sha256" IS NULL OR "sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "patient_documents_description_check" CHECK ("description" IS NULL OR char_length("description") BETWEEN 1 AND 500),
	CONSTRAINT "patient_documents_file_name_check" CHECK (char_length("file_name") BETWEEN 1 AND 255)
);--> statement-breakpoint
CREATE TABLE "patient_document_chunks" (
	"document_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "patient_document_chunks_pk" PRIMARY KEY("document_id","seq"),
	CONSTRAINT "patient_document_chunks_document_id_patient_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."patient_documents"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "patient_document_chunks_seq_check" CHECK ("seq" >= 0 AND "seq" < 100),
	CONSTRAINT "patient_document_chunks_data_check" CHECK (octet_length("data") BETWEEN 1 AND 262144)
);--> statement-breakpoint
CREATE INDEX "patient_documents_patient_idx" ON "patient_documents" USING btree ("patient_id","category","created_at" desc,"id" desc) WHERE "patient_documents"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "patient_documents_uploading_idx" ON "patient_documents" USING btree ("created_at") WHERE "patient_documents"."status" = 'uploading';--> statement-breakpoint
-- PDFs and images are compressed already: store the chunks out of line without compressing them again.
ALTER TABLE "patient_document_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
