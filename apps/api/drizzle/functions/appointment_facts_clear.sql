-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
CREATE OR REPLACE FUNCTION appointment_facts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appointment_changes;
  DELETE FROM oportunidad_facts;
  DELETE FROM oportunidad_day_rollups;
  DELETE FROM patient_visit_days;
  DELETE FROM patient_visit_day_rollups;
  DELETE FROM patient_visit_day_zone_rollups;
  RETURN NULL;
END $$;
