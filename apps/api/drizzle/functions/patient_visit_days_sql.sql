-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- The visit days of the patients of `src` (rows with patient_id), recomputed whole, written where they changed, and the
-- difference added to the rollups, in one statement. The timezone is $1.
CREATE OR REPLACE FUNCTION patient_visit_days_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH g AS (
      SELECT DISTINCT patient_id FROM (%s) d
    ), want AS (
      SELECT v.patient_id, v.day,
             coalesce(lag(v.day) OVER (PARTITION BY v.patient_id ORDER BY v.day), '-infinity'::date) AS prev_day,
             coalesce(p.zone_id, 0) AS zone_id, coalesce(p.municipality_id, 0) AS municipality_id
        FROM (SELECT DISTINCT a.patient_id, (a.scheduled_at AT TIME ZONE $1)::date AS day
                FROM g JOIN appointments a ON a.patient_id = g.patient_id WHERE a.status <> 'Cancelada') v
        JOIN patients p ON p.id = v.patient_id
    ), gone AS (
      DELETE FROM patient_visit_days f USING g
       WHERE f.patient_id = g.patient_id
         AND NOT EXISTS (SELECT 1 FROM want WHERE want.patient_id = f.patient_id AND want.day = f.day)
      RETURNING f.*
    ), prev AS (
      SELECT f.* FROM patient_visit_days f JOIN want ON want.patient_id = f.patient_id AND want.day = f.day
    ), put AS (
      INSERT INTO patient_visit_days AS f (patient_id, day, prev_day, zone_id, municipality_id)
      SELECT patient_id, day, prev_day, zone_id, municipality_id FROM want ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT patient_visit_days_pk DO UPDATE SET prev_day = excluded.prev_day,
        zone_id = excluded.zone_id, municipality_id = excluded.municipality_id
       WHERE (f.prev_day, f.zone_id, f.municipality_id)
         IS DISTINCT FROM (excluded.prev_day, excluded.zone_id, excluded.municipality_id)
      RETURNING f.*
    ), %s$q$, src, patient_visit_rollups_sql($s$
        SELECT 1 AS s, day, prev_day, zone_id FROM put
        UNION ALL
        SELECT -1, prev.day, prev.prev_day, prev.zone_id FROM prev JOIN put USING (patient_id, day)
        UNION ALL
        SELECT -1, day, prev_day, zone_id FROM gone$s$))
$$;
