-- The current version, applied after the migrations (decision 046); before it, last in migration 0009.
CREATE OR REPLACE FUNCTION patient_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_counts;
  DELETE FROM patient_birth_counts;
  DELETE FROM patient_profile_counts;
  RETURN NULL;
END $$;
