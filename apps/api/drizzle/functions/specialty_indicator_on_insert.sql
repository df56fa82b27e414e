-- The current version, applied after the migrations (decision 046); before it, last in migration 0024.
-- A specialty created later with one of those names starts mapped too (the demo seed, a new clinic's catalogue).
CREATE OR REPLACE FUNCTION specialty_indicator_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF specialty_indicator_default(NEW.name) IS NOT NULL THEN
    INSERT INTO specialty_indicators (specialty_id, indicator) VALUES (NEW.id, specialty_indicator_default(NEW.name))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
