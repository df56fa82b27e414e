-- Overlap rules drizzle-kit cannot express (ARCHITECTURE rule 5). Cancelled rows never block. The services
-- check first to give a friendly message; these make it true under concurrency. Ranges are half-open, so an
-- agenda or appointment may start exactly when the previous one ends.
ALTER TABLE "availabilities" ADD CONSTRAINT "availabilities_doctor_overlap"
  EXCLUDE USING gist ("doctor_id" WITH =, tsrange("date" + "start_time", "date" + "end_time") WITH &&)
  WHERE ("status" <> 'Cancelada');
--> statement-breakpoint
-- Deferrable (checked per statement unless a transaction defers them) so that re-laying a whole agenda's
-- appointments, which may pass through a momentary overlap between two of its own rows, can be checked at commit.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_overlap"
  EXCLUDE USING gist ("doctor_id" WITH =, tstzrange("scheduled_at", "ends_at") WITH &&)
  WHERE ("status" <> 'Cancelada') DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, tstzrange("scheduled_at", "ends_at") WITH &&)
  WHERE ("status" <> 'Cancelada') DEFERRABLE INITIALLY IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_room_overlap"
  EXCLUDE USING gist ("room_id" WITH =, tstzrange("scheduled_at", "ends_at") WITH &&)
  WHERE ("status" <> 'Cancelada' AND "room_id" IS NOT NULL) DEFERRABLE INITIALLY IMMEDIATE;
