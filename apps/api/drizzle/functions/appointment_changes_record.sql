-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- As in migration 0033, with each change's site.
CREATE OR REPLACE FUNCTION appointment_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One line: the UPDATE branch prefixes each ', ' with the row's alias.
  cols text := 'patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at, location_id';
  changed text := '(o.patient_id, o.specialty_id, o.doctor_id, o.location_id, o.status, o.scheduled_at,
      o.duration_minutes, o.created_at, o.cancelled_at, o.desired_date, o.first_visit)
    IS DISTINCT FROM (n.patient_id, n.specialty_id, n.doctor_id, n.location_id, n.status, n.scheduled_at,
      n.duration_minutes, n.created_at, n.cancelled_at, n.desired_date, n.first_visit)';
  src text;
  rows integer;
  z text;
  q text;
BEGIN
  -- A booking's path: static statements (their plans kept).
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO rows FROM new_rows;
    IF rows <= 1000 THEN
      INSERT INTO appointment_changes (s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes,
          created_at, cancelled_at, location_id)
      SELECT 1, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at,
             location_id
        FROM new_rows;
      RETURN NULL;
    END IF;
    src := format('SELECT 1 AS s, %s FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO rows FROM old_rows;
    IF rows <= 1000 THEN
      INSERT INTO appointment_changes (s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes,
          created_at, cancelled_at, location_id)
      SELECT -1, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at,
             location_id
        FROM old_rows;
      RETURN NULL;
    END IF;
    src := format('SELECT -1 AS s, %s FROM old_rows', cols);
  ELSE
    src := format('SELECT k.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (-1, %s), (1, %s)) k(s, %s) WHERE %s',
      'o.' || replace(cols, ', ', ', o.'), 'n.' || replace(cols, ', ', ', n.'), cols, changed);
    EXECUTE format('SELECT count(*) FROM (%s) d', src) INTO rows;
    IF rows = 0 THEN
      RETURN NULL;
    ELSIF rows <= 1000 THEN
      EXECUTE format('INSERT INTO appointment_changes (s, %s) SELECT * FROM (%s) d', cols, src);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NOT NULL THEN
    FOREACH q IN ARRAY analytics_apply_sql(src) LOOP
      EXECUTE q USING z;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
