-- The current version, applied after the migrations (decision 046); before it, last in migration 0000.
-- unaccent() is only STABLE; an IMMUTABLE wrapper with the dictionary named lets it back an index.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
