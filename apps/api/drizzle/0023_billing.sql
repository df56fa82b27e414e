-- Decision 031. Billing (spec part 2 §2 "Billing", §3, §4): an appointment names its service (chosen at booking or
-- at attendance; else its specialty's default service), a doctor may have their own price per service, and a
-- billing record is born when an appointment becomes Completada, in the same transaction. Money is numeric.
ALTER TABLE "appointments" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_fk" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" ("service_id") WHERE "service_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "specialties" ADD COLUMN "default_service_id" integer;--> statement-breakpoint
ALTER TABLE "specialties" ADD CONSTRAINT "specialties_default_service_fk" FOREIGN KEY ("default_service_id") REFERENCES "services"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "specialties_default_service_idx" ON "specialties" ("default_service_id") WHERE "default_service_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "doctor_service_prices" (
  "id" serial PRIMARY KEY,
  "doctor_id" integer NOT NULL REFERENCES "doctors"("id") ON DELETE CASCADE,
  "service_id" integer NOT NULL REFERENCES "services"("id") ON DELETE CASCADE,
  "price" numeric(14, 2) NOT NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "doctor_service_prices_price_check" CHECK ("price" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_service_prices_pair_key" ON "doctor_service_prices" ("doctor_id", "service_id");--> statement-breakpoint
CREATE INDEX "doctor_service_prices_service_idx" ON "doctor_service_prices" ("service_id");--> statement-breakpoint
-- The record keeps its own copy of names and prices: a later change of the service, the doctor's price or a
-- rename does not rewrite what was billed. appointment_id is unique (completing again never duplicates) and
-- survives the appointment's deletion (set null): a financial record outlives the appointment.
CREATE TABLE "appointment_billing" (
  "id" serial PRIMARY KEY,
  "appointment_id" integer REFERENCES "appointments"("id") ON DELETE SET NULL,
  "service_id" integer REFERENCES "services"("id") ON DELETE SET NULL,
  "service_name" text,
  "doctor_id" integer REFERENCES "doctors"("id") ON DELETE SET NULL,
  "doctor_name" text NOT NULL,
  "base_price" numeric(14, 2) DEFAULT 0 NOT NULL,
  "doctor_price" numeric(14, 2),
  "final_price" numeric(14, 2) DEFAULT 0 NOT NULL,
  "currency" text DEFAULT 'COP' NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL,
  "updated_at" timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT "appointment_billing_status_check" CHECK ("status" in ('pending','billed','paid','cancelled')),
  CONSTRAINT "appointment_billing_currency_check" CHECK ("currency" in ('COP','USD')),
  CONSTRAINT "appointment_billing_prices_check" CHECK ("base_price" >= 0 AND "final_price" >= 0 AND ("doctor_price" IS NULL OR "doctor_price" >= 0))
);--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_billing_appointment_key" ON "appointment_billing" ("appointment_id");--> statement-breakpoint
-- The list's default order and every date range (the filters below narrow it further). It covers every column
-- the summary, the metrics and the count read, names included, so a month of them is an index-only scan of its
-- range (rows are inserted once and rarely updated: the visibility map stays set between vacuums).
CREATE INDEX "appointment_billing_created_idx" ON "appointment_billing" ("created_at", "id") INCLUDE ("status", "doctor_id", "service_id", "final_price", "base_price", "doctor_price", "doctor_name", "service_name");--> statement-breakpoint
CREATE INDEX "appointment_billing_status_created_idx" ON "appointment_billing" ("status", "created_at", "id");--> statement-breakpoint
CREATE INDEX "appointment_billing_doctor_created_idx" ON "appointment_billing" ("doctor_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "appointment_billing_service_created_idx" ON "appointment_billing" ("service_id", "created_at", "id");--> statement-breakpoint
-- The free-text filter (service or doctor, any case, with or without accents) reads a stored folded copy: a rare
-- name is found through the trigram index, a common word by scanning the range with a cheap LIKE per row.
ALTER TABLE "appointment_billing" ADD COLUMN "search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower(coalesce("service_name", '') || ' ' || "doctor_name"))) STORED;--> statement-breakpoint
CREATE INDEX "appointment_billing_text_trgm" ON "appointment_billing" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE TABLE "appointment_billing_audit" (
  "id" serial PRIMARY KEY,
  "billing_id" integer NOT NULL REFERENCES "appointment_billing"("id") ON DELETE CASCADE,
  "old_status" text NOT NULL,
  "new_status" text NOT NULL,
  "changed_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamptz DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "appointment_billing_audit_billing_idx" ON "appointment_billing_audit" ("billing_id", "created_at", "id");
