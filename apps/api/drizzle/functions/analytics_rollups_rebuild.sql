-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- As in migration 0033, with each appointment's site and the tables listed once.
CREATE OR REPLACE FUNCTION analytics_rollups_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q text;
  src text := 'SELECT 1 AS s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at,
      cancelled_at, location_id FROM appointments';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  INSERT INTO analytics_rollup_settings (id, tz) VALUES (1, z) ON CONFLICT (id) DO UPDATE SET tz = excluded.tz;
  DELETE FROM appointment_changes;
  PERFORM analytics_rollups_empty();
  DELETE FROM patient_created_day_rollups;
  INSERT INTO patient_created_day_rollups (day, n)
  SELECT (created_at AT TIME ZONE z)::date, count(*) FROM patients GROUP BY 1 ORDER BY 1;
  FOREACH q IN ARRAY analytics_rollups_sql(src) || analytics_more_rollups_sql(src) LOOP
    EXECUTE q USING z;
  END LOOP;
  PERFORM appointment_facts_rebuild(z);
END $$;
