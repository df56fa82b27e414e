-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- New patients per day: static statements (plans kept); an update that changes no created_at (every update of a
-- patient's record) does nothing.
CREATE OR REPLACE FUNCTION patient_created_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  -- (Nested: a condition that names old_rows can not even be planned in an INSERT's trigger.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                    WHERE o.created_at IS DISTINCT FROM n.created_at) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT (created_at AT TIME ZONE z)::date, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT (created_at AT TIME ZONE z)::date, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT day, sum(s) FROM (
      SELECT 1 AS s, (created_at AT TIME ZONE z)::date AS day FROM new_rows
      UNION ALL
      SELECT -1, (created_at AT TIME ZONE z)::date FROM old_rows) d
     GROUP BY 1 HAVING sum(s) <> 0 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
