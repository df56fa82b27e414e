-- Decision 032. The Res. 256 de 2016 "oportunidad" indicators need three dates per appointment: when it was
-- requested (created_at, the booking's instant: every booking path inserts the row when the request is taken),
-- the date the patient wanted (desired_date, new, optional) and the date it was given for (scheduled_at); and
-- whether it is a first-time visit or a control (first_visit).
ALTER TABLE "appointments" ADD COLUMN "desired_date" date;--> statement-breakpoint
-- A correction of whether it is a first-time visit (true) or a control (false); null (the usual case) means the
-- default rule, evaluated when read: the first non-cancelled appointment of that patient in that specialty in the
-- calendar year (modules/analytics/oportunidad.ts). Nothing is computed at booking time and nothing backfilled.
ALTER TABLE "appointments" ADD COLUMN "first_visit" boolean;--> statement-breakpoint
-- Which specialty answers which indicator (P.3.1 medicina general … P.3.7 cirugía general); an administrator
-- maps them (PUT /analytics/oportunidad/indicators). Seeded by name for the catalogue's usual specialties.
CREATE TABLE "specialty_indicators" (
  "specialty_id" integer PRIMARY KEY NOT NULL REFERENCES "specialties"("id") ON DELETE CASCADE,
  "indicator" text NOT NULL CHECK ("indicator" IN ('P.3.1','P.3.2','P.3.3','P.3.4','P.3.5','P.3.6','P.3.7')),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION specialty_indicator_default(p_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE lower(btrim(p_name))
    WHEN 'medicina general' THEN 'P.3.1' WHEN 'odontología general' THEN 'P.3.2' WHEN 'odontologia general' THEN 'P.3.2'
    WHEN 'medicina interna' THEN 'P.3.3' WHEN 'pediatría' THEN 'P.3.4' WHEN 'pediatria' THEN 'P.3.4'
    WHEN 'ginecología' THEN 'P.3.5' WHEN 'ginecologia' THEN 'P.3.5' WHEN 'obstetricia' THEN 'P.3.6'
    WHEN 'cirugía general' THEN 'P.3.7' WHEN 'cirugia general' THEN 'P.3.7' END
$$;--> statement-breakpoint
INSERT INTO "specialty_indicators" ("specialty_id", "indicator")
SELECT id, specialty_indicator_default(name) FROM "specialties" WHERE specialty_indicator_default(name) IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A specialty created later with one of those names starts mapped too (the demo seed, a new clinic's catalogue).
CREATE OR REPLACE FUNCTION specialty_indicator_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF specialty_indicator_default(NEW.name) IS NOT NULL THEN
    INSERT INTO specialty_indicators (specialty_id, indicator) VALUES (NEW.id, specialty_indicator_default(NEW.name))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER specialty_indicator_on_insert AFTER INSERT ON specialties
  FOR EACH ROW EXECUTE FUNCTION specialty_indicator_on_insert();--> statement-breakpoint
-- Oportunidad reads first visits by request day.
CREATE INDEX "appointments_created_idx" ON "appointments" ("created_at");--> statement-breakpoint
-- book_appointment (migration 0013, decision 015) takes the desired date; the old signature goes so that a
-- call naming only the old parameters resolves to one function.
DROP FUNCTION IF EXISTS book_appointment(text, integer, boolean, timestamptz, integer, integer, text, integer,
  integer, integer, integer, integer, text, text, text, text, text, integer, boolean, integer, text, text, text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_appointment(
  p_key text,
  p_agenda_id integer,
  p_take_slot boolean,
  p_start timestamptz,
  p_first_minute integer,
  p_end_minute integer,
  p_tz text,
  p_patient_id integer,
  p_location_id integer,
  p_specialty_id integer,
  p_doctor_id integer,
  p_duration integer,
  p_status text,
  p_appointment_type text,
  p_reason text,
  p_notes text,
  p_insurance_type text,
  p_room_id integer,
  p_manual boolean,
  p_user_id integer,
  p_request_id text,
  p_appointments_channel text,
  p_agendas_channel text,
  p_desired_date date DEFAULT NULL
) RETURNS TABLE (outcome text, seen_id integer, seen_patient_id integer, appointment jsonb)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  agenda_date date;
  start_at timestamptz := p_start;
  t integer := p_first_minute;
  cand_end timestamptz;
  busy record;
  created appointments;
BEGIN
  IF p_key IS NOT NULL THEN
    -- Requests carrying one key queue here until the first commits; the second then finds its appointment.
    PERFORM pg_advisory_xact_lock(hashtext('appointments:' || p_key));
    SELECT a.id, a.patient_id INTO seen_id, seen_patient_id FROM appointments a WHERE a.idempotency_key = p_key;
    IF FOUND THEN
      outcome := 'seen';
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  IF p_agenda_id IS NOT NULL THEN
    IF p_take_slot THEN
      -- The capacity check itself (ARCHITECTURE rule 5); it also locks the agenda's row until commit.
      UPDATE availabilities SET booked_slots = booked_slots + 1, updated_at = now()
        WHERE id = p_agenda_id AND status = 'Activa' AND booked_slots < capacity
        RETURNING date INTO agenda_date;
      IF NOT FOUND THEN
        outcome := 'no_slots';
        RETURN NEXT;
        RETURN;
      END IF;
    ELSE
      -- A Pendiente booking takes no slot but must not pick a time another booking is taking.
      SELECT date INTO agenda_date FROM availabilities WHERE id = p_agenda_id FOR UPDATE;
    END IF;
  END IF;

  IF start_at IS NULL THEN
    start_at := (agenda_date + make_interval(mins => t)) AT TIME ZONE p_tz;
    cand_end := (agenda_date + make_interval(mins => t + p_duration)) AT TIME ZONE p_tz;
    -- The agenda's next free time (spec §5, as suggestNextTime): from p_first_minute in steps of the duration,
    -- the first slot within the agenda's hours free for the doctor, the patient and the room. The candidate is
    -- [start_at, cand_end), minute t of the agenda's local day. One pass over the day's busy times in start
    -- order: one that ends before the candidate no longer matters, one that starts after the candidate ends
    -- leaves it free, one that overlaps moves it to the first step at or after its end. The range condition is
    -- the one the exclusion constraints' GiST indexes answer.
    FOR busy IN
      SELECT b.scheduled_at, b.ends_at FROM appointments b
      WHERE (b.doctor_id = p_doctor_id OR b.patient_id = p_patient_id OR b.room_id = p_room_id)
        AND b.status <> 'Cancelada'
        AND tstzrange(b.scheduled_at, b.ends_at) && tstzrange(
          agenda_date::timestamp AT TIME ZONE p_tz, (agenda_date + 1)::timestamp AT TIME ZONE p_tz)
      ORDER BY b.scheduled_at
    LOOP
      EXIT WHEN t + p_duration > p_end_minute;
      CONTINUE WHEN busy.ends_at <= start_at;
      EXIT WHEN busy.scheduled_at >= cand_end;
      t := t + ceil(extract(epoch FROM busy.ends_at - start_at) / 60 / p_duration)::integer * p_duration;
      start_at := (agenda_date + make_interval(mins => t)) AT TIME ZONE p_tz;
      cand_end := (agenda_date + make_interval(mins => t + p_duration)) AT TIME ZONE p_tz;
    END LOOP;
    IF t + p_duration > p_end_minute THEN
      RAISE EXCEPTION 'no free time in agenda %', p_agenda_id USING ERRCODE = 'IPS01';
    END IF;
  END IF;

  INSERT INTO appointments (patient_id, availability_id, location_id, specialty_id, doctor_id, scheduled_at,
    ends_at, duration_minutes, status, appointment_type, reason, notes, insurance_type, room_id, manual,
    idempotency_key, created_by, desired_date)
  VALUES (p_patient_id, p_agenda_id, p_location_id, p_specialty_id, p_doctor_id, start_at,
    start_at + make_interval(mins => p_duration), p_duration, p_status, p_appointment_type, p_reason, p_notes,
    p_insurance_type, p_room_id, p_manual, p_key, p_user_id, p_desired_date)
  RETURNING * INTO created;

  -- As writeAudit with auditView(row) (apps/api/src/lib/audit.ts, modules/appointments/dto.ts).
  INSERT INTO audit_log (table_name, record_id, action, new_values, user_id, request_id)
  VALUES ('appointments', created.id::text, 'create', jsonb_build_object(
      'id', created.id, 'patient_id', created.patient_id, 'availability_id', created.availability_id,
      'doctor_id', created.doctor_id,
      'scheduled_at', to_char(created.scheduled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'duration_minutes', created.duration_minutes, 'status', created.status,
      'cancellation_reason', created.cancellation_reason),
    p_user_id, p_request_id);

  -- As EventBus.publish (apps/api/src/lib/event-bus.ts): position and NOTIFY come at commit (migration 0012).
  INSERT INTO event_log (channel, type, payload)
  VALUES (p_appointments_channel, 'appointment.created',
    jsonb_build_object('id', created.id, 'availability_id', created.availability_id));
  IF created.availability_id IS NOT NULL AND created.status = 'Confirmada' THEN
    INSERT INTO event_log (channel, type, payload)
    VALUES (p_agendas_channel, 'agenda.updated', jsonb_build_object('id', created.availability_id));
  END IF;

  outcome := 'ok';
  appointment := to_jsonb(created);
  RETURN NEXT;
END
$$;
