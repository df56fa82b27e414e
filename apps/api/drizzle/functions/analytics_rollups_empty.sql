-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
-- Empties every rollup of appointments (migrations 0030, 0033 and this one); the facts and visit days have their own
-- clear and rebuild (appointment_facts_clear, appointment_facts_rebuild).
CREATE OR REPLACE FUNCTION analytics_rollups_empty() RETURNS void LANGUAGE plpgsql AS $$
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
