-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- Adds the signed visit days of `src` (rows with s, day, prev_day, zone_id) to both rollups, in key order: the SQL of
-- two statements, the first a CTE named visit_all (to prefix the second with WITH … ,).
CREATE OR REPLACE FUNCTION patient_visit_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    visit_all AS (
      INSERT INTO patient_visit_day_rollups AS c (day, prev_day, n)
      SELECT day, prev_day, sum(s) FROM (%1$s) d GROUP BY 1, 2 HAVING sum(s) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT patient_visit_day_rollups_pk DO UPDATE SET n = c.n + excluded.n
      RETURNING 1
    )
    INSERT INTO patient_visit_day_zone_rollups AS c (zone_id, day, prev_day, n)
    SELECT zone_id, day, prev_day, sum(s) FROM (%1$s) d GROUP BY 1, 2, 3 HAVING sum(s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT patient_visit_day_zone_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)
$$;
