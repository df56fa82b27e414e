-- The current version, applied after the migrations (decision 046); before it, last in migration 0007.
-- Keeps patient_counts exact: one aggregated upsert per statement (transition tables), so a bulk insert costs one
-- pass and a single-row change touches at most two counter rows. Rows are upserted in key order, so two
-- transactions never take the same counter rows in opposite orders (no deadlock between them).
CREATE OR REPLACE FUNCTION patient_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS c (status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, n)
    SELECT status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT patient_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_counts AS c (status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, n)
    SELECT status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT patient_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- An update moves a patient between combinations only when a counted column changed; others net to zero.
    INSERT INTO patient_counts AS c (status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, n)
    SELECT status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, sum(d)
      FROM (
        SELECT status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, -1 FROM old_rows
      ) moved
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT patient_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
