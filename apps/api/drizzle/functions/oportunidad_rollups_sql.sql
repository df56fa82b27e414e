-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- Adds the signed facts of `src` (rows of oportunidad_facts with a sign s) to the rollups, in key order.
CREATE OR REPLACE FUNCTION oportunidad_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO oportunidad_day_rollups AS c (req_day, specialty_id, location_id, eps_id, n, lag_sum, n_desired,
        desired_lag_sum, working_days_sum)
    SELECT req_day, specialty_id, location_id, eps_id, sum(s), sum(s * (given_day - req_day)),
           sum(s * (desired_date IS NOT NULL)::int), sum(s * coalesce(greatest(given_day - desired_date, 0), 0)),
           sum(s * working_days)
      FROM (%s) d
     GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0 OR sum(s * (given_day - req_day)) <> 0 OR sum(s * (desired_date IS NOT NULL)::int) <> 0
        OR sum(s * coalesce(greatest(given_day - desired_date, 0), 0)) <> 0 OR sum(s * working_days) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT oportunidad_day_rollups_pk DO UPDATE SET n = c.n + excluded.n,
      lag_sum = c.lag_sum + excluded.lag_sum, n_desired = c.n_desired + excluded.n_desired,
      desired_lag_sum = c.desired_lag_sum + excluded.desired_lag_sum,
      working_days_sum = c.working_days_sum + excluded.working_days_sum$q$, src)
$$;
