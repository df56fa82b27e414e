-- Decision 015: the part of a booking that must run under the agenda's row lock, as one call. Called from the
-- booking statement of apps/api/src/modules/appointments/booking-repo.ts (a data-modifying CTE that inserts
-- the appointment, its audit row and its events with what this returns), so a booking outside a caller's
-- transaction is one round trip and the lock is held only while the database works, never while a reply
-- travels to Node. Each statement of a VOLATILE function takes a fresh snapshot (READ COMMITTED), so the busy
-- times below are read after the lock is granted and see every booking of the agenda that committed before.
--
-- outcome: 'ok' (start_at is the time to book), 'seen' (the Idempotency-Key belongs to appointment seen_id of
-- patient seen_patient_id; nothing was done), 'no_slots' (the conditional UPDATE found no free slot or the
-- agenda is not Activa; nothing was done, so a caller's transaction may go on). No free time left raises
-- SQLSTATE 'IPS01', because the slot is already taken by then and the statement must roll back.
CREATE OR REPLACE FUNCTION booking_slot(
  p_key text,
  p_agenda_id integer,
  p_take_slot boolean,
  p_patient_id integer,
  p_room_id integer,
  p_start timestamptz,
  p_first_minute integer,
  p_end_minute integer,
  p_duration integer,
  p_tz text
) RETURNS TABLE (outcome text, start_at timestamptz, seen_id integer, seen_patient_id integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  agenda_date date;
  agenda_doctor integer;
  t integer := p_first_minute;
  cand_start timestamptz;
  busy record;
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
        RETURNING date, doctor_id INTO agenda_date, agenda_doctor;
      IF NOT FOUND THEN
        outcome := 'no_slots';
        RETURN NEXT;
        RETURN;
      END IF;
    ELSE
      -- A Pendiente booking takes no slot but must not pick a time another booking is taking.
      SELECT date, doctor_id INTO agenda_date, agenda_doctor FROM availabilities WHERE id = p_agenda_id FOR UPDATE;
    END IF;
  END IF;

  outcome := 'ok';
  IF p_start IS NOT NULL THEN
    start_at := p_start;
    RETURN NEXT;
    RETURN;
  END IF;

  -- The agenda's next free time (spec §5, as suggestNextTime): from p_first_minute in steps of the duration,
  -- the first slot within the agenda's hours free for the doctor, the patient and the room. One pass over
  -- the day's busy times in start order: a busy time that ends before the candidate no longer matters, one
  -- that starts after the candidate ends means the candidate is free, one that overlaps moves the candidate to
  -- the first step at or after its end. The range condition is the one the exclusion constraints' GiST
  -- indexes answer.
  FOR busy IN
    SELECT b.scheduled_at, b.ends_at FROM appointments b
    WHERE (b.doctor_id = agenda_doctor OR b.patient_id = p_patient_id OR b.room_id = p_room_id)
      AND b.status <> 'Cancelada'
      AND tstzrange(b.scheduled_at, b.ends_at) && tstzrange(
        agenda_date::timestamp AT TIME ZONE p_tz, (agenda_date + 1)::timestamp AT TIME ZONE p_tz)
    ORDER BY b.scheduled_at
  LOOP
    EXIT WHEN t + p_duration > p_end_minute;
    cand_start := (agenda_date + make_interval(mins => t)) AT TIME ZONE p_tz;
    CONTINUE WHEN busy.ends_at <= cand_start;
    EXIT WHEN busy.scheduled_at >= (agenda_date + make_interval(mins => t + p_duration)) AT TIME ZONE p_tz;
    t := t + ceil(extract(epoch FROM busy.ends_at - cand_start) / 60 / p_duration)::integer * p_duration;
  END LOOP;
  IF t + p_duration <= p_end_minute THEN
    start_at := (agenda_date + make_interval(mins => t)) AT TIME ZONE p_tz;
  END IF;
  IF start_at IS NULL THEN
    RAISE EXCEPTION 'no free time in agenda %', p_agenda_id USING ERRCODE = 'IPS01';
  END IF;
  RETURN NEXT;
END
$$;
