-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- Migration 0030's row triggers on patients move what the rollups hold: now before the row changes, after applying
-- the recorded changes (with the zone they had).
CREATE OR REPLACE FUNCTION analytics_rollups_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  PERFORM analytics_drain();
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL AND TG_OP = 'DELETE' THEN
    RETURN old;
  ELSIF z IS NULL THEN
    RETURN new;
  END IF;
  INSERT INTO appointment_geo_rollups AS c (day, zone_id, municipality_id, n)
  SELECT day, zone_id, municipality_id, sum(s)
    FROM (SELECT (a.scheduled_at AT TIME ZONE z)::date AS day, k.zone_id, k.municipality_id, k.s
            FROM appointments a
            CROSS JOIN LATERAL (
              SELECT coalesce(old.zone_id, 0), coalesce(old.municipality_id, 0), -1
              UNION ALL
              SELECT coalesce(new.zone_id, 0), coalesce(new.municipality_id, 0), 1 WHERE TG_OP = 'UPDATE'
            ) k(zone_id, municipality_id, s)
           WHERE a.patient_id = old.id AND a.status <> 'Cancelada') x
   GROUP BY 1, 2, 3 HAVING sum(s) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT appointment_geo_rollups_pk DO UPDATE SET n = c.n + excluded.n;
  IF TG_OP = 'DELETE' THEN
    RETURN old;
  END IF;
  RETURN new;
END $$;
