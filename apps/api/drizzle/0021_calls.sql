-- Issue 17 (decision 030): the call center's calls, their audio, the call-status catalogue, call_logs.status_id.
-- A call keeps its real instants (offered, answered, ended); waiting time, speed of answer and handle time are
-- computed from them, never stored, so the measures cannot drift from the timestamps.
CREATE TABLE "call_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#64748b' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_statuses_color_check" CHECK ("call_statuses"."color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "call_statuses_name_key" ON "call_statuses" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "status_id" integer;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."call_statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_status_id_idx" ON "call_logs" USING btree ("status_id") WHERE "status_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer,
	"patient_name" text NOT NULL,
	"patient_phone" text,
	"patient_document" text,
	"agent_user_id" integer,
	"agent_name" text,
	"call_type" text DEFAULT 'general' NOT NULL,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"status" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" text,
	"transfer_count" integer DEFAULT 0 NOT NULL,
	"conversation_id" text,
	"webhook_data" jsonb,
	"webhook_data_end" jsonb,
	"transcript" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name_search" text GENERATED ALWAYS AS (immutable_unaccent(lower("patient_name"))) STORED,
	"phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce("patient_phone", ''), '[^0-9]', '', 'g')) STORED,
	CONSTRAINT "calls_status_check" CHECK ("calls"."status" in ('active','waiting','ended')),
	CONSTRAINT "calls_priority_check" CHECK ("calls"."priority" in ('urgencia','alta','normal','baja')),
	CONSTRAINT "calls_direction_check" CHECK ("calls"."direction" in ('inbound','outbound')),
	-- Each status carries what got it there: an active call has an agent and was answered; a waiting call knows
	-- since when it waits; an ended call has its end; no instant runs backwards.
	CONSTRAINT "calls_status_fields_check" CHECK (
		("calls"."status" <> 'active' or ("calls"."agent_name" is not null and "calls"."answered_at" is not null and "calls"."ended_at" is null))
		and ("calls"."status" <> 'waiting' or ("calls"."waiting_since" is not null and "calls"."ended_at" is null))
		and ("calls"."status" <> 'ended' or "calls"."ended_at" is not null)
		and ("calls"."answered_at" is null or "calls"."answered_at" >= "calls"."started_at")
		and ("calls"."ended_at" is null or "calls"."ended_at" >= "calls"."started_at")
	)
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_patient_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_agent_user_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_conversation_key" ON "calls" USING btree ("conversation_id") WHERE "conversation_id" IS NOT NULL;--> statement-breakpoint
-- History: newest first, with or without the status / priority filters.
CREATE INDEX "calls_started_idx" ON "calls" USING btree ("started_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "calls_status_started_idx" ON "calls" USING btree ("status", "started_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "calls_priority_started_idx" ON "calls" USING btree ("priority", "started_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "calls_status_priority_started_idx" ON "calls" USING btree ("status", "priority", "started_at" DESC, "id" DESC);--> statement-breakpoint
-- The live board (active and waiting calls are a handful among a million).
CREATE INDEX "calls_live_idx" ON "calls" USING btree ("status", "waiting_since") WHERE "status" <> 'ended';--> statement-breakpoint
-- Completed today and the measures over a window read by end time.
CREATE INDEX "calls_ended_idx" ON "calls" USING btree ("ended_at") WHERE "ended_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_patient_idx" ON "calls" USING btree ("patient_id", "started_at") WHERE "patient_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_name_trgm_idx" ON "calls" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calls_phone_trgm_idx" ON "calls" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
-- Exact counts per (status, priority) for the history's total without a search (decision 030), kept by
-- statement-level triggers with transition tables: one aggregated upsert per statement, keys in order.
CREATE TABLE "call_counts" (
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_counts_pk" PRIMARY KEY ("status", "priority")
);
--> statement-breakpoint
CREATE FUNCTION call_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_counts (status, priority, n)
      SELECT status, priority, count(*) FROM new_rows GROUP BY status, priority ORDER BY status, priority
      ON CONFLICT (status, priority) DO UPDATE SET n = call_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO call_counts (status, priority, n)
      SELECT status, priority, -count(*) FROM old_rows GROUP BY status, priority ORDER BY status, priority
      ON CONFLICT (status, priority) DO UPDATE SET n = call_counts.n + excluded.n;
  ELSE
    INSERT INTO call_counts (status, priority, n)
      SELECT status, priority, sum(d) FROM (
        SELECT status, priority, 1 AS d FROM new_rows
        UNION ALL SELECT status, priority, -1 FROM old_rows
      ) x GROUP BY status, priority HAVING sum(d) <> 0 ORDER BY status, priority
      ON CONFLICT (status, priority) DO UPDATE SET n = call_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calls_counts_ins" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_apply();--> statement-breakpoint
CREATE TRIGGER "calls_counts_upd" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_apply();--> statement-breakpoint
CREATE TRIGGER "calls_counts_del" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_counts_apply();--> statement-breakpoint
CREATE FUNCTION call_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM call_counts;
  INSERT INTO call_counts (status, priority, n) SELECT status, priority, count(*) FROM calls GROUP BY status, priority;
$$;
--> statement-breakpoint
-- The recording of a call, in the database so every instance serves it and range requests read slices of it.
CREATE TABLE "call_audio" (
	"call_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_audio_size_check" CHECK ("call_audio"."size" = octet_length("call_audio"."data")),
	CONSTRAINT "call_audio_type_check" CHECK ("call_audio"."content_type" in ('audio/mpeg','audio/wav','audio/ogg','audio/webm','audio/mp4'))
);
--> statement-breakpoint
-- Slices are read with substring(); without compression they do not decompress the whole value.
ALTER TABLE "call_audio" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "call_audio" ADD CONSTRAINT "call_audio_call_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;
