-- Decision 033. The notification center: one row per user and notification (a broadcast to a role is one row per
-- member, written in one INSERT … SELECT), read or unread; the unread count reads a partial index.
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"created_by" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_user_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "notifications_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "notifications_title_check" CHECK (length("title") BETWEEN 1 AND 200),
	CONSTRAINT "notifications_body_check" CHECK (length("body") <= 2000)
);--> statement-breakpoint
CREATE INDEX "notifications_user_recent_idx" ON "notifications" USING btree ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
-- Per user and type: in the bell, by e-mail. No row: the type's default (in-app on, e-mail off).
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("user_id", "type"),
	CONSTRAINT "notification_preferences_user_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);--> statement-breakpoint
-- A condition that raises an alert while it lasts (a long queue, no agent connected): one row while raised, so a
-- persisting condition raises it once; deleted when the condition ends, so the next occurrence raises it again.
CREATE TABLE "notification_conditions" (
	"key" text PRIMARY KEY NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
-- Every e-mail goes through the outbox, in the transaction of what caused it: it survives a restart, each row is
-- claimed by one instance (FOR UPDATE SKIP LOCKED) and retried with backoff until sent or out of attempts.
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("status" in ('pending','sent','failed')),
	CONSTRAINT "email_outbox_kind_check" CHECK ("kind" in ('alert','notification','patient_notice','test')),
	CONSTRAINT "email_outbox_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at", "id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_recent_idx" ON "email_outbox" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- The patient notices of an agenda cancellation (migration 0004) are now sent: by e-mail through the outbox when
-- the patient has an address, else marked 'sin_correo'; `detail` says why a notice was not sent.
ALTER TABLE "agenda_patient_notices" DROP CONSTRAINT "agenda_patient_notices_status_check";--> statement-breakpoint
ALTER TABLE "agenda_patient_notices" ADD CONSTRAINT "agenda_patient_notices_status_check" CHECK ("status" in ('pendiente','enviada','fallida','sin_correo'));--> statement-breakpoint
ALTER TABLE "agenda_patient_notices" ADD COLUMN "email_outbox_id" bigint;--> statement-breakpoint
ALTER TABLE "agenda_patient_notices" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "agenda_patient_notices" ADD CONSTRAINT "agenda_patient_notices_outbox_fk" FOREIGN KEY ("email_outbox_id") REFERENCES "email_outbox"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX "agenda_patient_notices_outbox_idx" ON "agenda_patient_notices" USING btree ("email_outbox_id") WHERE "email_outbox_id" IS NOT NULL;
