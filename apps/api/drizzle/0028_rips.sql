-- Decision 037. RIPS in JSON (Resolución 2275 de 2023): the code tables, the CIE-10 catalogue, the RIPS fields
-- that patients, doctors, specialties, services and EPS authorizations lacked, the attendance record of a
-- Completada appointment and the packages built from billed records (their JSON kept in chunks, exactly as
-- validated, and their problems one row each).
CREATE TABLE "rips_codes" (
  "table_name" text NOT NULL,
  "code" text NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "rips_codes_pkey" PRIMARY KEY ("table_name", "code")
);--> statement-breakpoint
CREATE TABLE "cie10" (
  "id" serial PRIMARY KEY,
  "code" text NOT NULL,
  "name" text NOT NULL,
  "status" text DEFAULT 'Activo' NOT NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "cie10_code_check" CHECK ("code" ~ '^[A-Z][0-9]{2}[0-9A-Z]?$'),
  CONSTRAINT "cie10_name_check" CHECK (length("name") BETWEEN 1 AND 500),
  CONSTRAINT "cie10_status_check" CHECK ("status" in ('Activo','Inactivo'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "cie10_code_key" ON "cie10" ("code");--> statement-breakpoint
ALTER TABLE "cie10" ADD COLUMN "search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower("code" || ' ' || "name"))) STORED;--> statement-breakpoint
CREATE INDEX "cie10_search_trgm" ON "cie10" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_document_check" CHECK ("document_number" IS NULL OR "document_number" ~ '^[A-Za-z0-9]{4,20}$');--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "rips_user_type" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "rips_zone" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "country_residence" smallint DEFAULT 170 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "country_origin" smallint DEFAULT 170 NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_rips_zone_check" CHECK ("rips_zone" IS NULL OR "rips_zone" in ('01','02'));--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_rips_user_type_check" CHECK ("rips_user_type" IS NULL OR "rips_user_type" ~ '^(0[1-9]|1[0-2])$');--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_countries_check" CHECK ("country_residence" BETWEEN 1 AND 999 AND "country_origin" BETWEEN 1 AND 999);--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "rips_service_group" text;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "rips_service_code" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cups_code" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_cups_code_check" CHECK ("cups_code" IS NULL OR "cups_code" ~ '^[0-9A-Z]{6}$');--> statement-breakpoint
ALTER TABLE "eps_authorizations" ADD COLUMN "authorization_number" text;--> statement-breakpoint
ALTER TABLE "eps_authorizations" ADD CONSTRAINT "eps_authorizations_number_check" CHECK ("authorization_number" IS NULL OR length("authorization_number") BETWEEN 1 AND 30);--> statement-breakpoint
-- One attendance record per appointment; codes are checked against the tables when saved and again when a
-- package is built (a table may have changed meanwhile).
CREATE TABLE "rips_attendance" (
  "id" serial PRIMARY KEY,
  "appointment_id" integer NOT NULL REFERENCES "appointments"("id") ON DELETE CASCADE,
  "finalidad" text NOT NULL,
  "causa" text NOT NULL,
  "dx_main" text NOT NULL,
  "dx_rel1" text,
  "dx_rel2" text,
  "dx_rel3" text,
  "dx_type" text NOT NULL,
  "modality" text NOT NULL,
  "service_group" text NOT NULL,
  "service_code" integer NOT NULL,
  "cups_code" text NOT NULL,
  "authorization_number" text,
  "concepto_recaudo" text NOT NULL,
  "moderator_value" numeric(14, 2) DEFAULT 0 NOT NULL,
  "fev_moderator" text,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "rips_attendance_moderator_check" CHECK ("moderator_value" >= 0),
  CONSTRAINT "rips_attendance_concepto_check" CHECK ("concepto_recaudo" in ('02','03','05')),
  CONSTRAINT "rips_attendance_no_payment_check" CHECK ("concepto_recaudo" <> '05' OR "moderator_value" = 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "rips_attendance_appointment_key" ON "rips_attendance" ("appointment_id");--> statement-breakpoint
CREATE TABLE "rips_packages" (
  "id" serial PRIMARY KEY,
  "invoice_number" text,
  "note_type" text,
  "period_from" date NOT NULL,
  "period_to" date NOT NULL,
  "eps_id" integer REFERENCES "eps"("id") ON DELETE SET NULL,
  "status" text DEFAULT 'borrador' NOT NULL,
  "users_count" integer DEFAULT 0 NOT NULL,
  "services_count" integer DEFAULT 0 NOT NULL,
  "problems_count" integer DEFAULT 0 NOT NULL,
  "bytes" bigint DEFAULT 0 NOT NULL,
  "checksum" text NOT NULL,
  "cuv" text,
  "cuv_date" date,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "rips_packages_status_check" CHECK ("status" in ('borrador','lista')),
  CONSTRAINT "rips_packages_ready_check" CHECK ("status" <> 'lista' OR "problems_count" = 0),
  CONSTRAINT "rips_packages_cuv_check" CHECK ("cuv" IS NULL OR ("status" = 'lista' AND "cuv_date" IS NOT NULL)),
  CONSTRAINT "rips_packages_period_check" CHECK ("period_to" >= "period_from"),
  CONSTRAINT "rips_packages_kind_check" CHECK (("invoice_number" IS NULL) = ("note_type" = 'RS'))
);--> statement-breakpoint
CREATE INDEX "rips_packages_created_idx" ON "rips_packages" ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "rips_package_chunks" (
  "package_id" integer NOT NULL REFERENCES "rips_packages"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "body" text NOT NULL,
  CONSTRAINT "rips_package_chunks_pkey" PRIMARY KEY ("package_id", "seq")
);--> statement-breakpoint
-- Stored out of line but not compressed: a month's 90 MB of JSON is written and read back without pglz.
ALTER TABLE "rips_package_chunks" ALTER COLUMN "body" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "rips_package_problems" (
  "package_id" integer NOT NULL REFERENCES "rips_packages"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "appointment_id" integer,
  "patient_id" integer,
  "path" text NOT NULL,
  "field" text NOT NULL,
  "message" text NOT NULL,
  "fix" text NOT NULL,
  "link" text NOT NULL,
  CONSTRAINT "rips_package_problems_pkey" PRIMARY KEY ("package_id", "seq")
);
