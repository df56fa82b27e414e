CREATE TABLE "patient_counts" (
	"gender" text,
	"insurance_eps_id" integer,
	"municipality_id" integer,
	"zone_id" integer,
	"document_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "patient_counts_key" UNIQUE NULLS NOT DISTINCT("status","document_type_id","gender","insurance_eps_id","municipality_id","zone_id")
);
--> statement-breakpoint
DROP INDEX "patients_status_sort_idx";--> statement-breakpoint
DROP INDEX "patients_sort_idx";--> statement-breakpoint
DROP INDEX "patients_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "name_sort" text COLLATE "C" GENERATED ALWAYS AS (immutable_unaccent(lower(name))) STORED;--> statement-breakpoint
CREATE INDEX "patient_counts_eps_idx" ON "patient_counts" USING btree ("insurance_eps_id");--> statement-breakpoint
CREATE INDEX "patient_counts_municipality_idx" ON "patient_counts" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "patient_counts_zone_idx" ON "patient_counts" USING btree ("zone_id");--> statement-breakpoint
-- INCLUDE (email), added by hand (drizzle cannot declare it): quick search checks a stretch of the sorted names
-- against the name and the e-mail from the index alone (repo-halves).
CREATE INDEX "patients_status_name_sort_idx" ON "patients" USING btree ("status","name_sort","id") INCLUDE ("email");--> statement-breakpoint
CREATE INDEX "patients_name_sort_idx" ON "patients" USING btree ("name_sort","id") INCLUDE ("email");--> statement-breakpoint
CREATE INDEX "patients_name_sort_trgm_idx" ON "patients" USING gin ("name_sort" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_name_rest_trgm_idx" ON "patients" USING gin (substr("name_sort", 2) gin_trgm_ops);--> statement-breakpoint
-- Finer statistics of the folded name (and of the name from its second letter): the planner weighs "walk the
-- sorted index" against "collect the matches and sort" from how often it sees a pattern in them.
ALTER TABLE "patients" ALTER COLUMN "name_sort" SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "patients_name_rest_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
