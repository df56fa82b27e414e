-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- A patient who moves takes their appointments' geo rows and visit days along; one who is deleted takes the geo rows
-- out before the cascade deletes the appointments, as in migration 0033 (whose comments hold).
CREATE OR REPLACE FUNCTION analytics_geo_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
  q text;
BEGIN
  PERFORM analytics_drain();
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL AND TG_OP = 'DELETE' THEN
    RETURN old;
  ELSIF z IS NULL THEN
    RETURN new;
  END IF;
  FOREACH q IN ARRAY analytics_geo_rollups_sql('SELECT k.s, k.zone_id, k.municipality_id, a.specialty_id, a.status,
      a.scheduled_at, a.duration_minutes, a.created_at, a.cancelled_at
    FROM appointments a
    CROSS JOIN LATERAL (SELECT $2::integer, $3::integer, -1 UNION ALL SELECT $4, $5, 1 WHERE $6) k(zone_id,
      municipality_id, s)
   WHERE a.patient_id = $7') LOOP
    EXECUTE q USING z, coalesce(old.zone_id, 0), coalesce(old.municipality_id, 0), coalesce(new.zone_id, 0),
      coalesce(new.municipality_id, 0), TG_OP = 'UPDATE', old.id;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN old;
  END IF;
  EXECUTE format($q$
    WITH moved AS (
      UPDATE patient_visit_days f SET zone_id = $2, municipality_id = $3 WHERE f.patient_id = $1
      RETURNING f.*
    ), %s$q$, patient_visit_rollups_sql($s$
      SELECT -1 AS s, day, prev_day, $4 AS zone_id FROM moved
      UNION ALL
      SELECT 1, day, prev_day, zone_id FROM moved$s$))
    USING new.id, coalesce(new.zone_id, 0), coalesce(new.municipality_id, 0), coalesce(old.zone_id, 0);
  RETURN new;
END $$;
