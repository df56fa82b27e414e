-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- The geo upserts for the signed rows of `src` (s, zone_id, municipality_id, specialty_id, status, scheduled_at,
-- duration_minutes, created_at, cancelled_at), each in key order; the timezone is $1. Shared by the drain (zone and
-- municipality from patients) and a patient's move (the old and the new ones).
CREATE OR REPLACE FUNCTION analytics_geo_rollups_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[format($q$
    INSERT INTO appointment_geo_day_rollups AS c (zone_id, day, municipality_id, status, n, duration_sum, lead_days_sum,
        cancel_timed, cancel_lead_seconds)
    SELECT zone_id, day, municipality_id, status, sum(s), sum(s * duration_minutes), sum(s * lead), sum(s * timed),
           sum(s * secs)
      FROM (SELECT d.s, d.zone_id, (d.scheduled_at AT TIME ZONE $1)::date AS day, d.municipality_id, d.status,
                   d.duration_minutes,
                   (d.scheduled_at AT TIME ZONE $1)::date - (d.created_at AT TIME ZONE $1)::date AS lead,
                   (d.cancelled_at IS NOT NULL)::int AS timed,
                   coalesce(extract(epoch FROM d.scheduled_at - d.cancelled_at), 0) AS secs
              FROM (%1$s) d) x
     GROUP BY 1, 2, 3, 4
    HAVING sum(s) <> 0 OR sum(s * duration_minutes) <> 0 OR sum(s * lead) <> 0 OR sum(s * timed) <> 0
        OR sum(s * secs) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT appointment_geo_day_rollups_pk DO UPDATE SET n = c.n + excluded.n,
      duration_sum = c.duration_sum + excluded.duration_sum, lead_days_sum = c.lead_days_sum + excluded.lead_days_sum,
      cancel_timed = c.cancel_timed + excluded.cancel_timed,
      cancel_lead_seconds = c.cancel_lead_seconds + excluded.cancel_lead_seconds$q$, src),
  format($q$
    INSERT INTO appointment_geo_hour_rollups AS c (zone_id, day, municipality_id, hour, n)
    SELECT d.zone_id, (d.scheduled_at AT TIME ZONE $1)::date, d.municipality_id,
           extract(hour FROM d.scheduled_at AT TIME ZONE $1)::smallint, sum(d.s)
      FROM (%1$s) d WHERE d.status <> 'Cancelada'
     GROUP BY 1, 2, 3, 4 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT appointment_geo_hour_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src),
  format($q$
    INSERT INTO appointment_geo_specialty_rollups AS c (zone_id, day, municipality_id, specialty_id, n)
    SELECT d.zone_id, (d.scheduled_at AT TIME ZONE $1)::date, d.municipality_id, d.specialty_id, sum(d.s)
      FROM (%1$s) d WHERE d.status <> 'Cancelada'
     GROUP BY 1, 2, 3, 4 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT appointment_geo_specialty_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)]
$$;
