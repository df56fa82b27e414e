-- Decision 041. Facts of appointments for Análisis, Métricas and the Res. 256 "oportunidad" indicators, in the timezone
-- of analytics_rollup_settings (decision 039), and a new way to keep every rollup:
-- * Bookings no longer update rollups: a trigger records each changed row's values with a sign in appointment_changes,
--   and analytics_drain() applies them (every read drains first; the API drains every minute; a bulk statement at once).
-- * oportunidad_facts: one row per appointment the indicators count (not Cancelada, a first-time visit — the stored
--   correction, else the first non-cancelled appointment of its patient in its specialty in its local calendar year,
--   ties by id — and not given for a day before its request), with its request, assigned and desired days, the
--   working days between request and assigned day (holidays table), its site and the patient's EPS (0: none);
--   oportunidad_day_rollups: their sums per request day, specialty, site and EPS. The drain recomputes every
--   (patient, specialty, year) recorded from the committed appointments, one drain at a time, so two bookings of the
--   same patient can not both become the first. A patient's new EPS moves their facts; a holiday recomputes the
--   working days across it.
-- * 'Pacientes únicos': patient_visit_days holds each patient's local days with a consultation (an appointment not
--   Cancelada), the day of the consultation before ('-infinity': none) and the patient's zone; patient_visit_day_rollups
--   (and per zone) count them per (day, prev_day). The distinct patients of days [F, T] are the visit days in [F, T]
--   whose previous one is before F: each patient's first in the window, one per patient.
-- * Métricas' doctors (appointment_doctor_day_rollups), the zone and municipality filters (appointment_geo_day_rollups,
--   appointment_geo_hour_rollups) and new patients per day (patient_created_day_rollups).
CREATE TABLE "oportunidad_facts" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"eps_id" integer NOT NULL,
	"req_day" date NOT NULL,
	"given_day" date NOT NULL,
	"desired_date" date,
	"working_days" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oportunidad_facts_group_idx" ON "oportunidad_facts" USING btree ("patient_id","specialty_id","given_day");
--> statement-breakpoint
CREATE INDEX "oportunidad_facts_req_idx" ON "oportunidad_facts" USING btree ("req_day");
--> statement-breakpoint
CREATE TABLE "oportunidad_day_rollups" (
	"req_day" date NOT NULL,
	"specialty_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"eps_id" integer NOT NULL,
	"n" integer NOT NULL,
	"lag_sum" bigint NOT NULL,
	"n_desired" integer NOT NULL,
	"desired_lag_sum" bigint NOT NULL,
	"working_days_sum" bigint NOT NULL,
	CONSTRAINT "oportunidad_day_rollups_pk" PRIMARY KEY ("req_day","specialty_id","location_id","eps_id")
);
--> statement-breakpoint
-- Working days (Monday–Friday, not a holiday) after day a up to day b included.
CREATE FUNCTION oportunidad_working_days(a date, b date) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM generate_series(a + 1, b, interval '1 day') d
   WHERE extract(isodow FROM d) < 6 AND NOT EXISTS (SELECT 1 FROM holidays h WHERE h.date = d::date)
