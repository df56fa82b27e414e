-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
-- Recounts the oportunidad facts, the visit days and their rollups in timezone z, from appointments in one pass.
CREATE OR REPLACE FUNCTION appointment_facts_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM oportunidad_facts;
  DELETE FROM oportunidad_day_rollups;
  DELETE FROM patient_visit_days;
  DELETE FROM patient_visit_day_rollups;
  DELETE FROM patient_visit_day_zone_rollups;
  EXECUTE oportunidad_facts_sql('SELECT patient_id, specialty_id, scheduled_at FROM appointments') USING z;
  EXECUTE patient_visit_days_sql('SELECT patient_id FROM appointments') USING z;
END $$;
