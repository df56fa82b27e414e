CREATE TABLE "holiday_seeded_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_auto_cancel_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"availability_id" integer,
	"agenda_date" date NOT NULL,
	"doctor_name" text NOT NULL,
	"specialty_name" text NOT NULL,
	"location_name" text NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"appointments_cancelled" integer DEFAULT 0 NOT NULL,
	"trigger" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_auto_cancel_log_trigger_check" CHECK ("agenda_auto_cancel_log"."trigger" in ('manual','automatic'))
);
--> statement-breakpoint
CREATE TABLE "availabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"booked_slots" integer DEFAULT 0 NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"status" text DEFAULT 'Activa' NOT NULL,
	"notes" text,
	"auto_preallocate" boolean DEFAULT false NOT NULL,
	"preallocation_publish_date" date,
	"auto_distribute" boolean DEFAULT false NOT NULL,
	"distribution_start_date" date,
	"distribution_end_date" date,
	"exclude_weekends" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availabilities_time_check" CHECK ("availabilities"."start_time" < "availabilities"."end_time"),
	CONSTRAINT "availabilities_capacity_check" CHECK ("availabilities"."capacity" >= 1),
	CONSTRAINT "availabilities_booked_check" CHECK ("availabilities"."booked_slots" >= 0 and "availabilities"."booked_slots" <= "availabilities"."capacity"),
	CONSTRAINT "availabilities_duration_check" CHECK ("availabilities"."duration_minutes" between 15 and 240 and "availabilities"."duration_minutes" % 5 = 0),
	CONSTRAINT "availabilities_status_check" CHECK ("availabilities"."status" in ('Activa','Completa','Cancelada')),
	CONSTRAINT "availabilities_distribution_check" CHECK (not "availabilities"."auto_distribute" or ("availabilities"."distribution_start_date" is not null and "availabilities"."distribution_end_date" is not null and "availabilities"."distribution_end_date" >= "availabilities"."distribution_start_date"))
);
--> statement-breakpoint
CREATE TABLE "availability_distributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"availability_id" integer NOT NULL,
	"day_date" date NOT NULL,
	"quota" integer NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_distributions_quota_check" CHECK ("availability_distributions"."quota" >= 0),
	CONSTRAINT "availability_distributions_assigned_check" CHECK ("availability_distributions"."assigned" >= 0 and "availability_distributions"."assigned" <= "availability_distributions"."quota")
);
--> statement-breakpoint
CREATE TABLE "agenda_patient_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"message" text NOT NULL,
	"channel" text DEFAULT 'sistema' NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_patient_notices_channel_check" CHECK ("agenda_patient_notices"."channel" in ('sistema','email','sms','whatsapp','llamada')),
	CONSTRAINT "agenda_patient_notices_status_check" CHECK ("agenda_patient_notices"."status" in ('pendiente','enviada','fallida'))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"availability_id" integer,
	"location_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"room_id" integer,
	"appointment_type" text DEFAULT 'Presencial' NOT NULL,
	"status" text DEFAULT 'Pendiente' NOT NULL,
	"reason" text,
	"notes" text,
	"insurance_type" text,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"manual" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_time_check" CHECK ("appointments"."ends_at" > "appointments"."scheduled_at"),
	CONSTRAINT "appointments_duration_check" CHECK ("appointments"."duration_minutes" between 5 and 480),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('Pendiente','Confirmada','Completada','Cancelada'))
);
--> statement-breakpoint
ALTER TABLE "agenda_auto_cancel_log" ADD CONSTRAINT "agenda_auto_cancel_log_availability_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availabilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_auto_cancel_log" ADD CONSTRAINT "agenda_auto_cancel_log_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_doctor_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_distributions" ADD CONSTRAINT "availability_distributions_availability_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_patient_notices" ADD CONSTRAINT "agenda_patient_notices_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_patient_notices" ADD CONSTRAINT "agenda_patient_notices_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_availability_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availabilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_auto_cancel_log_created_idx" ON "agenda_auto_cancel_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "availabilities_date_idx" ON "availabilities" USING btree ("date","start_time");--> statement-breakpoint
CREATE INDEX "availabilities_doctor_date_idx" ON "availabilities" USING btree ("doctor_id","date");--> statement-breakpoint
CREATE INDEX "availabilities_specialty_date_idx" ON "availabilities" USING btree ("specialty_id","date");--> statement-breakpoint
CREATE INDEX "availabilities_location_date_idx" ON "availabilities" USING btree ("location_id","date");--> statement-breakpoint
CREATE INDEX "availabilities_status_date_idx" ON "availabilities" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_distributions_day_key" ON "availability_distributions" USING btree ("availability_id","day_date");--> statement-breakpoint
CREATE INDEX "availability_distributions_day_idx" ON "availability_distributions" USING btree ("day_date");--> statement-breakpoint
CREATE INDEX "agenda_patient_notices_status_idx" ON "agenda_patient_notices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "agenda_patient_notices_patient_idx" ON "agenda_patient_notices" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "agenda_patient_notices_appointment_idx" ON "agenda_patient_notices" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_idempotency_key" ON "appointments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "appointments_availability_idx" ON "appointments" USING btree ("availability_id");--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("patient_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "appointments_doctor_time_idx" ON "appointments" USING btree ("doctor_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "appointments_scheduled_idx" ON "appointments" USING btree ("scheduled_at");