-- The current version, applied after the migrations (decision 046); before it, last in migration 0021.
CREATE OR REPLACE FUNCTION call_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO call_counts (status, priority, n)
      SELECT status, priority, count(*) FROM new_rows GROUP BY status, priority ORDER BY status, priority
      ON CONFLICT (status, priority) DO UPDATE SET n = call_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO call_counts (status, priority, n)
      SELECT status, priority, -count(*) FROM old_rows GROUP BY status, priority ORDER BY status, priority
      ON CONFLICT (status, priority) DO UPDATE SET n = call_counts.n + excluded.n;
  ELSE
    INSERT INTO call_counts (status, priority, n)
      SELECT status, priority, sum(d) FROM (
        SELECT status, priority, 1 AS d FROM new_rows
        UNION ALL SELECT status, priority, -1 FROM old_rows
      ) x GROUP BY status, priority HAVING sum(d) <> 0 ORDER BY status, priority
      ON CONFLICT (status, priority) DO UPDATE SET n = call_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