$$;
--> statement-breakpoint
-- Adds the signed facts of `src` (rows of oportunidad_facts with a sign s) to the rollups, in key order.
CREATE FUNCTION oportunidad_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
--> statement-breakpoint
-- The facts the appointments of `src` (rows with patient_id, specialty_id, scheduled_at) call for: every appointment of
-- their (patient, specialty, local year) groups is re-decided, the facts that no longer hold deleted, the new or
-- changed ones written, and the difference added to the rollups, all in one statement. The timezone is $1.
CREATE FUNCTION oportunidad_facts_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
--> statement-breakpoint
-- Each patient's local days with a consultation, the one before ('-infinity': none), and the patient's zone and
-- municipality (0: none).
CREATE TABLE "patient_visit_days" (
	"patient_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	CONSTRAINT "patient_visit_days_pk" PRIMARY KEY ("patient_id","day")
);
--> statement-breakpoint
CREATE INDEX "patient_visit_days_municipality_idx" ON "patient_visit_days" USING btree ("municipality_id","day");
--> statement-breakpoint
CREATE TABLE "patient_visit_day_rollups" (
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "patient_visit_day_rollups_pk" PRIMARY KEY ("day","prev_day")
);
--> statement-breakpoint
CREATE TABLE "patient_visit_day_zone_rollups" (
	"zone_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "patient_visit_day_zone_rollups_pk" PRIMARY KEY ("zone_id","day","prev_day")
);
--> statement-breakpoint
-- Adds the signed visit days of `src` (rows with s, day, prev_day, zone_id) to both rollups, in key order: the SQL of
-- two statements, the first a CTE named visit_all (to prefix the second with WITH … ,).
CREATE FUNCTION patient_visit_rollups_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    visit_all AS (
      INSERT INTO patient_visit_day_rollups AS c (day, prev_day, n)
      SELECT day, prev_day, sum(s) FROM (%1$s) d GROUP BY 1, 2 HAVING sum(s) <> 0 ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT patient_visit_day_rollups_pk DO UPDATE SET n = c.n + excluded.n
      RETURNING 1
    )
    INSERT INTO patient_visit_day_zone_rollups AS c (zone_id, day, prev_day, n)
    SELECT zone_id, day, prev_day, sum(s) FROM (%1$s) d GROUP BY 1, 2, 3 HAVING sum(s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT patient_visit_day_zone_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)
$$;
--> statement-breakpoint
-- The visit days of the patients of `src` (rows with patient_id), recomputed whole, written where they changed, and the
-- difference added to the rollups, in one statement. The timezone is $1.
CREATE FUNCTION patient_visit_days_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH g AS (
      SELECT DISTINCT patient_id FROM (%s) d
    ), want AS (
      SELECT v.patient_id, v.day,
             coalesce(lag(v.day) OVER (PARTITION BY v.patient_id ORDER BY v.day), '-infinity'::date) AS prev_day,
             coalesce(p.zone_id, 0) AS zone_id, coalesce(p.municipality_id, 0) AS municipality_id
        FROM (SELECT DISTINCT a.patient_id, (a.scheduled_at AT TIME ZONE $1)::date AS day
                FROM g JOIN appointments a ON a.patient_id = g.patient_id WHERE a.status <> 'Cancelada') v
        JOIN patients p ON p.id = v.patient_id
    ), gone AS (
      DELETE FROM patient_visit_days f USING g
       WHERE f.patient_id = g.patient_id
         AND NOT EXISTS (SELECT 1 FROM want WHERE want.patient_id = f.patient_id AND want.day = f.day)
      RETURNING f.*
    ), prev AS (
      SELECT f.* FROM patient_visit_days f JOIN want ON want.patient_id = f.patient_id AND want.day = f.day
    ), put AS (
      INSERT INTO patient_visit_days AS f (patient_id, day, prev_day, zone_id, municipality_id)
      SELECT patient_id, day, prev_day, zone_id, municipality_id FROM want ORDER BY 1, 2
      ON CONFLICT ON CONSTRAINT patient_visit_days_pk DO UPDATE SET prev_day = excluded.prev_day,
        zone_id = excluded.zone_id, municipality_id = excluded.municipality_id
       WHERE (f.prev_day, f.zone_id, f.municipality_id)
         IS DISTINCT FROM (excluded.prev_day, excluded.zone_id, excluded.municipality_id)
      RETURNING f.*
    ), %s$q$, src, patient_visit_rollups_sql($s$
        SELECT 1 AS s, day, prev_day, zone_id FROM put
        UNION ALL
        SELECT -1, prev.day, prev.prev_day, prev.zone_id FROM prev JOIN put USING (patient_id, day)
        UNION ALL
        SELECT -1, day, prev_day, zone_id FROM gone$s$))
