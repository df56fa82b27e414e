-- The current version, applied after the migrations (decision 046); before it, last in migration 0024 (without p_service_id).
-- Decision 015: a booking's writes as one call. book_appointment checks the Idempotency-Key, takes the slot
-- (which locks the agenda's row), picks the time when none was asked, and inserts the appointment, its audit
-- row and its events. Called on its own (POST /appointments) it is the booking's whole transaction, one round
-- trip: the agenda's lock is held only while the database works, never while a reply travels to Node. Inside a
-- caller's transaction (queue, smart assignment) it is one statement of it. PL/pgSQL keeps the plans of its
-- statements for the session, so nothing is planned again per booking. Each statement of a VOLATILE function
-- takes a fresh snapshot (READ COMMITTED), so the busy times are read after the lock is granted and see every
-- booking of the agenda that committed before.
--
-- outcome: 'ok' (appointment is the new row as JSON), 'seen' (the key belongs to appointment seen_id of
-- patient seen_patient_id; nothing was done), 'no_slots' (no free slot, or the agenda is not Activa; nothing
-- was done, so a caller's transaction may go on and try another agenda). No free time left raises SQLSTATE
-- 'IPS01' (the slot is taken by then and must be given back); an overlap raises 23P01 from the exclusion
-- constraints (doctor, patient, room), which are the overlap check.
-- p_desired_date: the date the patient wanted (decision 032). p_service_id: the service chosen (decision 031),
-- written by the same INSERT, so no appointment ever lacks the service it was booked with.
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
  p_desired_date date DEFAULT NULL,
  p_service_id integer DEFAULT NULL
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
    idempotency_key, created_by, desired_date, service_id)
  VALUES (p_patient_id, p_agenda_id, p_location_id, p_specialty_id, p_doctor_id, start_at,
    start_at + make_interval(mins => p_duration), p_duration, p_status, p_appointment_type, p_reason, p_notes,
    p_insurance_type, p_room_id, p_manual, p_key, p_user_id, p_desired_date, p_service_id)
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
