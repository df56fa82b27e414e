-- The current version, applied after the migrations (decision 046); before it, last in migration 0021.
CREATE OR REPLACE FUNCTION call_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM call_counts;
  INSERT INTO call_counts (status, priority, n) SELECT status, priority, count(*) FROM calls GROUP BY status, priority;
$$;
