CREATE TABLE "queue_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"location_id" integer,
	"preferred_doctor_id" integer,
	"cups_id" integer,
	"priority_level" text DEFAULT 'Normal' NOT NULL,
	"priority_rank" smallint GENERATED ALWAYS AS (case priority_level when 'Urgente' then 0 when 'Alta' then 1 when 'Normal' then 2 else 3 end) STORED NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"call_type" text DEFAULT 'normal' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"reason" text,
	"notes" text,
	"appointment_type" text,
	"duration_minutes" integer,
	"insurance_type" text,
	"preferred_time_slots" jsonb,
	"origin_appointment_id" integer,
	"appointment_id" integer,
	"outcome" text,
	"assigned_user_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "queue_entries_priority_check" CHECK ("queue_entries"."priority_level" in ('Urgente','Alta','Normal','Baja')),
	CONSTRAINT "queue_entries_status_check" CHECK ("queue_entries"."status" in ('waiting','assigned','scheduled','cancelled')),
	CONSTRAINT "queue_entries_call_type_check" CHECK ("queue_entries"."call_type" in ('normal','reagendar')),
	CONSTRAINT "queue_entries_source_check" CHECK ("queue_entries"."source" in ('manual','smart_assign','return_to_queue','call_center')),
	CONSTRAINT "queue_entries_duration_check" CHECK ("queue_entries"."duration_minutes" is null or "queue_entries"."duration_minutes" between 5 and 480),
	CONSTRAINT "queue_entries_scheduled_check" CHECK ("queue_entries"."status" <> 'scheduled' or "queue_entries"."appointment_id" is not null or "queue_entries"."outcome" is not null)
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_doctor_fk" FOREIGN KEY ("preferred_doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_cups_fk" FOREIGN KEY ("cups_id") REFERENCES "public"."cups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_origin_appointment_fk" FOREIGN KEY ("origin_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_assigned_user_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_entries_waiting_order_idx" ON "queue_entries" USING btree ("specialty_id","priority_rank","created_at","id") WHERE status = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_patient_active_key" ON "queue_entries" USING btree ("patient_id","specialty_id") WHERE status in ('waiting', 'assigned');--> statement-breakpoint
CREATE INDEX "queue_entries_patient_idx" ON "queue_entries" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "queue_entries_status_created_idx" ON "queue_entries" USING btree ("status","created_at");