$$;
--> statement-breakpoint
-- Patients per local day of registration (Métricas' new patients), kept by a statement trigger on patients.
CREATE TABLE "patient_created_day_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION patient_created_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
  src text;
BEGIN
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    src := 'SELECT 1 AS s, created_at FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'SELECT -1 AS s, created_at FROM old_rows';
  ELSE
    src := 'SELECT 1 AS s, created_at FROM new_rows UNION ALL SELECT -1, created_at FROM old_rows';
  END IF;
  EXECUTE format($q$
    INSERT INTO patient_created_day_rollups AS c (day, n)
    SELECT (created_at AT TIME ZONE $1)::date, sum(s) FROM (%s) d GROUP BY 1 HAVING sum(s) <> 0 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET n = c.n + excluded.n$q$, src) USING z;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_created_rollups_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_created_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER patients_created_rollups_update AFTER UPDATE ON patients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_created_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER patients_created_rollups_delete AFTER DELETE ON patients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_created_rollups_apply();
--> statement-breakpoint
CREATE FUNCTION patient_created_rollups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_created_day_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_created_rollups_truncate AFTER TRUNCATE ON patients
  FOR EACH STATEMENT EXECUTE FUNCTION patient_created_rollups_clear();
--> statement-breakpoint
-- Per local day, the patient's zone and municipality (0: none) and status: the measures of appointment_day_rollups
-- (migration 0030), for Análisis filtered by zone or municipality; and consultations per local hour the same way.
CREATE TABLE "appointment_geo_day_rollups" (
	"day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"lead_days_sum" bigint NOT NULL,
	"cancel_timed" integer NOT NULL,
	"cancel_lead_seconds" numeric NOT NULL,
	CONSTRAINT "appointment_geo_day_rollups_pk" PRIMARY KEY ("zone_id","day","municipality_id","status")
);
--> statement-breakpoint
CREATE INDEX "appointment_geo_day_rollups_municipality_idx" ON "appointment_geo_day_rollups" USING btree ("municipality_id","day");
--> statement-breakpoint
CREATE TABLE "appointment_geo_hour_rollups" (
	"day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"hour" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_geo_hour_rollups_pk" PRIMARY KEY ("zone_id","day","municipality_id","hour")
);
--> statement-breakpoint
CREATE INDEX "appointment_geo_hour_rollups_municipality_idx" ON "appointment_geo_hour_rollups" USING btree ("municipality_id","day");
--> statement-breakpoint
-- A change to appointments is only recorded (decision 041): appointment_changes holds each changed row's values with a
-- sign (+1 new, -1 old), and analytics_drain() applies them to every rollup and fact (in key order, one drain at a
-- time) and empties it. Every read of the rollups drains first, so it counts every committed change; the API drains
-- every minute; a statement of more than 1,000 rows (a bulk load) drains at once. A booking pays for one insert and
-- never waits on another booking's rollup rows.
-- No key and no index: a booking's record is one heap insert; a drain takes the whole table.
CREATE TABLE "appointment_changes" (
	"s" smallint NOT NULL,
	"patient_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE FUNCTION appointment_facts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appointment_changes;
  DELETE FROM oportunidad_facts;
  DELETE FROM oportunidad_day_rollups;
  DELETE FROM patient_visit_days;
  DELETE FROM patient_visit_day_rollups;
  DELETE FROM patient_visit_day_zone_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A patient's new EPS takes their counted first visits along.
CREATE FUNCTION oportunidad_patient_eps() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- A holiday added, moved or removed changes the working days of every fact whose interval (request, assigned] holds it.
CREATE FUNCTION oportunidad_holidays_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := 'SELECT date FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'SELECT date FROM old_rows';
  ELSE
    src := 'SELECT date FROM new_rows WHERE date NOT IN (SELECT date FROM old_rows)
      UNION SELECT date FROM old_rows WHERE date NOT IN (SELECT date FROM new_rows)';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  EXECUTE format($q$
    WITH ch AS (
      SELECT * FROM (
        SELECT f.*, oportunidad_working_days(f.req_day, f.given_day) AS after FROM oportunidad_facts f
         WHERE EXISTS (SELECT 1 FROM (%s) h WHERE h.date > f.req_day AND h.date <= f.given_day)) m
       WHERE working_days <> after
    ), upd AS (
      UPDATE oportunidad_facts f SET working_days = ch.after FROM ch WHERE f.appointment_id = ch.appointment_id
      RETURNING f.*
    )
    %s$q$, src, oportunidad_rollups_sql($s$
      SELECT -1 AS s, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM ch
      UNION ALL
      SELECT 1, req_day, specialty_id, location_id, eps_id, given_day, desired_date, working_days FROM upd$s$));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts the oportunidad facts, the visit days and their rollups in timezone z, from appointments in one pass.
CREATE FUNCTION appointment_facts_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM oportunidad_facts;
  DELETE FROM oportunidad_day_rollups;
  DELETE FROM patient_visit_days;
  DELETE FROM patient_visit_day_rollups;
  DELETE FROM patient_visit_day_zone_rollups;
  EXECUTE oportunidad_facts_sql('SELECT patient_id, specialty_id, scheduled_at FROM appointments') USING z;
  EXECUTE patient_visit_days_sql('SELECT patient_id FROM appointments') USING z;
END $$;
--> statement-breakpoint
-- The zone-filtered Análisis counts the last two days from appointments joined to the zone's patients: an index-only
-- scan of (zone_id, id) gives their ids without visiting the patients' rows.
DROP INDEX "patients_zone_idx";
--> statement-breakpoint
CREATE INDEX "patients_zone_idx" ON "patients" USING btree ("zone_id","id");
--> statement-breakpoint
-- Appointments per local day, doctor and status (Métricas' doctors), kept with the Análisis rollups of migration 0030.
CREATE TABLE "appointment_doctor_day_rollups" (
	"day" date NOT NULL,
	"doctor_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_doctor_day_rollups_pk" PRIMARY KEY ("day","doctor_id","status")
);
--> statement-breakpoint
-- The doctor and geo upserts of the Análisis trigger, after migration 0030's three (same `src`, same $1, key order).
CREATE FUNCTION analytics_more_rollups_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[format($q$
    INSERT INTO appointment_doctor_day_rollups AS c (day, doctor_id, status, n)
    SELECT (d.scheduled_at AT TIME ZONE $1)::date, d.doctor_id, d.status, sum(d.s) FROM (%s) d
     GROUP BY 1, 2, 3 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_doctor_day_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src),
  format($q$
    INSERT INTO appointment_geo_day_rollups AS c (zone_id, day, municipality_id, status, n, duration_sum, lead_days_sum,
        cancel_timed, cancel_lead_seconds)
    SELECT zone_id, day, municipality_id, status, sum(s), sum(s * duration_minutes), sum(s * lead), sum(s * timed),
           sum(s * secs)
      FROM (SELECT d.s, coalesce(p.zone_id, 0) AS zone_id, (d.scheduled_at AT TIME ZONE $1)::date AS day,
                   coalesce(p.municipality_id, 0) AS municipality_id, d.status, d.duration_minutes,
                   (d.scheduled_at AT TIME ZONE $1)::date - (d.created_at AT TIME ZONE $1)::date AS lead,
                   (d.cancelled_at IS NOT NULL)::int AS timed,
                   coalesce(extract(epoch FROM d.scheduled_at - d.cancelled_at), 0) AS secs
              FROM (%s) d JOIN patients p ON p.id = d.patient_id) x
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
    SELECT coalesce(p.zone_id, 0), (d.scheduled_at AT TIME ZONE $1)::date, coalesce(p.municipality_id, 0),
           extract(hour FROM d.scheduled_at AT TIME ZONE $1)::smallint, sum(d.s)
      FROM (%s) d JOIN patients p ON p.id = d.patient_id WHERE d.status <> 'Cancelada'
     GROUP BY 1, 2, 3, 4 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT appointment_geo_hour_rollups_pk DO UPDATE SET n = c.n + excluded.n$q$, src)]
$$;
--> statement-breakpoint
-- A patient who moves takes their appointments' geo rows and visit days along; one who is deleted takes the geo rows
-- out before the cascade deletes the appointments (whose changes then find no patient for them), as in migration 0030.
-- The visit days of a deleted patient leave with the cascade (they carry their zone). Both run before the patient's
-- row changes, after applying the recorded changes, which a drain reads with the patient's zone of that moment.
CREATE FUNCTION analytics_geo_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  -- Before the row changes: the recorded changes are applied with the zone they had, then moved.
  PERFORM analytics_drain();
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL AND TG_OP = 'DELETE' THEN
    RETURN old;
  ELSIF z IS NULL THEN
    RETURN new;
  END IF;
  INSERT INTO appointment_geo_day_rollups AS c (zone_id, day, municipality_id, status, n, duration_sum, lead_days_sum,
      cancel_timed, cancel_lead_seconds)
  SELECT k.zone_id, (a.scheduled_at AT TIME ZONE z)::date, k.municipality_id, a.status, sum(k.s),
         sum(k.s * a.duration_minutes),
         sum(k.s * ((a.scheduled_at AT TIME ZONE z)::date - (a.created_at AT TIME ZONE z)::date)),
         sum(k.s * (a.cancelled_at IS NOT NULL)::int),
         sum(k.s * coalesce(extract(epoch FROM a.scheduled_at - a.cancelled_at), 0))
    FROM appointments a
    CROSS JOIN LATERAL (
      SELECT coalesce(old.zone_id, 0), coalesce(old.municipality_id, 0), -1
      UNION ALL
      SELECT coalesce(new.zone_id, 0), coalesce(new.municipality_id, 0), 1 WHERE TG_OP = 'UPDATE'
    ) k(zone_id, municipality_id, s)
   WHERE a.patient_id = old.id
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT appointment_geo_day_rollups_pk DO UPDATE SET n = c.n + excluded.n,
    duration_sum = c.duration_sum + excluded.duration_sum, lead_days_sum = c.lead_days_sum + excluded.lead_days_sum,
    cancel_timed = c.cancel_timed + excluded.cancel_timed,
    cancel_lead_seconds = c.cancel_lead_seconds + excluded.cancel_lead_seconds;
  INSERT INTO appointment_geo_hour_rollups AS c (zone_id, day, municipality_id, hour, n)
  SELECT k.zone_id, (a.scheduled_at AT TIME ZONE z)::date, k.municipality_id,
         extract(hour FROM a.scheduled_at AT TIME ZONE z)::smallint, sum(k.s)
    FROM appointments a
    CROSS JOIN LATERAL (
      SELECT coalesce(old.zone_id, 0), coalesce(old.municipality_id, 0), -1
      UNION ALL
      SELECT coalesce(new.zone_id, 0), coalesce(new.municipality_id, 0), 1 WHERE TG_OP = 'UPDATE'
    ) k(zone_id, municipality_id, s)
   WHERE a.patient_id = old.id AND a.status <> 'Cancelada'
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT appointment_geo_hour_rollups_pk DO UPDATE SET n = c.n + excluded.n;
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
CREATE TRIGGER patients_geo_moved BEFORE UPDATE OF zone_id, municipality_id ON patients FOR EACH ROW
  WHEN (old.zone_id IS DISTINCT FROM new.zone_id OR old.municipality_id IS DISTINCT FROM new.municipality_id)
  EXECUTE FUNCTION analytics_geo_patient_moved();
--> statement-breakpoint
CREATE TRIGGER patients_geo_deleted BEFORE DELETE ON patients FOR EACH ROW
  EXECUTE FUNCTION analytics_geo_patient_moved();
--> statement-breakpoint
-- Applies and empties the recorded changes (see appointment_changes), one drain at a time: a global advisory lock,
-- which the triggers on patients (zone, EPS) and holidays take too, so what they move is what the drains applied.
-- Returns how many changes it applied.
-- Every statement that applies signed changes (rows of `src` with s and the counted columns) to the rollups and facts,
-- in the order they run (the timezone is $1): 039's upserts, the doctor and geo upserts, the facts' recomputation.
CREATE FUNCTION analytics_apply_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT analytics_rollups_sql(src) || analytics_more_rollups_sql(src)
    || ARRAY[oportunidad_facts_sql(src), patient_visit_days_sql(src)]
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_drain() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  z text;
  n integer;
  q text;
BEGIN
  -- Nothing recorded and committed: nothing to wait for (a drain in progress still shows the rows it takes).
  IF NOT EXISTS (SELECT 1 FROM appointment_changes) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  -- What is committed now is taken (deleted) and applied; what commits meanwhile waits for the next drain.
  CREATE TEMP TABLE IF NOT EXISTS analytics_drained (LIKE appointment_changes) ON COMMIT DELETE ROWS;
  WITH taken AS (DELETE FROM appointment_changes RETURNING *)
  INSERT INTO analytics_drained SELECT * FROM taken;
  GET DIAGNOSTICS n = ROW_COUNT;
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF n > 0 AND z IS NOT NULL THEN
    FOREACH q IN ARRAY analytics_apply_sql('SELECT s, patient_id, specialty_id, doctor_id, status, scheduled_at,
        duration_minutes, created_at, cancelled_at FROM analytics_drained') LOOP
      EXECUTE q USING z;
    END LOOP;
  END IF;
  DELETE FROM analytics_drained;
  RETURN n;
END $$;
--> statement-breakpoint
-- Records a statement's changes; a statement of more than 1,000 changed rows (a bulk load) applies them itself, from
-- its transition tables (visible only here), under the drain's lock.
CREATE FUNCTION appointment_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at';
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
          created_at, cancelled_at)
      SELECT 1, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at
        FROM new_rows;
      RETURN NULL;
    END IF;
    src := format('SELECT 1 AS s, %s FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO rows FROM old_rows;
    IF rows <= 1000 THEN
      INSERT INTO appointment_changes (s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes,
          created_at, cancelled_at)
      SELECT -1, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at, cancelled_at
        FROM old_rows;
      RETURN NULL;
    END IF;
    src := format('SELECT -1 AS s, %s FROM old_rows', cols);
  ELSE
    -- Only the rows whose counted columns changed (a trigger with transition tables takes no column list): the old
    -- values out, the new in.
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
-- Migration 0030's row triggers on patients move what the rollups hold: now before the row changes, after applying
-- the recorded changes (with the zone they had).
CREATE OR REPLACE FUNCTION analytics_rollups_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  PERFORM analytics_drain();
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL AND TG_OP = 'DELETE' THEN
    RETURN old;
  ELSIF z IS NULL THEN
    RETURN new;
  END IF;
  INSERT INTO appointment_geo_rollups AS c (day, zone_id, municipality_id, n)
  SELECT day, zone_id, municipality_id, sum(s)
    FROM (SELECT (a.scheduled_at AT TIME ZONE z)::date AS day, k.zone_id, k.municipality_id, k.s
            FROM appointments a
            CROSS JOIN LATERAL (
              SELECT coalesce(old.zone_id, 0), coalesce(old.municipality_id, 0), -1
              UNION ALL
              SELECT coalesce(new.zone_id, 0), coalesce(new.municipality_id, 0), 1 WHERE TG_OP = 'UPDATE'
            ) k(zone_id, municipality_id, s)
           WHERE a.patient_id = old.id AND a.status <> 'Cancelada') x
   GROUP BY 1, 2, 3 HAVING sum(s) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT appointment_geo_rollups_pk DO UPDATE SET n = c.n + excluded.n;
  IF TG_OP = 'DELETE' THEN
    RETURN old;
  END IF;
  RETURN new;
END $$;
--> statement-breakpoint
DROP TRIGGER patients_rollups_moved ON patients;
--> statement-breakpoint
CREATE TRIGGER patients_rollups_moved BEFORE UPDATE OF zone_id, municipality_id ON patients FOR EACH ROW
  WHEN (old.zone_id IS DISTINCT FROM new.zone_id OR old.municipality_id IS DISTINCT FROM new.municipality_id)
  EXECUTE FUNCTION analytics_rollups_patient_moved();
--> statement-breakpoint
DROP TRIGGER appointments_rollups_insert ON appointments;
--> statement-breakpoint
DROP TRIGGER appointments_rollups_update ON appointments;
--> statement-breakpoint
DROP TRIGGER appointments_rollups_delete ON appointments;
--> statement-breakpoint
DROP FUNCTION analytics_rollups_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rollups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appointment_day_rollups;
  DELETE FROM appointment_hour_rollups;
  DELETE FROM appointment_geo_rollups;
  DELETE FROM appointment_doctor_day_rollups;
  DELETE FROM appointment_geo_day_rollups;
  DELETE FROM appointment_geo_hour_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts every rollup and fact in timezone z (the recorded changes are dropped: the recount has them).
CREATE OR REPLACE FUNCTION analytics_rollups_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q text;
  src text := 'SELECT 1 AS s, patient_id, specialty_id, doctor_id, status, scheduled_at, duration_minutes, created_at,
      cancelled_at FROM appointments';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics-drain', 0));
  INSERT INTO analytics_rollup_settings (id, tz) VALUES (1, z) ON CONFLICT (id) DO UPDATE SET tz = excluded.tz;
  DELETE FROM appointment_changes;
  DELETE FROM appointment_day_rollups;
  DELETE FROM appointment_hour_rollups;
  DELETE FROM appointment_geo_rollups;
  DELETE FROM appointment_doctor_day_rollups;
  DELETE FROM appointment_geo_day_rollups;
  DELETE FROM appointment_geo_hour_rollups;
  DELETE FROM patient_created_day_rollups;
  INSERT INTO patient_created_day_rollups (day, n)
  SELECT (created_at AT TIME ZONE z)::date, count(*) FROM patients GROUP BY 1 ORDER BY 1;
  FOREACH q IN ARRAY analytics_rollups_sql(src) || analytics_more_rollups_sql(src) LOOP
    EXECUTE q USING z;
  END LOOP;
  PERFORM appointment_facts_rebuild(z);
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_changes_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_changes_record();
--> statement-breakpoint
CREATE TRIGGER appointments_changes_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_changes_record();
--> statement-breakpoint
CREATE TRIGGER appointments_changes_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_changes_record();
--> statement-breakpoint
CREATE TRIGGER appointments_facts_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_facts_clear();
--> statement-breakpoint
CREATE TRIGGER patients_oportunidad_eps AFTER UPDATE OF insurance_eps_id ON patients FOR EACH ROW
  WHEN (old.insurance_eps_id IS DISTINCT FROM new.insurance_eps_id) EXECUTE FUNCTION oportunidad_patient_eps();
--> statement-breakpoint
CREATE TRIGGER holidays_oportunidad_insert AFTER INSERT ON holidays
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oportunidad_holidays_changed();
--> statement-breakpoint
CREATE TRIGGER holidays_oportunidad_update AFTER UPDATE ON holidays
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oportunidad_holidays_changed();
--> statement-breakpoint
CREATE TRIGGER holidays_oportunidad_delete AFTER DELETE ON holidays
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oportunidad_holidays_changed();
--> statement-breakpoint
-- The backfill, in the rollups' timezone.
SELECT analytics_rollups_rebuild(tz) FROM analytics_rollup_settings WHERE id = 1;
