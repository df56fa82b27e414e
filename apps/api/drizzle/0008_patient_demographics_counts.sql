CREATE TABLE "patient_birth_counts" (
	"gender" text,
	"birth_date" date,
	"n" bigint NOT NULL,
	CONSTRAINT "patient_birth_counts_key" UNIQUE NULLS NOT DISTINCT("gender","birth_date")
);
--> statement-breakpoint
CREATE TABLE "patient_profile_counts" (
	"blood_group_id" integer,
	"estrato" smallint,
	"n" bigint NOT NULL,
	CONSTRAINT "patient_profile_counts_key" UNIQUE NULLS NOT DISTINCT("blood_group_id","estrato")
);
--> statement-breakpoint
CREATE INDEX "patients_inactive_name_trgm_idx" ON "patients" USING gin ("name_sort" gin_trgm_ops) WHERE "patients"."status" = 'Inactivo';--> statement-breakpoint
CREATE INDEX "patients_inactive_name_rest_trgm_idx" ON "patients" USING gin (substr("name_sort", 2) gin_trgm_ops) WHERE "patients"."status" = 'Inactivo';--> statement-breakpoint
CREATE INDEX "patients_inactive_phone_trgm_idx" ON "patients" USING gin ((regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce("phone_alt", ''), '[^0-9]', '', 'g')) gin_trgm_ops) WHERE "patients"."status" = 'Inactivo';--> statement-breakpoint
CREATE INDEX "patients_inactive_email_trgm_idx" ON "patients" USING gin (lower("email") gin_trgm_ops) WHERE "patients"."status" = 'Inactivo';--> statement-breakpoint
CREATE INDEX "patients_inactive_document_prefix_idx" ON "patients" USING btree ("document" text_pattern_ops) WHERE "patients"."status" = 'Inactivo';