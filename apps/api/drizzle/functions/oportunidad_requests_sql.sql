-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- The oportunidad population upsert for the signed rows of `src` (s, created_at, scheduled_at, specialty_id,
-- location_id, eps_id, status), in key order; the timezone is $1.
CREATE OR REPLACE FUNCTION oportunidad_requests_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO oportunidad_request_rollups AS c (req_day, specialty_id, location_id, eps_id, n)
    SELECT (d.created_at AT TIME ZONE $1)::date, d.specialty_id, d.location_id, d.eps_id, sum(d.s)
      FROM (%s) d
     WHERE d.status <> 'Cancelada' AND (d.scheduled_at AT TIME ZONE $1)::date >= (d.created_at AT TIME ZONE $1)::date
     GROUP BY 1, 2, 3, 4 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT oportunidad_request_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)
$$;
