-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- A patient's new EPS takes their counted first visits along.
CREATE OR REPLACE FUNCTION oportunidad_patient_eps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  EXECUTE format($q$
    WITH moved AS (
      UPDATE oportunidad_facts f SET eps_id = coalesce($2, 0) WHERE f.patient_id = $1
      RETURNING f.*, $3::integer AS old_eps
    )
    %s$q$, oportunidad_rollups_sql($s$
      SELECT -1 AS s, req_day, specialty_id, location_id, old_eps AS eps_id, given_day, desired_date, working_days
        FROM moved
      UNION ALL
      SELECT 1, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM moved$s$))
    USING new.id, new.insurance_eps_id, coalesce(old.insurance_eps_id, 0);
  RETURN NULL;
END $$;
