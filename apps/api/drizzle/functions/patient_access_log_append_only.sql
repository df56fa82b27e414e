-- The current version, applied after the migrations (decision 046); before it, last in migration 0017.
CREATE OR REPLACE FUNCTION patient_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'patient_access_log es de solo inserción';
END
$$;
