-- Decision 042 (issue 21). Two more rollups, kept by the drain of migration 0033 (decision 041):
-- * appointment_geo_specialty_rollups: consultations (not Cancelada) per local day, the patient's zone and municipality
--   (0: none) and specialty, for Especialidades filtered by zone or municipality.
-- * oportunidad_request_rollups: the oportunidad report's population (every appointment of a specialty, first visit or
--   control, not Cancelada and not given for a day before its request) per request day, specialty, site and the
--   patient's EPS (0: none), for the total of the report's appointment list. The site is now recorded with each change.
-- A patient who moves (zone, municipality) or changes EPS takes these rows along, after a drain, before the row
-- changes. The geo upserts of the drain and of a move are one SQL builder (analytics_geo_rollups_sql). The tables every
-- clear and rebuild empties are listed once (analytics_rollups_empty). Also: appointments_consultation_patient_idx goes
-- (it served only the count used while the rollups are in another timezone, and cost every booking an index write),
-- and new patients per day are kept by static statements that skip an update which changes no created_at. The detail
-- file of the oportunidad report reads the facts of each specialty in key order (a new index), to stream any size.
CREATE TABLE "appointment_geo_specialty_rollups" (
	"day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_geo_specialty_rollups_pk" PRIMARY KEY ("zone_id","day","municipality_id","specialty_id")
);
--> statement-breakpoint
CREATE INDEX "appointment_geo_specialty_rollups_municipality_idx" ON "appointment_geo_specialty_rollups" USING btree ("municipality_id","day");
--> statement-breakpoint
CREATE TABLE "oportunidad_request_rollups" (
	"req_day" date NOT NULL,
	"specialty_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"eps_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "oportunidad_request_rollups_pk" PRIMARY KEY ("req_day","specialty_id","location_id","eps_id")
);
--> statement-breakpoint
-- The detail file reads the facts of one specialty by request day and appointment, in batches from a key.
CREATE INDEX "oportunidad_facts_specialty_req_idx" ON "oportunidad_facts" USING btree ("specialty_id","req_day","appointment_id");
--> statement-breakpoint
-- The rebuild at the end of this migration recounts what is recorded now; a recorded change has no site to give.
ALTER TABLE "appointment_changes" ADD COLUMN "location_id" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "appointment_changes" ALTER COLUMN "location_id" DROP DEFAULT;
--> statement-breakpoint
DROP INDEX "appointments_consultation_patient_idx";
--> statement-breakpoint
-- Empties every rollup of appointments (migrations 0030, 0033 and this one); the facts and visit days have their own
-- clear and rebuild (appointment_facts_clear, appointment_facts_rebuild).
CREATE FUNCTION analytics_rollups_empty() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appointment_day_rollups;
  DELETE FROM appointment_hour_rollups;
  DELETE FROM appointment_geo_rollups;
  DELETE FROM appointment_doctor_day_rollups;
  DELETE FROM appointment_geo_day_rollups;
  DELETE FROM appointment_geo_hour_rollups;
  DELETE FROM appointment_geo_specialty_rollups;
  DELETE FROM oportunidad_request_rollups;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rollups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rollups_empty();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The geo upserts for the signed rows of `src` (s, zone_id, municipality_id, specialty_id, status, scheduled_at,
-- duration_minutes, created_at, cancelled_at), each in key order; the timezone is $1. Shared by the drain (zone and
-- municipality from patients) and a patient's move (the old and the new ones).
CREATE FUNCTION analytics_geo_rollups_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
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
--> statement-breakpoint
-- The oportunidad population upsert for the signed rows of `src` (s, created_at, scheduled_at, specialty_id,
-- location_id, eps_id, status), in key order; the timezone is $1.
CREATE FUNCTION oportunidad_requests_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    INSERT INTO oportunidad_request_rollups AS c (req_day, specialty_id, location_id, eps_id, n)
    SELECT (d.created_at AT TIME ZONE $1)::date, d.specialty_id, d.location_id, d.eps_id, sum(d.s)
      FROM (%s) d
     WHERE d.status <> 'Cancelada' AND (d.scheduled_at AT TIME ZONE $1)::date >= (d.created_at AT TIME ZONE $1)::date
     GROUP BY 1, 2, 3, 4 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT oportunidad_request_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- A patient who moves takes their appointments' geo rows and visit days along; one who is deleted takes the geo rows
