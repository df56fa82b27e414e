-- Decision 035. Agenda templates (spec part 2 §2 "Agenda templates", §3, §5): a weekly pattern (days 1–7, Monday
-- is 1, and time slots with a capacity) that generates agendas over a date range. The rules of §5 live in the
-- shared zod schema for the friendly message and here so that no writer can store a broken template. A generated
-- agenda remembers its template (availabilities.template_id) for the per-template analytics; deleting a template
-- keeps its agendas.
CREATE FUNCTION "agenda_template_slots_valid"(slots jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_typeof(slots) = 'array'
      AND jsonb_array_length(slots) BETWEEN 1 AND 24
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(slots) AS s(v)
        WHERE jsonb_typeof(s.v) <> 'object'
          OR coalesce(s.v->>'start', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
          OR coalesce(s.v->>'end', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
          OR (s.v->>'start') >= (s.v->>'end')
          OR CASE WHEN jsonb_typeof(s.v->'capacity') = 'number'
               THEN NOT ((s.v->>'capacity')::numeric BETWEEN 1 AND 50 AND (s.v->>'capacity')::numeric % 1 = 0)
               ELSE true END
      )
  $$;--> statement-breakpoint
CREATE TABLE "agenda_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"doctor_id" integer,
	"specialty_id" integer,
	"location_id" integer,
	"days_of_week" smallint[] NOT NULL,
	"time_slots" jsonb NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"break_between_slots" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_templates_doctor_fk" FOREIGN KEY ("doctor_id") REFERENCES "doctors"("id") ON DELETE set null,
	CONSTRAINT "agenda_templates_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "specialties"("id") ON DELETE set null,
	CONSTRAINT "agenda_templates_location_fk" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE set null,
	CONSTRAINT "agenda_templates_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "agenda_templates_name_check" CHECK (length(btrim("name")) BETWEEN 2 AND 100),
	CONSTRAINT "agenda_templates_description_check" CHECK ("description" IS NULL OR length("description") <= 500),
	CONSTRAINT "agenda_templates_days_check" CHECK (cardinality("days_of_week") BETWEEN 1 AND 7 AND "days_of_week" <@ ARRAY[1,2,3,4,5,6,7]::smallint[] AND array_position("days_of_week", NULL) IS NULL),
	CONSTRAINT "agenda_templates_slots_check" CHECK (agenda_template_slots_valid("time_slots")),
	CONSTRAINT "agenda_templates_duration_check" CHECK ("duration_minutes" BETWEEN 15 AND 240 AND "duration_minutes" % 5 = 0),
	CONSTRAINT "agenda_templates_break_check" CHECK ("break_between_slots" BETWEEN 0 AND 60)
);--> statement-breakpoint
CREATE INDEX "agenda_templates_name_idx" ON "agenda_templates" USING btree (lower("name"), "id");--> statement-breakpoint
CREATE INDEX "agenda_templates_doctor_idx" ON "agenda_templates" USING btree ("doctor_id") WHERE "doctor_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "availabilities" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_template_fk" FOREIGN KEY ("template_id") REFERENCES "agenda_templates"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX "availabilities_template_idx" ON "availabilities" USING btree ("template_id", "date") WHERE "template_id" IS NOT NULL;
