-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- The doctor upsert, then the geo and oportunidad-population upserts with each row's patient's zone, municipality and
-- EPS (a change whose patient is gone counts nowhere: the patient's delete trigger took its rows out), after migration
-- 0030's three (same `src`, same $1, key order).
CREATE OR REPLACE FUNCTION analytics_more_rollups_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[format($q$
    INSERT INTO appointment_doctor_day_rollups AS c (day, doctor_id, status, n)
    SELECT (d.scheduled_at AT TIME ZONE $1)::date, d.doctor_id, d.status, sum(d.s) FROM (%s) d
     GROUP BY 1, 2, 3 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_doctor_day_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)]
  || analytics_geo_rollups_sql(k.keyed) || ARRAY[oportunidad_requests_sql(k.keyed)]
  FROM (SELECT format('SELECT d.*, coalesce(p.zone_id, 0) AS zone_id, coalesce(p.municipality_id, 0) AS municipality_id,
      coalesce(p.insurance_eps_id, 0) AS eps_id FROM (%s) d JOIN patients p ON p.id = d.patient_id', src) AS keyed) k
$$;