-- out before the cascade deletes the appointments, as in migration 0033 (whose comments hold).
CREATE OR REPLACE FUNCTION analytics_geo_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
  q text;
BEGIN
  PERFORM analytics_drain();
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL AND TG_OP = 'DELETE' THEN
    RETURN old;
  ELSIF z IS NULL THEN
    RETURN new;
  END IF;
  FOREACH q IN ARRAY analytics_geo_rollups_sql('SELECT k.s, k.zone_id, k.municipality_id, a.specialty_id, a.status,
      a.scheduled_at, a.duration_minutes, a.created_at, a.cancelled_at
    FROM appointments a
    CROSS JOIN LATERAL (SELECT $2::integer, $3::integer, -1 UNION ALL SELECT $4, $5, 1 WHERE $6) k(zone_id,
      municipality_id, s)
   WHERE a.patient_id = $7') LOOP
    EXECUTE q USING z, coalesce(old.zone_id, 0), coalesce(old.municipality_id, 0), coalesce(new.zone_id, 0),
      coalesce(new.municipality_id, 0), TG_OP = 'UPDATE', old.id;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN old;
  END IF;
  EXECUTE format($q$
    WITH moved AS (
      UPDATE patient_visit_days f SET zone_id = $2, municipality_id = $3 WHERE f.patient_id = $1
      RETURNING f.*
    ), %s$q$, patient_visit_rollups_sql($s$
      SELECT -1 AS s, day, prev_day, $4 AS zone_id FROM moved
      UNION ALL
      SELECT 1, day, prev_day, zone_id FROM moved$s$))
    USING new.id, coalesce(new.zone_id, 0), coalesce(new.municipality_id, 0), coalesce(old.zone_id, 0);
  RETURN new;
END $$;
--> statement-breakpoint
-- A patient's new EPS takes their oportunidad population along; a deleted patient takes it out before the cascade.
-- After a drain, before the row changes, as the geo move.
CREATE FUNCTION oportunidad_requests_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER patients_oportunidad_requests_moved BEFORE UPDATE OF insurance_eps_id ON patients FOR EACH ROW
  WHEN (old.insurance_eps_id IS DISTINCT FROM new.insurance_eps_id)
  EXECUTE FUNCTION oportunidad_requests_patient_moved();
--> statement-breakpoint
CREATE TRIGGER patients_oportunidad_requests_deleted BEFORE DELETE ON patients FOR EACH ROW
  EXECUTE FUNCTION oportunidad_requests_patient_moved();
--> statement-breakpoint
-- As in migration 0033, with each change's site; the drain's temporary table has a new name, so that a session which
-- drained before this migration does not reuse one without the site.
CREATE OR REPLACE FUNCTION analytics_drain() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  z text;
  n integer;
  q text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM appointment_changes) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  CREATE TEMP TABLE IF NOT EXISTS analytics_taken (LIKE appointment_changes) ON COMMIT DELETE ROWS;
  WITH taken AS (DELETE FROM appointment_changes RETURNING *)
  INSERT INTO analytics_taken SELECT * FROM taken;
  GET DIAGNOSTICS n = ROW_COUNT;
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF n > 0 AND z IS NOT NULL THEN
    FOREACH q IN ARRAY analytics_apply_sql('SELECT s, patient_id, specialty_id, doctor_id, status, scheduled_at,
        duration_minutes, created_at, cancelled_at, location_id FROM analytics_taken') LOOP
      EXECUTE q USING z;
    END LOOP;
  END IF;
  DELETE FROM analytics_taken;
  RETURN n;
END $$;
--> statement-breakpoint
-- As in migration 0033, with each change's site.
CREATE OR REPLACE FUNCTION appointment_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One line: the UPDATE branch prefixes each ', ' with the row's alias.
  cols text := 'patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at, location_id';
  changed text := '(o.patient_id, o.specialty_id, o.doctor_id, o.location_id, o.status, o.scheduled_at,
      o.duration_minutes, o.created_at, o.cancelled_at, o.desired_date, o.first_visit)
    IS DISTINCT FROM (n.patient_id, n.specialty_id, n.doctor_id, n.location_id, n.status, n.scheduled_at,
      n.duration_minutes, n.created_at, n.cancelled_at, n.desired_date, n.first_visit)';
  src text;
  rows integer;
  z text;
  q text;
