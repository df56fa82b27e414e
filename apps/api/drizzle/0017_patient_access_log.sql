-- Decision 020: every read of one patient's record (Ley 1581 de 2012, habeas data) is one row here. No foreign
-- keys: a row must outlive the user or patient it names (a permanently deleted patient's accesses stay on
-- record), and a read must not take locks on the rows it reads. Append-only: the trigger refuses UPDATE and
-- DELETE, so the log is its own audit trail.
CREATE TABLE "patient_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"ip" text,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The administrator's queries: one patient's accesses, one user's accesses, or a period, newest first.
CREATE INDEX "patient_access_log_patient_idx" ON "patient_access_log" USING btree ("patient_id","at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "patient_access_log_user_idx" ON "patient_access_log" USING btree ("user_id","at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "patient_access_log_at_idx" ON "patient_access_log" USING btree ("at" DESC,"id" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'patient_access_log es de solo inserción';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "patient_access_log_append_only" BEFORE UPDATE OR DELETE ON "patient_access_log"
  FOR EACH ROW EXECUTE FUNCTION patient_access_log_append_only();
