-- Decision 039. Rollups of appointments for Análisis (issue 21), kept exact by statement-level triggers in the
-- booking's own transaction: one aggregated delta per statement (transition tables), upserted in key order, tables
-- always in the same order (patients' row locks, then day, hour and geo rollups), so two writers never take the same
-- rows in opposite orders within a statement. Days are local days of the timezone in analytics_rollup_settings; the
-- API reads the rollups only while the organisation's timezone equals it (else it counts from appointments), and
-- analytics_rollups_rebuild(tz) recounts everything (this migration, bulk loads with triggers off, a new timezone).
CREATE TABLE "analytics_rollup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tz" text NOT NULL,
	CONSTRAINT "analytics_rollup_settings_one" CHECK ("id" = 1)
);
--> statement-breakpoint
-- Per local day (of scheduled_at), status and specialty: count, Σ duration, Σ days from request to appointment,
-- and for cancellations with a time the count and Σ seconds between cancellation and appointment.
CREATE TABLE "appointment_day_rollups" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"specialty_id" integer NOT NULL,
	"n" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"lead_days_sum" bigint NOT NULL,
	"cancel_timed" integer NOT NULL,
	"cancel_lead_seconds" numeric NOT NULL,
	CONSTRAINT "appointment_day_rollups_pk" PRIMARY KEY ("day","status","specialty_id")
);
--> statement-breakpoint
-- Consultations (not Cancelada) per local day and local hour.
CREATE TABLE "appointment_hour_rollups" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_hour_rollups_pk" PRIMARY KEY ("day","hour")
);
--> statement-breakpoint
-- Consultations (not Cancelada) per local day and the patient's zone and municipality (0: none).
CREATE TABLE "appointment_geo_rollups" (
	"day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"municipality_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_geo_rollups_pk" PRIMARY KEY ("day","zone_id","municipality_id")
);
--> statement-breakpoint
CREATE INDEX "appointment_geo_rollups_zone_idx" ON "appointment_geo_rollups" USING btree ("zone_id","day");
--> statement-breakpoint
CREATE INDEX "appointment_geo_rollups_municipality_idx" ON "appointment_geo_rollups" USING btree ("municipality_id","day");
--> statement-breakpoint
-- Distinct patients of a window cannot be summed from counts: an index-only scan of this index serves them. Its
-- predicate names duration_minutes (always > 0: appointments_duration_check), which only that query repeats, so the
-- period reads by time and status keep appointments_scheduled_status_idx (appointments/period-reads-index.test.ts).
CREATE INDEX "appointments_consultation_patient_idx" ON "appointments" USING btree ("scheduled_at","patient_id")
  WHERE "status" <> 'Cancelada' AND "duration_minutes" > 0;
--> statement-breakpoint
-- The contribution of a set of appointments, each with a sign s (+1 added, -1 removed), given as the SQL `src` of
-- their rows: the three upserts (the timezone is $1), each in key order, shared by the trigger (which runs them itself:
-- transition tables are visible only there) and the rebuild (over appointments).
CREATE FUNCTION analytics_rollups_sql(src text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
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
--> statement-breakpoint
CREATE FUNCTION analytics_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
  src text;
  q text;
  cols text := 'patient_id, specialty_id, status, scheduled_at, duration_minutes, created_at, cancelled_at';
BEGIN
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT 1 AS s, %s FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT -1 AS s, %s FROM old_rows', cols);
  ELSE
    src := format('SELECT 1 AS s, %1$s FROM new_rows UNION ALL SELECT -1, %1$s FROM old_rows', cols);
  END IF;
  -- The patients' zone and municipality may not change under us (their update moves the geo rows, below).
  EXECUTE format('SELECT 1 FROM patients WHERE id IN (SELECT patient_id FROM (%s) d) ORDER BY id FOR SHARE', src);
  FOREACH q IN ARRAY analytics_rollups_sql(src) LOOP
    EXECUTE q USING z;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_rollups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appointment_day_rollups;
  DELETE FROM appointment_hour_rollups;
  DELETE FROM appointment_geo_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A patient who moves takes the consultations along; one who is deleted takes them out (before the cascade deletes the
-- appointments, whose trigger then no longer finds the patient and leaves the geo rows alone).
CREATE FUNCTION analytics_rollups_patient_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  SELECT tz INTO z FROM analytics_rollup_settings WHERE id = 1;
  IF z IS NULL THEN
    RETURN NULL;
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
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts everything in timezone z: for this migration, bulk loads with triggers off, and a new organisation timezone.
CREATE FUNCTION analytics_rollups_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  q text;
BEGIN
  INSERT INTO analytics_rollup_settings (id, tz) VALUES (1, z) ON CONFLICT (id) DO UPDATE SET tz = excluded.tz;
  DELETE FROM appointment_day_rollups;
  DELETE FROM appointment_hour_rollups;
  DELETE FROM appointment_geo_rollups;
  FOREACH q IN ARRAY analytics_rollups_sql('SELECT 1 AS s, patient_id, specialty_id, status, scheduled_at,
      duration_minutes, created_at, cancelled_at FROM appointments') LOOP
    EXECUTE q USING z;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_rollups_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER appointments_rollups_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER appointments_rollups_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER appointments_rollups_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollups_clear();
--> statement-breakpoint
CREATE TRIGGER patients_rollups_moved AFTER UPDATE OF zone_id, municipality_id ON patients FOR EACH ROW
  WHEN (old.zone_id IS DISTINCT FROM new.zone_id OR old.municipality_id IS DISTINCT FROM new.municipality_id)
  EXECUTE FUNCTION analytics_rollups_patient_moved();
--> statement-breakpoint
CREATE TRIGGER patients_rollups_deleted BEFORE DELETE ON patients FOR EACH ROW
  EXECUTE FUNCTION analytics_rollups_patient_moved();
--> statement-breakpoint
-- The backfill, in the organisation's timezone when one is stored, else the default one.
SELECT analytics_rollups_rebuild(coalesce(
  (SELECT value #>> '{}' FROM settings
    WHERE key = 'org_timezone' AND value #>> '{}' IN (SELECT name FROM pg_timezone_names)), 'America/Bogota'));
