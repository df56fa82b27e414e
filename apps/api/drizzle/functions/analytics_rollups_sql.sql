-- The current version, applied after the migrations (decision 046); before it, last in migration 0030.
-- The contribution of a set of appointments, each with a sign s (+1 added, -1 removed), given as the SQL `src` of
-- their rows: the three upserts (the timezone is $1), each in key order, shared by the trigger (which runs them itself:
-- transition tables are visible only there) and the rebuild (over appointments).
CREATE OR REPLACE FUNCTION analytics_rollups_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[format($q$
    INSERT INTO appointment_day_rollups AS c (day, status, specialty_id, n, duration_sum, lead_days_sum, cancel_timed,
        cancel_lead_seconds)
    SELECT day, status, specialty_id, sum(s), sum(s * duration_minutes), sum(s * lead), sum(s * timed), sum(s * secs)
      FROM (SELECT d.s, (d.scheduled_at AT TIME ZONE $1)::date AS day, d.status, d.specialty_id, d.duration_minutes,
                   (d.scheduled_at AT TIME ZONE $1)::date - (d.created_at AT TIME ZONE $1)::date AS lead,
                   (d.cancelled_at IS NOT NULL)::int AS timed,
                   coalesce(extract(epoch FROM d.scheduled_at - d.cancelled_at), 0) AS secs
              FROM (%s) d) x
     GROUP BY 1, 2, 3
    HAVING sum(s) <> 0 OR sum(s * duration_minutes) <> 0 OR sum(s * lead) <> 0 OR sum(s * timed) <> 0
        OR sum(s * secs) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_day_rollups_pk DO UPDATE SET n = c.n + excluded.n,
      duration_sum = c.duration_sum + excluded.duration_sum, lead_days_sum = c.lead_days_sum + excluded.lead_days_sum,
      cancel_timed = c.cancel_timed + excluded.cancel_timed,
      cancel_lead_seconds = c.cancel_lead_seconds + excluded.cancel_lead_seconds$q$, src),
  format($q$
    INSERT INTO appointment_hour_rollups AS c (day, hour, n)
    SELECT (d.scheduled_at AT TIME ZONE $1)::date, extract(hour FROM d.scheduled_at AT TIME ZONE $1)::smallint, sum(d.s)
      FROM (%s) d WHERE d.status <> 'Cancelada'
     GROUP BY 1, 2 HAVING sum(d.s) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT appointment_hour_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src),
  format($q$
    INSERT INTO appointment_geo_rollups AS c (day, zone_id, municipality_id, n)
    SELECT (d.scheduled_at AT TIME ZONE $1)::date, coalesce(p.zone_id, 0), coalesce(p.municipality_id, 0), sum(d.s)
      FROM (%s) d JOIN patients p ON p.id = d.patient_id WHERE d.status <> 'Cancelada'
     GROUP BY 1, 2, 3 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_geo_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)]
$$;
