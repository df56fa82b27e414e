-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- The facts the appointments of `src` (rows with patient_id, specialty_id, scheduled_at) call for: every appointment of
-- their (patient, specialty, local year) groups is re-decided, the facts that no longer hold deleted, the new or
-- changed ones written, and the difference added to the rollups, all in one statement. The timezone is $1.
CREATE OR REPLACE FUNCTION oportunidad_facts_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH g AS (
      SELECT DISTINCT patient_id, specialty_id, date_trunc('year', scheduled_at AT TIME ZONE $1) AS y FROM (%1$s) d
    ), r AS (
      SELECT a.id, a.patient_id, a.specialty_id, a.location_id, a.first_visit, a.created_at, a.scheduled_at,
             a.desired_date,
             row_number() OVER (PARTITION BY a.patient_id, a.specialty_id, g.y ORDER BY a.scheduled_at, a.id) AS rn
        FROM g JOIN appointments a ON a.patient_id = g.patient_id AND a.specialty_id = g.specialty_id
         AND a.scheduled_at >= (g.y AT TIME ZONE $1) AND a.scheduled_at < ((g.y + interval '1 year') AT TIME ZONE $1)
       WHERE a.status <> 'Cancelada'
    ), w0 AS (
      SELECT r.id, r.patient_id, r.specialty_id, r.location_id, coalesce(p.insurance_eps_id, 0) AS eps_id,
             (r.created_at AT TIME ZONE $1)::date AS req_day, (r.scheduled_at AT TIME ZONE $1)::date AS given_day,
             r.desired_date
        FROM r LEFT JOIN patients p ON p.id = r.patient_id
       WHERE coalesce(r.first_visit, r.rn = 1)
         AND (r.scheduled_at AT TIME ZONE $1)::date >= (r.created_at AT TIME ZONE $1)::date
    ), cal AS (
      SELECT d::date AS day,
             sum(CASE WHEN extract(isodow FROM d) < 6 AND h.date IS NULL THEN 1 ELSE 0 END) OVER (ORDER BY d) AS cum
        FROM generate_series((SELECT min(req_day) FROM w0), (SELECT max(given_day) FROM w0), interval '1 day') d
        LEFT JOIN holidays h ON h.date = d::date
    ), want AS (
      SELECT w0.*, (cg.cum - cr.cum)::int AS working_days
        FROM w0 JOIN cal cr ON cr.day = w0.req_day JOIN cal cg ON cg.day = w0.given_day
    ), gone AS (
      DELETE FROM oportunidad_facts f USING g
       WHERE f.patient_id = g.patient_id AND f.specialty_id = g.specialty_id
         AND f.given_day >= g.y::date AND f.given_day < (g.y + interval '1 year')::date
         AND NOT EXISTS (SELECT 1 FROM want WHERE want.id = f.appointment_id)
      RETURNING f.*
    ), prev AS (
      SELECT f.* FROM oportunidad_facts f JOIN want ON want.id = f.appointment_id
    ), put AS (
      INSERT INTO oportunidad_facts AS f (appointment_id, patient_id, specialty_id, location_id, eps_id, req_day,
          given_day, desired_date, working_days)
      SELECT id, patient_id, specialty_id, location_id, eps_id, req_day, given_day, desired_date, working_days
        FROM want ORDER BY id
      ON CONFLICT (appointment_id) DO UPDATE SET patient_id = excluded.patient_id,
        specialty_id = excluded.specialty_id, location_id = excluded.location_id, eps_id = excluded.eps_id,
        req_day = excluded.req_day, given_day = excluded.given_day, desired_date = excluded.desired_date,
        working_days = excluded.working_days
       WHERE (f.patient_id, f.specialty_id, f.location_id, f.eps_id, f.req_day, f.given_day, f.desired_date,
              f.working_days)
         IS DISTINCT FROM (excluded.patient_id, excluded.specialty_id, excluded.location_id, excluded.eps_id,
              excluded.req_day, excluded.given_day, excluded.desired_date, excluded.working_days)
      RETURNING f.*
    )
    %2$s$q$, src, oportunidad_rollups_sql($s$
      SELECT 1 AS s, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM put
      UNION ALL
      SELECT -1, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days
        FROM prev WHERE appointment_id IN (SELECT appointment_id FROM put)
      UNION ALL
      SELECT -1, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM gone$s$))
$$;