BEGIN
  -- A booking's path: static statements (their plans kept).
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO rows FROM new_rows;
    IF rows <= 1000 THEN
      INSERT INTO appointment_changes (s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes,
          created_at, cancelled_at, location_id)
      SELECT 1, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at,
             location_id
        FROM new_rows;
      RETURN NULL;
    END IF;
    src := format('SELECT 1 AS s, %s FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO rows FROM old_rows;
    IF rows <= 1000 THEN
      INSERT INTO appointment_changes (s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes,
          created_at, cancelled_at, location_id)
      SELECT -1, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at,
             location_id
        FROM old_rows;
      RETURN NULL;
    END IF;
    src := format('SELECT -1 AS s, %s FROM old_rows', cols);
  ELSE
    src := format('SELECT k.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (-1, %s), (1, %s)) k(s, %s) WHERE %s',
      'o.' || replace(cols, ', ', ', o.'), 'n.' || replace(cols, ', ', ', n.'), cols, changed);
    EXECUTE format('SELECT count(*) FROM (%s) d', src) INTO rows;
    IF rows = 0 THEN
      RETURN NULL;
    ELSIF rows <= 1000 THEN
      EXECUTE format('INSERT INTO appointment_changes (s, %s) SELECT * FROM (%s) d', cols, src);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NOT NULL THEN
    FOREACH q IN ARRAY analytics_apply_sql(src) LOOP
      EXECUTE q USING z;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As in migration 0033, with each appointment's site and the tables listed once.
CREATE OR REPLACE FUNCTION analytics_rollups_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q text;
  src text := 'SELECT 1 AS s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at,
      cancelled_at, location_id FROM appointments';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  INSERT INTO analytics_rollup_settings (id, tz) VALUES (1, z) ON CONFLICT (id) DO UPDATE SET tz = excluded.tz;
  DELETE FROM appointment_changes;
  PERFORM analytics_rollups_empty();
  DELETE FROM patient_created_day_rollups;
  INSERT INTO patient_created_day_rollups (day, n)
  SELECT (created_at AT TIME ZONE z)::date, count(*) FROM patients GROUP BY 1 ORDER BY 1;
  FOREACH q IN ARRAY analytics_rollups_sql(src) || analytics_more_rollups_sql(src) LOOP
    EXECUTE q USING z;
  END LOOP;
  PERFORM appointment_facts_rebuild(z);
END $$;
--> statement-breakpoint
-- New patients per day: static statements (plans kept); an update that changes no created_at (every update of a
-- patient's record) does nothing.
CREATE OR REPLACE FUNCTION patient_created_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  -- (Nested: a condition that names old_rows can not even be planned in an INSERT's trigger.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                    WHERE o.created_at IS DISTINCT FROM n.created_at) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT (created_at AT TIME ZONE z)::date, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT (created_at AT TIME ZONE z)::date, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT day, sum(s) FROM (
      SELECT 1 AS s, (created_at AT TIME ZONE z)::date AS day FROM new_rows
      UNION ALL
      SELECT -1, (created_at AT TIME ZONE z)::date FROM old_rows) d
     GROUP BY 1 HAVING sum(s) <> 0 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The backfill, in the rollups' timezone.
SELECT analytics_rollups_rebuild(tz) FROM analytics_rollup_settings WHERE id = 1;
