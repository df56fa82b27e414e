-- The current version, applied after the migrations (decision 046); before it, last in migration 0024.
CREATE OR REPLACE FUNCTION specialty_indicator_default(p_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE lower(btrim(p_name))
    WHEN 'medicina general' THEN 'P.3.1' WHEN 'odontología general' THEN 'P.3.2' WHEN 'odontologia general' THEN 'P.3.2'
    WHEN 'medicina interna' THEN 'P.3.3' WHEN 'pediatría' THEN 'P.3.4' WHEN 'pediatria' THEN 'P.3.4'
    WHEN 'ginecología' THEN 'P.3.5' WHEN 'ginecologia' THEN 'P.3.5' WHEN 'obstetricia' THEN 'P.3.6'
    WHEN 'cirugía general' THEN 'P.3.7' WHEN 'cirugia general' THEN 'P.3.7' END
$$;
