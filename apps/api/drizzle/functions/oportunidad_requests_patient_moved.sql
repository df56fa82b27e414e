-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- A patient's new EPS takes their oportunidad population along; a deleted patient takes it out before the cascade.
-- After a drain, before the row changes, as the geo move.
CREATE OR REPLACE FUNCTION oportunidad_requests_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  PERFORM analytics_drain();
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NOT NULL THEN
    EXECUTE oportunidad_requests_sql('SELECT k.s, a.created_at, a.scheduled_at, a.specialty_id, a.location_id,
        k.eps_id, a.status
      FROM appointments a CROSS JOIN LATERAL (SELECT $2::integer, -1 UNION ALL SELECT $3, 1 WHERE $4) k(eps_id, s)
     WHERE a.patient_id = $5')
      USING z, coalesce(old.insurance_eps_id, 0), coalesce(new.insurance_eps_id, 0), TG_OP = 'UPDATE', old.id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN old;
  END IF;
  RETURN new;
END $$;
