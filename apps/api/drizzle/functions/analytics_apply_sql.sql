-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- Applies and empties the recorded changes (see appointment_changes), one drain at a time: a global advisory lock,
-- which the triggers on patients (zone, EPS) and holidays take too, so what they move is what the drains applied.
-- Returns how many changes it applied.
-- Every statement that applies signed changes (rows of `src` with s and the counted columns) to the rollups and facts,
-- in the order they run (the timezone is $1): 039's upserts, the doctor and geo upserts, the facts' recomputation.
CREATE OR REPLACE FUNCTION analytics_apply_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT analytics_rollups_sql(src) || analytics_more_rollups_sql(src)
    || ARRAY[oportunidad_facts_sql(src), patient_visit_days_sql(src)]
$$;
