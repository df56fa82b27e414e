-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- A holiday added, moved or removed changes the working days of every fact whose interval (request, assigned] holds it.
CREATE OR REPLACE FUNCTION oportunidad_holidays_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := 'SELECT date FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'SELECT date FROM old_rows';
  ELSE
    src := 'SELECT date FROM new_rows WHERE date NOT IN (SELECT date FROM old_rows)
      UNION SELECT date FROM old_rows WHERE date NOT IN (SELECT date FROM new_rows)';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  EXECUTE format($q$
    WITH ch AS (
      SELECT * FROM (
        SELECT f.*, oportunidad_working_days(f.req_day, f.given_day) AS after FROM oportunidad_facts f
         WHERE EXISTS (SELECT 1 FROM (%s) h WHERE h.date > f.req_day AND h.date <= f.given_day)) m
       WHERE working_days <> after
    ), upd AS (
      UPDATE oportunidad_facts f SET working_days = ch.after FROM ch WHERE f.appointment_id = ch.appointment_id
      RETURNING f.*
    )
    %s$q$, src, oportunidad_rollups_sql($s$
      SELECT -1 AS s, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM ch
      UNION ALL
      SELECT 1, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM upd$s$));
  RETURN NULL;
END $$;
