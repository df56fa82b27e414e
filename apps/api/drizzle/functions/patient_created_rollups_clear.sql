-- The current version, applied after the migrations (decision 046); before it, last in migration 0033.
CREATE OR REPLACE FUNCTION patient_created_rollups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_created_day_rollups;
  RETURN NULL;
END $$;
