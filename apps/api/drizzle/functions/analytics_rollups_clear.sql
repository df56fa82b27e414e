-- The current version, applied after the migrations (decision 046); before it, last in migration 0034.
CREATE OR REPLACE FUNCTION analytics_rollups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rollups_empty();
  RETURN NULL;
END $$;
