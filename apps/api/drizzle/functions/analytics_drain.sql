-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- As in migration 0033, with each change's site; the drain's temporary table has a new name, so that a session which
-- drained before this migration does not reuse one without the site.
CREATE OR REPLACE FUNCTION analytics_drain() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  z text;
  n integer;
  q text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM appointment_changes) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  CREATE TEMP TABLE IF NOT EXISTS analytics_taken (LIKE appointment_changes) ON COMMIT DELETE ROWS;
  WITH taken AS (DELETE FROM appointment_changes RETURNING *)
  INSERT INTO analytics_taken SELECT * FROM taken;
  GET DIAGNOSTICS n = ROW_COUNT;
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF n > 0 AND z IS NOT NULL THEN
    FOREACH q IN ARRAY analytics_apply_sql('SELECT s, patient_id, specialty_id, doctor_id, status, scheduled_at,
        duration_minutes, created_at, cancelled_at, location_id FROM analytics_taken') LOOP
      EXECUTE q USING z;
    END LOOP;
  END IF;
  DELETE FROM analytics_taken;
  RETURN n;
END $$;
