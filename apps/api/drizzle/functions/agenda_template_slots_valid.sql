-- The current version, applied after the migrations (decision 046); before it, last in migration 0026.
-- Decision 035. Agenda templates (spec part 2 §2 "Agenda templates", §3, §5): a weekly pattern (days 1–7, Monday
-- is 1, and time slots with a capacity) that generates agendas over a date range. The rules of §5 live in the
-- shared zod schema for the friendly message and here so that no writer can store a broken template. A generated
-- agenda remembers its template (availabilities.template_id) for the per-template analytics; deleting a template
-- keeps its agendas.
CREATE OR REPLACE FUNCTION "agenda_template_slots_valid"(slots jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_typeof(slots) = 'array'
      AND jsonb_array_length(slots) BETWEEN 1 AND 24
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(slots) AS s(v)
        WHERE jsonb_typeof(s.v) <> 'object'
          OR coalesce(s.v->>'start', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
          OR coalesce(s.v->>'end', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
          OR (s.v->>'start') >= (s.v->>'end')
          OR CASE WHEN jsonb_typeof(s.v->'capacity') = 'number'
               THEN NOT ((s.v->>'capacity')::numeric BETWEEN 1 AND 50 AND (s.v->>'capacity')::numeric % 1 = 0)
               ELSE true END
      )
  $$;
