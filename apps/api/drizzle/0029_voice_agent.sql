-- Issue 18 (decision 038): the AI voice agent. Webhooks land in an inbox (verified, idempotent on the event) and
-- are processed after they are acknowledged; every finished conversation is a consultation; the outbound call
-- logs carry the provider's conversation id and each dispatch attempt; the booking tool is idempotent per
-- conversation.
CREATE TABLE "voice_webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"event_type" text NOT NULL,
	"conversation_id" text,
	"payload" jsonb NOT NULL,
	"audio" bytea,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "voice_webhook_inbox_type_check" CHECK ("voice_webhook_inbox"."event_type" in ('post_call_transcription','post_call_audio','call_initiation_failure')),
	CONSTRAINT "voice_webhook_inbox_status_check" CHECK ("voice_webhook_inbox"."status" in ('pending','done','failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "voice_webhook_inbox_event_key" ON "voice_webhook_inbox" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "voice_webhook_inbox_due_idx" ON "voice_webhook_inbox" USING btree ("next_attempt_at", "id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "voice_webhook_inbox_received_idx" ON "voice_webhook_inbox" USING btree ("received_at" DESC);--> statement-breakpoint
-- The audio is moved to call_audio by SQL (INSERT … SELECT), never through the application's memory.
ALTER TABLE "voice_webhook_inbox" ALTER COLUMN "audio" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "voice_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"call_id" integer,
	"patient_id" integer,
	"agent_id" text,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"caller_number" text,
	"started_at" timestamp with time zone NOT NULL,
	"duration_secs" integer DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'unknown' NOT NULL,
	"termination_reason" text,
	"summary" text,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_collected" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analysis" jsonb,
	"appointment_id" integer,
	"queue_id" integer,
	"call_log_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_consultations_direction_check" CHECK ("voice_consultations"."direction" in ('inbound','outbound')),
	CONSTRAINT "voice_consultations_outcome_check" CHECK ("voice_consultations"."outcome" in ('success','failure','unknown')),
	CONSTRAINT "voice_consultations_duration_check" CHECK ("voice_consultations"."duration_secs" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "voice_consultations_conversation_key" ON "voice_consultations" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "voice_consultations_started_idx" ON "voice_consultations" USING btree ("started_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "voice_consultations_patient_idx" ON "voice_consultations" USING btree ("patient_id", "started_at" DESC) WHERE "patient_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_consultations" ADD CONSTRAINT "voice_consultations_call_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consultations" ADD CONSTRAINT "voice_consultations_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consultations" ADD CONSTRAINT "voice_consultations_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consultations" ADD CONSTRAINT "voice_consultations_queue_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_consultations" ADD CONSTRAINT "voice_consultations_call_log_fk" FOREIGN KEY ("call_log_id") REFERENCES "public"."call_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What the agent's tools produced during one conversation: the booking is idempotent on the conversation.
CREATE TABLE "voice_tool_results" (
	"conversation_id" text NOT NULL,
	"tool" text NOT NULL,
	"appointment_id" integer,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_tool_results_pk" PRIMARY KEY ("conversation_id", "tool"),
	CONSTRAINT "voice_tool_results_tool_check" CHECK ("voice_tool_results"."tool" in ('book','waiting_list'))
);
--> statement-breakpoint
ALTER TABLE "voice_tool_results" ADD CONSTRAINT "voice_tool_results_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_tool_results" ADD CONSTRAINT "voice_tool_results_queue_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queue_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Outbound automated calls: the provider's conversation, and each dispatch attempt's result.
ALTER TABLE "call_logs" ADD COLUMN "conversation_id" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "dispatch_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "next_dispatch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "call_logs_conversation_key" ON "call_logs" USING btree ("conversation_id") WHERE "conversation_id" IS NOT NULL;
