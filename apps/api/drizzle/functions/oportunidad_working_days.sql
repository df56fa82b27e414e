-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- Working days (Monday–Friday, not a holiday) after day a up to day b included.
CREATE OR REPLACE FUNCTION oportunidad_working_days(a date, b date) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM generate_series(a + 1, b, interval '1 day') d
   WHERE extract(isodow FROM d) < 6 AND NOT EXISTS (SELECT 1 FROM holidays h WHERE h.date = d::date)
$$;
