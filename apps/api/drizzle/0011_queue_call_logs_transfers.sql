CREATE TABLE "queue_slot_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_entry_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"availability_id" integer NOT NULL,
	"freed_appointment_id" integer,
	"appointment_id" integer,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "queue_slot_offers_mode_check" CHECK ("queue_slot_offers"."mode" in ('auto_assign','notify')),
	CONSTRAINT "queue_slot_offers_status_check" CHECK ("queue_slot_offers"."status" in ('offered','accepted','expired'))
);
--> statement-breakpoint
CREATE TABLE "call_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"specialty_id" integer,
	"queue_id" integer,
	"appointment_id" integer,
	"user_id" integer,
	"direction" text NOT NULL,
	"channel" text DEFAULT 'phone' NOT NULL,
	"call_type" text DEFAULT 'general' NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"outcome" text,
	"notes" text,
	"explanation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_logs_direction_check" CHECK ("call_logs"."direction" in ('inbound','outbound')),
	CONSTRAINT "call_logs_channel_check" CHECK ("call_logs"."channel" in ('phone','ai_voice','whatsapp','sms','email')),
	CONSTRAINT "call_logs_type_check" CHECK ("call_logs"."call_type" in ('queue_schedule','automated_outreach','follow_up','confirmation','general')),
	CONSTRAINT "call_logs_status_check" CHECK ("call_logs"."status" in ('pending','in_progress','completed','failed','cancelled')),
	CONSTRAINT "call_logs_pending_check" CHECK ("call_logs"."status" <> 'pending' or ("call_logs"."started_at" is null and "call_logs"."ended_at" is null))
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"patient_id" integer,
	"queue_id" integer,
	"call_log_id" integer,
	"specialty_id" integer,
	"priority" text DEFAULT 'Normal' NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"accepted_by" integer,
	"reason" text,
	"notes" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_status_check" CHECK ("transfers"."status" in ('pending','accepted','rejected','completed')),
	CONSTRAINT "transfers_priority_check" CHECK ("transfers"."priority" in ('Urgente','Alta','Normal','Baja')),
	CONSTRAINT "transfers_status_fields_check" CHECK (("transfers"."status" <> 'rejected' or ("transfers"."rejection_reason" is not null and "transfers"."rejected_at" is not null))
        and ("transfers"."status" not in ('accepted','completed') or "transfers"."accepted_at" is not null)
        and ("transfers"."status" <> 'completed' or "transfers"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "event_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "queue_slot_offers" ADD CONSTRAINT "queue_slot_offers_entry_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot_offers" ADD CONSTRAINT "queue_slot_offers_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot_offers" ADD CONSTRAINT "queue_slot_offers_availability_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."availabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot_offers" ADD CONSTRAINT "queue_slot_offers_freed_fk" FOREIGN KEY ("freed_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot_offers" ADD CONSTRAINT "queue_slot_offers_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_slot_offers" ADD CONSTRAINT "queue_slot_offers_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_queue_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_queue_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_call_log_fk" FOREIGN KEY ("call_log_id") REFERENCES "public"."call_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_specialty_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_user_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_user_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_accepted_by_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_slot_offers_entry_idx" ON "queue_slot_offers" USING btree ("queue_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "queue_slot_offers_open_idx" ON "queue_slot_offers" USING btree ("availability_id") WHERE status = 'offered';--> statement-breakpoint
CREATE INDEX "call_logs_patient_idx" ON "call_logs" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "call_logs_created_idx" ON "call_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "call_logs_queue_idx" ON "call_logs" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "call_logs_pending_outbound_idx" ON "call_logs" USING btree ("patient_id") WHERE status = 'pending' and direction = 'outbound';--> statement-breakpoint
CREATE INDEX "transfers_status_created_idx" ON "transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "transfers_to_user_idx" ON "transfers" USING btree ("to_user_id","status");--> statement-breakpoint
CREATE INDEX "transfers_from_user_idx" ON "transfers" USING btree ("from_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "event_log_seq_key" ON "event_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "event_log_channel_seq_idx" ON "event_log" USING btree ("channel","seq");